import { useQuery } from '@tanstack/react-query';
import ArrowLeft from 'lucide-react/icons/arrow-left';
import { Suspense, lazy, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PassageWords, TaggedWord } from '#shared/schemas/bible.ts';
import { translationLanguage } from '#shared/values/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Looking, LookupFailed } from './Paged.tsx';
import { ReaderPanel } from './ReaderPanel.tsx';

export interface WordStudyDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The selected verses ("Juan 3:16") and the tagged text they are read in (KJV or RV1909). */
  reference: string;
  translation: string;
  /** A verse was followed: the reader shows its place (and the panel closes). */
  onFollow: () => void;
}

/** The card's code comes when a word is first chosen (or reached for: a press, the focus). */
const loadCard = () => import('./WordCard.tsx');
const WordCard = lazy(loadCard);

export const passageWordsUrl = (reference: string, translation: string) =>
  `/api/bible/words?ref=${encodeURIComponent(reference)}&translation=${translation}`;

/** A text with its tagged words as buttons: each opens the card of its number. */
function TaggedText({
  text,
  words,
  entries,
  lang,
  onChoose,
}: {
  text: string;
  words: readonly TaggedWord[];
  entries: PassageWords['entries'];
  lang: 'en' | 'es';
  onChoose: (number: string, button: HTMLButtonElement) => void;
}) {
  const { t } = useTranslation();
  const parts: ReactNode[] = [];
  let at = 0;
  for (const [i, word] of words.entries()) {
    if (word.start > at) parts.push(text.slice(at, word.start));
    const number = word.numbers[0]!;
    const entry = entries[number];
    const shown = text.slice(word.start, word.end);
    parts.push(
      <button
        key={i}
        type="button"
        data-word={word.numbers.join(' ')}
        aria-label={t('words.wordLabel', {
          word: shown,
          lemma: entry ? `${entry.lemma} (${entry.translit})` : '',
          number: word.numbers.join(', '),
        })}
        onPointerDown={() => void loadCard()}
        onFocus={() => void loadCard()}
        onClick={(event) => onChoose(number, event.currentTarget)}
        className="rounded-sm text-inherit underline decoration-brand-300 decoration-dotted decoration-2 underline-offset-4 hover:bg-brand-50 hover:decoration-brand-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        {shown}
      </button>,
    );
    at = word.end;
  }
  if (at < text.length) parts.push(text.slice(at));
  return (
    <span lang={lang} className="font-serif text-lg leading-loose text-slate-900">
      {parts}
    </span>
  );
}

/**
 * The reader's "Original words" panel (issue 39 item 2): the selected verses with each word that
 * a Strong's number tags as a button; choosing one shows its card (the Greek or Hebrew word,
 * Strong's definition, how the KJV and the RV1909 render it, where it stands), and "back" returns
 * to the words with the focus on the one chosen. Loaded when first opened.
 */
export default function WordStudyDialog({
  open,
  onOpenChange,
  reference,
  translation,
  onFollow,
}: WordStudyDialogProps) {
  const { t } = useTranslation();
  // The word chosen, for the passage it was chosen in: another passage (or the panel closed and
  // opened again) shows its words first.
  const [choice, setChoice] = useState<{ passage: string; number: string } | null>(null);
  const passage = `${reference}|${translation}`;
  const chosen = open && choice?.passage === passage ? choice.number : null;
  const setChosen = (number: string | null) =>
    setChoice(number === null ? null : { passage, number });
  const backTo = useRef<string | null>(null);
  const list = useRef<HTMLDivElement | null>(null);
  const query = useQuery<PassageWords>({
    queryKey: [passageWordsUrl(reference, translation)],
    enabled: open && reference !== '',
  });
  // Back from a card: the focus returns to the word that opened it.
  useEffect(() => {
    if (chosen !== null || backTo.current === null) return;
    const index = backTo.current;
    backTo.current = null;
    list.current?.querySelectorAll<HTMLButtonElement>('button[data-word]')[Number(index)]?.focus();
  }, [chosen]);

  // The chosen word's place among the verse's word buttons (the list is not shown with a card).
  const chosenIndex = useRef(-1);
  const choose = (number: string, button: HTMLButtonElement) => {
    const buttons = [...(list.current?.querySelectorAll('button[data-word]') ?? [])];
    chosenIndex.current = buttons.indexOf(button);
    setChosen(number);
  };
  const back = () => {
    backTo.current = chosenIndex.current >= 0 ? String(chosenIndex.current) : null;
    setChosen(null);
  };

  const lang = translationLanguage(translation);
  let words: ReactNode;
  if (query.isPending) {
    words = <Looking label={t('words.loading')} />;
  } else if (query.isError) {
    words = <LookupFailed error={query.error} onRetry={() => void query.refetch()} />;
  } else {
    const { verses, entries } = query.data;
    const tagged = verses.some((v) => v.words.length > 0 || v.title);
    words = (
      <div className="grid gap-3">
        <p className="text-sm text-slate-600">{tagged ? t('words.pick') : t('words.untagged')}</p>
        {verses.map((v) => (
          <div key={`${v.book}.${v.chapter}.${v.verse}`} className="grid gap-1">
            {v.title ? (
              <p className="text-sm italic text-slate-700">
                <TaggedText
                  text={v.title.text}
                  words={v.title.words}
                  entries={entries}
                  lang={lang}
                  onChoose={choose}
                />
              </p>
            ) : null}
            <p>
              <sup className="mr-1 select-none font-sans text-xs font-semibold text-brand-700">
                {v.verse}
              </sup>
              <TaggedText
                text={v.text}
                words={v.words}
                entries={entries}
                lang={lang}
                onChoose={choose}
              />
            </p>
          </div>
        ))}
      </div>
    );
  }

  return (
    <ReaderPanel
      open={open}
      onOpenChange={onOpenChange}
      data-word-study=""
      title={t('words.title')}
      description={
        <>
          {t('words.subtitle')} · <span className="font-medium text-slate-800">{reference}</span> ·{' '}
          {translation}
        </>
      }
      closeLabel={t('words.close')}
    >
      <div className="grid content-start gap-4">
        {chosen === null ? (
          <div ref={list}>{words}</div>
        ) : (
          <>
            <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={back}>
              <ArrowLeft className="size-4" aria-hidden /> {t('words.back')}
            </Button>
            <Suspense fallback={<Looking label={t('words.loading')} />}>
              <WordCard number={chosen} translation={translation} onFollow={onFollow} />
            </Suspense>
          </>
        )}
        <p className="border-t border-slate-200 pt-3 text-xs leading-5 text-slate-600">
          {t('words.credit')}
        </p>
      </div>
    </ReaderPanel>
  );
}
