import { translationLanguage } from '#shared/values/bible.ts';
import { TranslationCredit } from '../../components/TranslationCredit.tsx';
import Sparkles from 'lucide-react/icons/sparkles';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/Button.tsx';
import { AddMemoryVerseDialog } from '../memory/index.ts';
import { InBoth } from '../both/index.ts';
import type { Scripture } from './api.ts';

/**
 * A lesson's scripture, with "Memorize" to add it to the memory verses; with the other language's
 * translation verse by verse when the member chose "show in both languages" (issue 26).
 */
export function ScriptureBlock({ s, large }: { s: Scripture; large?: boolean }) {
  const { t } = useTranslation();
  const [adding, setAdding] = useState(false);
  const shown = (
    <>
      <blockquote
        className={
          large
            ? 'font-serif text-xl leading-relaxed text-brand-950'
            : 'font-serif leading-relaxed text-slate-800'
        }
      >
        {s.text ?? (
          <span className="font-sans text-sm text-slate-500">
            {t('courses.lesson.textUnavailable')}
          </span>
        )}
      </blockquote>
      <figcaption className="text-sm font-semibold text-brand-800">
        {s.reference}{' '}
        {s.translation ? (
          <span className="font-normal text-slate-500">
            {t('courses.lesson.translation', { code: s.translation })}
          </span>
        ) : null}
      </figcaption>
    </>
  );
  return (
    <figure
      className="grid gap-1"
      lang={s.translation ? translationLanguage(s.translation) : undefined}
    >
      {s.text && s.translation ? (
        <InBoth reference={s.reference} translation={s.translation} large={large}>
          {shown}
        </InBoth>
      ) : (
        shown
      )}
      {s.text ? (
        <Button
          size="sm"
          variant="ghost"
          className="w-fit px-2 text-brand-700"
          onClick={() => setAdding(true)}
        >
          <Sparkles className="size-4" aria-hidden /> {t('courses.lesson.memorize')}
        </Button>
      ) : null}
      {adding ? (
        <AddMemoryVerseDialog
          open
          onOpenChange={setAdding}
          reference={s.reference}
          translation={s.translation ?? undefined}
          failureTitleKey="courses.errors.addScripture"
        />
      ) : null}
      <TranslationCredit code={s.translation} />
    </figure>
  );
}
