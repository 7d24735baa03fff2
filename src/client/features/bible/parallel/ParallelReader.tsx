import { useEffect, useState } from 'react';
import { TranslationCredit, creditText } from '../../../components/TranslationCredit.tsx';
import { useTranslation } from 'react-i18next';
import type { ParallelRow, Verse } from '#shared/schemas/bible.ts';
import { Button } from '../../../components/ui/Button.tsx';
import { Card } from '../../../components/ui/Card.tsx';
import { cn } from '../../../lib/cn.ts';
import { errorMessage } from '../../../lib/queryClient.ts';
import { ChapterHeading } from '../ChapterText.tsx';
import { PassageText, verseKey } from '../../../components/PassageText.tsx';
import type { ReaderTarget } from '../ReaderControls.tsx';
import { SelectionToolbar } from '../SelectionToolbar.tsx';
import { referenceIn } from '../../../lib/verse-reference.ts';
import { useParallelChapter } from './api.ts';

type Side = 'a' | 'b';

/** Rows laid out at once, then per turn (see ParallelChapterView). */
const FIRST_ROWS = 24;
const MORE_ROWS = 16;

/**
 * A chapter in two translations, verse beside verse (issue 26, ADR 0053). One list of rows:
 * from 768 px two columns whose rows line up (a CSS grid); on a phone the same cells one under
 * the other, each verse followed by its counterpart, quieter. Each cell says its language.
 * Verses of either text can be selected; copying a pair copies both with both references.
 */
export function ParallelReader(props: Props) {
  // A new place starts with nothing selected.
  const { first, second, book, chapter } = props;
  return <ParallelChapterView key={`${first}|${second}|${book}|${chapter}`} {...props} />;
}

interface Props {
  first: string;
  second: string;
  book: string;
  chapter: number;
  highlight: string | null;
  onGo: (next: ReaderTarget) => void;
}

