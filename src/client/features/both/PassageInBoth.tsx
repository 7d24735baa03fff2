import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassageInBoth as PassageInBothData, Verse } from '#shared/schemas/bible.ts';
import { counterpartOf, translationLanguage } from '#shared/values/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { cn } from '../../lib/cn.ts';
import { PassageText } from '../../components/PassageText.tsx';
import { referenceIn } from '../../lib/verse-reference.ts';

/** The passage with its counterpart: the key is its URL (the default loader fetches it). */
export const passageInBothKey = (reference: string, translation: string, second: string) =>
  [
    `/api/bible/passage?ref=${encodeURIComponent(reference)}&translation=${translation}&parallel=${second}`,
  ] as const;

/**
 * A passage verse by verse in two languages: each verse (or verses the map pairs) followed by
 * its counterpart, quieter, each in its own `lang` so a screen reader switches voice. The caption
 * names the place once ("Juan 3:16 (RV1909 · KJV)"), or both places where the map pairs verses
 * of other numbers.
 */
export default function PassageInBoth({
  reference,
  translation,
  large,
  captioned = true,
  children,
}: {
  reference: string;
  translation: string;
  large?: boolean | undefined;
  /** Name both references under the passage (off where a heading already names it). */
  captioned?: boolean | undefined;
  children: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const { user } = useAuth();
  const second = counterpartOf(
    translation,
    user?.preferences.bibleTranslation ?? 'KJV',
    user?.preferences.spanishBible,
  );
  const query = useQuery<PassageInBothData>({
    queryKey: passageInBothKey(reference, translation, second),
  });
  const parallel = query.data?.parallel;
  if (!query.data || !parallel) {
    return (
      <>
        {children}
        {query.isError ? (
          <p role="alert" className="flex flex-wrap items-center gap-2 text-sm text-red-700">
            {t('inBoth.failed', { code: second })}
            <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </p>
        ) : (
          <p role="status" className="text-sm text-slate-500">
            {t('inBoth.loading', { code: second })}
          </p>
        )}
      </>
    );
  }
  const firstLang = translationLanguage(query.data.translation);
  const a = parallel.rows.flatMap((r) => r.a);
  const b = parallel.rows.flatMap((r) => r.b);
  const several = parallel.rows.length > 1;
  // Book names follow the interface language; both are named where the map pairs other numbers.
  const uiLang = i18n.language === 'es' ? 'es' : 'en';
  const firstReference = a.length > 0 ? referenceIn(a, uiLang) : reference;
  const secondReference = b.length > 0 ? referenceIn(b, uiLang) : null;
  const chapterOf = a[0]?.chapter;
  const numberOf = (v: Verse) =>
    v.chapter === chapterOf ? String(v.verse) : `${v.chapter}:${v.verse}`;
  return (
    <div
      role="group"
      aria-label={t('inBoth.group', {
        first: query.data.translation,
        second: parallel.translation,
      })}
      className="grid gap-1"
    >
      {parallel.rows.map((row) => (
        <div key={[...row.a, ...row.b].map((v) => `${v.book}.${v.chapter}.${v.verse}`).join()}>
          {row.a.length > 0 ? (
            <Side
              verses={row.a}
              lang={firstLang}
              large={large}
              numbered={several}
              numberOf={numberOf}
            />
          ) : (
            <p className="font-sans text-sm italic text-slate-500">
              {t('inBoth.missing', { code: query.data.translation })}
            </p>
          )}
          {row.b.length > 0 ? (
            <Side
              verses={row.b}
              lang={parallel.language}
              quiet
              numbered={several}
              numberOf={numberOf}
            />
          ) : (
            <p className="mb-2 border-l-2 border-brand-100 pl-3 font-sans text-sm italic text-slate-500">
              {t('inBoth.missing', { code: parallel.translation })}
            </p>
          )}
        </div>
      ))}
      {captioned ? (
        <p className="text-sm font-semibold text-brand-800">
          {firstReference === secondReference || !secondReference ? (
            <>
              {firstReference}{' '}
              <span className="font-normal text-slate-500">
                ({query.data.translation}
                {secondReference ? ` · ${parallel.translation}` : ''})
              </span>
            </>
          ) : (
            <>
              {firstReference}{' '}
              <span className="font-normal text-slate-500">({query.data.translation})</span>
              {' · '}
              {secondReference}{' '}
              <span className="font-normal text-slate-500">({parallel.translation})</span>
            </>
          )}
        </p>
      ) : null}
    </div>
  );
}

function Side({
  verses,
  lang,
  large,
  quiet,
  numbered,
  numberOf,
}: {
  verses: Verse[];
  lang: 'en' | 'es';
  large?: boolean | undefined;
  quiet?: boolean | undefined;
  numbered: boolean;
  numberOf: (v: Verse) => string;
}) {
  if (!numbered) {
    return (
      <p
        lang={lang}
        className={cn(
          'font-serif leading-relaxed',
          quiet
            ? 'mb-2 mt-1 border-l-2 border-brand-100 pl-3 text-slate-600'
            : large
              ? 'text-xl text-brand-950'
              : 'text-slate-800',
        )}
      >
        {verses.map((v) => v.text).join(' ')}
      </p>
    );
  }
  return (
    <PassageText
      verses={verses}
      lang={lang}
      compact={!large}
      quiet={quiet}
      numberOf={numberOf}
      className={cn('py-1', quiet && 'mb-2 border-l-2 border-brand-100 pl-3')}
    />
  );
}
