import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { WordEntry, WordOccurrences } from '#shared/schemas/bible.ts';
import {
  WORD_OCCURRENCES_PAGE,
  translationLanguage,
  type TAGGED_TRANSLATIONS,
} from '#shared/values/bible.ts';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import { apiRequest } from '../../lib/queryClient.ts';
import { Looking, LookupFailed, REFERENCE_LINK, usePaged } from './Paged.tsx';
import { Link } from '../../lib/router.tsx';

type Tagged = (typeof TAGGED_TRANSLATIONS)[number];

const wordUrl = (number: string) => `/api/bible/words/${number}`;

/** A word's verses in one text, page by page: the first ones, then the next with each "More". */
function useOccurrences(number: string, translation: Tagged) {
  const { language } = useLanguage();
  return useInfiniteQuery<WordOccurrences>({
    queryKey: [`${wordUrl(number)}/occurrences`, translation, language],
    initialPageParam: 0,
    queryFn: async ({ pageParam }) => {
      const res = await apiRequest(
        'GET',
        `${wordUrl(number)}/occurrences?translation=${translation}&offset=${pageParam as number}&limit=${WORD_OCCURRENCES_PAGE}`,
      );
      return res.json() as Promise<WordOccurrences>;
    },
    getNextPageParam: (last) => {
      const next = last.offset + last.verses.length;
      return last.verses.length > 0 && next < last.total ? next : undefined;
    },
  });
}

