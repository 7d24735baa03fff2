import StickyNote from 'lucide-react/icons/sticky-note';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Verse } from '#shared/schemas/bible.ts';
import { cn } from '../lib/cn.ts';

export const verseKey = (v: Pick<Verse, 'book' | 'chapter' | 'verse'>) =>
  `${v.book}.${v.chapter}.${v.verse}`;

interface Props {
  verses: Verse[];
  /** Show "chapter:verse" numbers (passages over several chapters) instead of verse numbers. */
  withChapters?: boolean;
  selected?: ReadonlySet<string>;
  onToggle?: (verse: Verse) => void;
  highlight?: string | null;
  lang?: string;
  /** Smaller type, for side-by-side columns. */
  compact?: boolean;
  /** The second language beside the first: a quieter colour. */
  quiet?: boolean;
  /** Before each verse's key (selection, element id): two texts of one place on a page. */
  keyPrefix?: string;
  /** A verse's number as shown, when not the default. */
  numberOf?: (verse: Verse) => string;
  className?: string;
}

/** Scripture as readable text; verses become toggle buttons when selection is enabled. */
export function PassageText({
  verses,
  withChapters,
  selected,
  onToggle,
  highlight,
  lang,
  compact,
  quiet,
  keyPrefix = '',
  numberOf,
  className,
}: Props) {
  const { t } = useTranslation();
  // The verses whose translator's notes are open (a marker after the verse opens them in place).
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggleNotes = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  return (
    <div
      lang={lang}
      className={cn(
        'font-serif leading-relaxed',
        quiet ? 'text-slate-600' : 'text-slate-900',
        compact ? 'text-base' : 'text-lg sm:text-xl sm:leading-relaxed',
        className,
      )}
    >
      {verses.map((v) => {
        const key = keyPrefix + verseKey(v);
        const isSelected = selected?.has(key) ?? false;
        const number = numberOf
          ? numberOf(v)
          : withChapters
            ? `${v.chapter}:${v.verse}`
            : String(v.verse);
        const body = (
          <>
            <sup className="mr-1 select-none font-sans text-xs font-semibold text-brand-700">
              {number}
            </sup>
            {v.text}{' '}
          </>
        );
        return (
          <span key={key} id={`v-${key}`} className="scroll-mt-24">
            {v.heading ? (
              <span className="my-2 block font-sans text-sm italic text-slate-600">
                {v.heading}
              </span>
            ) : null}
            {onToggle ? (
              <button
                type="button"
                aria-pressed={isSelected}
                onClick={() => onToggle(v)}
                // The look follows aria-pressed: a verse chosen before the app has the page shows
                // chosen at once (src/delivery/browser/previews.ts).
                className={cn(
                  'inline rounded text-left align-baseline transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-pressed:bg-gold-400/40 aria-pressed:underline aria-pressed:decoration-gold-500 aria-pressed:decoration-2 aria-pressed:underline-offset-4 not-aria-pressed:hover:bg-brand-50',
                  highlight === key && 'not-aria-pressed:bg-gold-300/40',
                )}
              >
                {body}
              </button>
            ) : (
              body
            )}
            {v.notes?.length ? (
              <>
                <button
                  type="button"
                  aria-expanded={open.has(key)}
                  aria-controls={`n-${key}`}
                  aria-label={t('translations.notes.toggle', {
                    count: v.notes.length,
                    verse: number,
                  })}
                  onClick={() => toggleNotes(key)}
                  className="mx-1 inline-flex items-center gap-1 rounded-full border border-brand-200 px-2 py-0.5 align-middle font-sans text-xs font-medium text-brand-800 hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 aria-expanded:bg-brand-50"
                >
                  <StickyNote className="size-3" aria-hidden />
                  {t('translations.notes.label', { count: v.notes.length })}
                </button>{' '}
                {open.has(key) ? (
                  <span
                    id={`n-${key}`}
                    role="note"
                    className="my-2 block rounded-xl bg-slate-50 px-3 py-2 font-sans text-sm leading-6 text-slate-700"
                  >
                    {v.notes.map((note, i) => (
                      <span key={i} className="block">
                        {note}
                      </span>
                    ))}
                  </span>
                ) : null}
              </>
            ) : null}
          </span>
        );
      })}
    </div>
  );
}