function ParallelChapterView({ first, second, book, chapter, highlight, onGo }: Props) {
  const { t } = useTranslation();
  const data = useParallelChapter(first, second, book, chapter);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const answer = data.data;
  const rowCount = answer?.rows.length ?? 0;
  // A long chapter (Psalm 119: 352 verses) is laid out a slice at a time, so no one task keeps a
  // phone busy for long: the first rows (through the verse asked for) at once, the rest in the
  // next turns, below what is on screen (nothing moves).
  const wanted = highlight
    ? (answer?.rows.findIndex((r) => r.a.some((v) => verseKey(v) === highlight)) ?? -1)
    : -1;
  const [shown, setShown] = useState(FIRST_ROWS);
  const visible = Math.max(shown, wanted + FIRST_ROWS);
  useEffect(() => {
    if (visible >= rowCount) return;
    const timer = setTimeout(() => setShown(visible + MORE_ROWS), 0);
    return () => clearTimeout(timer);
  }, [visible, rowCount]);

  useEffect(() => {
    if (highlight && answer)
      document.getElementById(`v-a:${highlight}`)?.scrollIntoView({ block: 'center' });
  }, [highlight, answer]);

  const toggle = (side: Side) => (v: Verse) =>
    setSelected((s) => {
      const next = new Set(s);
      const key = `${side}:${verseKey(v)}`;
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  const picked = (side: Side) =>
    (answer?.rows ?? [])
      .flatMap((r) => r[side])
      .filter((v) => selected.has(`${side}:${verseKey(v)}`));
  const pickedA = picked('a');
  const pickedB = picked('b');
  const lead = pickedA.length > 0 ? 'a' : 'b';
  const sides = answer ? { a: answer.first, b: answer.second } : undefined;
  const copyPair = () => {
    const text = (vs: Verse[]) => vs.map((v) => `${v.verse} ${v.text}`).join(' ');
    const a = answer!.first;
    const b = answer!.second;
    return `${text(pickedA)}\n${text(pickedB)}\n— ${referenceIn(pickedA, a.language)} (${a.translation}) / ${referenceIn(pickedB, b.language)} (${b.translation})${creditText(t, [a.translation, b.translation])}`;
  };

  return (
    <>
      <Card>
        <ChapterHeading
          book={book}
          chapter={chapter}
          translations={
            answer ? `${answer.first.translation} · ${answer.second.translation}` : undefined
          }
          previous={answer?.previous}
          next={answer?.next}
          onGo={onGo}
        />
        {data.isLoading ? (
          <p role="status" className="min-h-[70svh] text-slate-600">
            {t('bible.parallel.loading')}
          </p>
        ) : data.isError ? (
          <div role="alert" className="grid gap-2">
            <p className="text-red-700">{errorMessage(data.error, t)}</p>
            <Button variant="outline" className="w-fit" onClick={() => void data.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : answer && sides ? (
          <div
            role="group"
            aria-label={t('bible.parallel.columns', {
              first: sides.a.translation,
              second: sides.b.translation,
            })}
            className="grid grid-cols-1 md:grid-cols-2 md:gap-x-8"
          >
            {(['a', 'b'] as const).map((side) => (
              <p
                key={side}
                lang={sides[side].language}
                className="mb-2 hidden border-b border-slate-200 pb-2 font-sans text-sm font-semibold text-slate-600 md:block"
              >
                {sides[side].translation}
              </p>
            ))}
            {answer.rows.slice(0, visible).map((row) => (
              <Row
                key={rowKey(row)}
                row={row}
                chapter={chapter}
                sides={sides}
                selected={selected}
                highlight={highlight}
                onToggle={toggle}
              />
            ))}
          </div>
        ) : null}
        {sides
          ? (['a', 'b'] as const).map((side) => (
              <TranslationCredit key={side} code={sides[side].translation} className="mt-4" />
            ))
          : null}
      </Card>
      <SelectionToolbar
        selectedVerses={lead === 'a' ? pickedA : pickedB}
        shown={sides?.[lead].translation}
        translation={first}
        onClear={() => setSelected(new Set())}
        {...(pickedA.length > 0 && pickedB.length > 0 ? { copyText: copyPair } : {})}
      />
    </>
  );
}

const rowKey = (row: ParallelRow) =>
  `${row.a.map((v) => `a${verseKey(v)}`).join()}|${row.b.map((v) => `b${verseKey(v)}`).join()}`;

/** One row: its verses of each text, or a quiet note where a text has none here. */
function Row({
  row,
  chapter,
  sides,
  selected,
  highlight,
  onToggle,
}: {
  row: ParallelRow;
  chapter: number;
  sides: Record<Side, { translation: string; language: 'en' | 'es' }>;
  selected: ReadonlySet<string>;
  highlight: string | null;
  onToggle: (side: Side) => (v: Verse) => void;
}) {
  const { t } = useTranslation();
  return (['a', 'b'] as const).map((side) => {
    const verses = row[side];
    const quiet = side === 'b';
    const place = cn(
      'py-1.5 md:border-t md:border-slate-100',
      quiet && 'max-md:mb-2 max-md:border-l-2 max-md:border-brand-100 max-md:pl-3',
    );
    if (verses.length === 0) {
      return (
        <p key={side} className={cn(place, 'font-sans text-sm italic text-slate-500')}>
          {t('bible.parallel.missing', { code: sides[side].translation })}
        </p>
      );
    }
    return (
      <PassageText
        key={side}
        verses={verses}
        lang={sides[side].language}
        keyPrefix={`${side}:`}
        selected={selected}
        highlight={side === 'a' && highlight ? `a:${highlight}` : null}
        onToggle={onToggle(side)}
        numberOf={(v) => (v.chapter === chapter ? String(v.verse) : `${v.chapter}:${v.verse}`)}
        compact
        className={cn(place, 'md:text-lg', quiet ? 'max-md:text-slate-600' : 'max-md:text-lg')}
      />
    );
  });
}