/** A verse's text with the words the number tags marked. */
function Marked({ text, marks }: { text: string; marks: readonly [number, number][] }) {
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [start, end] of marks) {
    if (start > at) parts.push(text.slice(at, start));
    parts.push(
      <mark key={start} className="rounded-sm bg-amber-100 px-0.5 text-slate-950">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}

/** The verses of one text where the number stands, with "More". */
function Occurrences({
  number,
  translation,
  onFollow,
}: {
  number: string;
  translation: Tagged;
  onFollow: () => void;
}) {
  const { t } = useTranslation();
  const query = useOccurrences(number, translation);
  const pages = query.data?.pages ?? [];
  const verses = pages.flatMap((p) => p.verses);
  const total = pages[0]?.total ?? 0;
  const lang = translationLanguage(translation);
  const { item, more } = usePaged(
    verses.length,
    query,
    t('words.more', { count: total - verses.length }),
  );

  if (query.isPending) return <Looking label={t('words.loading')} />;
  if (query.isError && verses.length === 0) {
    return <LookupFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (verses.length === 0) {
    return <p className="text-sm text-slate-600">{t('words.none', { translation })}</p>;
  }
  return (
    <div className="grid gap-3">
      <p aria-live="polite" className="text-sm text-slate-600">
        {t('words.shown', { shown: verses.length, total })}
      </p>
      <ol className="grid gap-3">
        {verses.map((v, i) => (
          <li
            key={`${v.book}.${v.chapter}.${v.verse}`}
            className="grid gap-1 border-t border-slate-100 pt-3"
          >
            <Link
              ref={item(i)}
              to={`/bible?t=${translation}&b=${v.book}&c=${v.chapter}&v=${v.verse}`}
              onClick={onFollow}
              title={t('words.open', { reference: v.reference })}
              className={REFERENCE_LINK}
            >
              {v.reference}
            </Link>
            {v.title ? (
              <p lang={lang} className="font-serif text-sm italic text-slate-700">
                <Marked text={v.title.text} marks={v.title.marks} />
              </p>
            ) : null}
            <p lang={lang} className="font-serif text-base leading-relaxed text-slate-900">
              <Marked text={v.text} marks={v.marks} />
            </p>
          </li>
        ))}
      </ol>
      {more}
    </div>
  );
}

/**
 * A Strong's number's card (issue 39 item 2): the word in Greek or Hebrew, its transliteration
 * and number, the team's Spanish gloss (on a Spanish page), Strong's definition (in English,
 * labelled so in Spanish), how each tagged text renders it with counts, and the verses where it
 * stands in either text, page by page, each opening the reader there. The reader's text first.
 */
export default function WordCard({
  number,
  translation,
  onFollow,
}: {
  number: string;
  translation: string;
  onFollow: () => void;
}) {
  const { t, i18n } = useTranslation();
  const spanish = i18n.language === 'es';
  const query = useQuery<WordEntry>({ queryKey: [wordUrl(number)] });
  const texts: Tagged[] = translation === 'KJV' ? ['KJV', 'RV1909'] : ['RV1909', 'KJV'];
  const [occurrencesIn, setOccurrencesIn] = useState<Tagged>(texts[0]!);
  const heading = useRef<HTMLHeadingElement | null>(null);
  // The card takes the focus as it opens (a screen reader reads the word first).
  useEffect(() => {
    if (query.data) heading.current?.focus();
  }, [query.data]);

  if (query.isPending) return <Looking label={t('words.loading')} />;
  if (query.isError) {
    return <LookupFailed error={query.error} onRetry={() => void query.refetch()} />;
  }
  const entry = query.data;
  const hebrew = entry.language === 'hebrew';
  const byText = new Map(entry.renderings.map((r) => [r.translation, r]));
  return (
    <article className="grid gap-5" aria-labelledby={`word-${number}`}>
      <header className="grid gap-1">
        <p className="text-xs font-semibold uppercase tracking-wide text-brand-700">
          {hebrew ? t('words.hebrew') : t('words.greek')} · {t('words.number', { number })}
        </p>
        <h3
          id={`word-${number}`}
          ref={heading}
          tabIndex={-1}
          className="flex flex-wrap items-baseline gap-x-3 gap-y-1 focus:outline-none"
        >
          <span
            lang={hebrew ? 'he' : 'grc'}
            dir={hebrew ? 'rtl' : 'ltr'}
            className="font-serif text-4xl text-brand-950"
          >
            {entry.lemma}
          </span>
          <span className="font-serif text-xl italic text-slate-700">{entry.translit}</span>
        </h3>
        {entry.pron ? (
          <p className="text-sm text-slate-600">{t('words.pronounced', { pron: entry.pron })}</p>
        ) : null}
      </header>

      {spanish && entry.gloss ? (
        <div className="rounded-2xl bg-brand-50 px-4 py-3">
          <p className="text-xs font-semibold uppercase tracking-wide text-brand-800">
            {t('words.gloss')}
          </p>
          <p className="font-serif text-xl text-brand-950">{entry.gloss}</p>
        </div>
      ) : null}

      <section className="grid gap-1">
        <h4 className="text-sm font-semibold text-slate-900">{t('words.definition')}</h4>
        <p lang="en" className="text-sm leading-6 text-slate-700">
          {entry.definition}
        </p>
      </section>

      <section className="grid gap-3">
        {texts.map((code) => {
          const r = byText.get(code);
          return (
            <div key={code} className="grid gap-1.5">
              <h4 className="text-sm font-semibold text-slate-900">
                {t('words.renderedIn', { translation: code })}
              </h4>
              {r && r.count > 0 ? (
                <ul className="flex flex-wrap gap-1.5" lang={translationLanguage(code)}>
                  {r.top.map((x) => (
                    <li
                      key={x.text}
                      className="rounded-full border border-slate-200 bg-white px-3 py-1 text-sm text-slate-800"
                    >
                      {x.text}{' '}
                      <span className="text-slate-500" lang={i18n.language}>
                        ({t('words.renderedCount', { count: x.count })})
                      </span>
                    </li>
                  ))}
                  {r.distinct > r.top.length ? (
                    <li className="px-1 py-1 text-sm text-slate-600" lang={i18n.language}>
                      {t('words.renderedMore', { count: r.distinct - r.top.length })}
                    </li>
                  ) : null}
                </ul>
              ) : (
                <p className="text-sm text-slate-600">
                  {t('words.notRendered', { translation: code })}
                </p>
              )}
            </div>
          );
        })}
      </section>

      <section className="grid gap-3">
        <h4 className="text-sm font-semibold text-slate-900">{t('words.occurrences')}</h4>
        <div role="group" aria-label={t('words.occurrences')} className="flex gap-2">
          {texts.map((code) => (
            <button
              key={code}
              type="button"
              aria-pressed={occurrencesIn === code}
              onClick={() => setOccurrencesIn(code)}
              className={cn(
                'rounded-full border px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
                occurrencesIn === code
                  ? 'border-brand-700 bg-brand-700 text-white'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              )}
            >
              {t('words.occurrencesIn', { translation: code })}
            </button>
          ))}
        </div>
        <Occurrences
          key={occurrencesIn}
          number={number}
          translation={occurrencesIn}
          onFollow={onFollow}
        />
      </section>
    </article>
  );
}
