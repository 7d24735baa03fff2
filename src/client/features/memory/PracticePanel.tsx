import Eye from 'lucide-react/icons/eye';
import EyeOff from 'lucide-react/icons/eye-off';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MEMORY_PRACTICE_IN,
  MEMORY_RATINGS,
  firstLetters,
  typingAccuracy,
  type MemoryPracticeIn,
} from '#shared/values/memory.ts';
import type { MemoryVerse } from '#shared/schemas/memory.ts';
import { counterpartOf, translationLanguage } from '#shared/values/bible.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { useAuth } from '../../hooks/useAuth.ts';
import { cn } from '../../lib/cn.ts';
import { usePracticeIn, useReviewVerse } from './api.ts';

type Mode = 'reveal' | 'letters' | 'type';

/** One text of the verse: in its own translation or in its pair's. */
interface Text {
  key: 'own' | 'pair';
  translation: string;
  language: 'en' | 'es';
  reference: string;
  text: string;
}

function textsOf(verse: MemoryVerse) {
  const own: Text = {
    key: 'own',
    translation: verse.translation,
    language: translationLanguage(verse.translation),
    reference: verse.reference,
    text: verse.text,
  };
  const pair: Text | null = verse.pair ? { key: 'pair', ...verse.pair } : null;
  const practised =
    verse.practiceIn === 'pair' && pair
      ? [pair]
      : verse.practiceIn === 'both' && pair
        ? [own, pair]
        : [own];
  // After the answer, the card shows the verse in the language not practised.
  const other = practised.length === 1 ? (practised[0] === own ? pair : own) : null;
  return { own, pair, practised, other };
}

/**
 * Practises one verse (reveal, first letters or typing it), then rates the recall. A verse can be
 * practised in its own translation, its pair in the other language, or both (issue 26); after
 * the answer the card shows the other language.
 */
export function PracticePanel({
  verse: given,
  onDone,
}: {
  verse: MemoryVerse;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [verse, setVerse] = useState(given);
  const [mode, setMode] = useState<Mode>('reveal');
  const [shown, setShown] = useState(false);
  const [typed, setTyped] = useState<Record<string, string>>({});
  const [accuracy, setAccuracy] = useState<Record<string, number> | null>(null);
  const review = useReviewVerse(verse, onDone);
  const practiceIn = usePracticeIn(verse, (saved) => {
    setVerse(saved);
    setShown(false);
    setAccuracy(null);
  });
  const { own, pair, practised, other } = textsOf(verse);
  const pairCode =
    pair?.translation ??
    counterpartOf(
      verse.translation,
      user?.preferences.bibleTranslation ?? '',
      user?.preferences.spanishBible,
    );
  const answered = mode === 'reveal' ? shown : mode === 'type' ? accuracy !== null : false;
  const labelOf = (choice: MemoryPracticeIn) =>
    choice === 'own' ? own.translation : choice === 'pair' ? pairCode : t('memory.practiceIn.both');

  return (
    <Card className="grid gap-4 border-brand-200">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('memory.practiceTitle', { reference: verse.reference })}
      </h2>
      <div
        role="group"
        aria-label={t('memory.practiceIn.label')}
        className="flex flex-wrap items-center gap-2"
      >
        <span className="text-sm font-medium text-slate-700">{t('memory.practiceIn.label')}</span>
        <div className="flex flex-wrap gap-1 rounded-xl bg-slate-100 p-1">
          {MEMORY_PRACTICE_IN.map((choice) => (
            <button
              key={choice}
              type="button"
              aria-pressed={verse.practiceIn === choice}
              disabled={practiceIn.isPending}
              onClick={() => {
                if (choice !== verse.practiceIn) practiceIn.mutate(choice);
              }}
              className={cn(
                'rounded-lg px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60',
                verse.practiceIn === choice
                  ? 'bg-white text-brand-900 shadow-sm'
                  : 'text-slate-700 hover:bg-white/60',
              )}
            >
              {labelOf(choice)}
            </button>
          ))}
        </div>
      </div>
      <div role="tablist" aria-label={t('memory.practice')} className="flex flex-wrap gap-1">
        {(['reveal', 'letters', 'type'] as const).map((m) => (
          <button
            key={m}
            role="tab"
            type="button"
            aria-selected={mode === m}
            onClick={() => {
              setMode(m);
              setShown(false);
              setAccuracy(null);
            }}
            className={cn(
              'rounded-xl px-4 py-2 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500',
              mode === m ? 'bg-brand-700 text-white' : 'text-slate-700 hover:bg-slate-100',
            )}
          >
            {t(`memory.modes.${m}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" className="grid gap-3">
        {mode === 'reveal' ? (
          <>
            {practised.map((text) => (
              <p
                key={text.key}
                lang={text.language}
                className={cn(
                  'min-h-16 font-serif text-xl leading-relaxed',
                  shown
                    ? 'text-slate-900'
                    : 'select-none text-transparent [text-shadow:0_0_12px_rgb(15_29_49/0.45)]',
                )}
                aria-hidden={!shown}
              >
                {text.text}
              </p>
            ))}
            <Button variant="outline" className="w-fit" onClick={() => setShown((s) => !s)}>
              {shown ? (
                <EyeOff className="size-4" aria-hidden />
              ) : (
                <Eye className="size-4" aria-hidden />
              )}{' '}
              {shown ? t('memory.hide') : t('memory.show')}
            </Button>
          </>
        ) : mode === 'letters' ? (
          practised.map((text) => (
            <p
              key={text.key}
              lang={text.language}
              className="font-mono text-xl tracking-wide text-slate-900"
            >
              {firstLetters(text.text)}
            </p>
          ))
        ) : (
          <>
            {practised.map((text) => (
              <div key={text.key} className="grid gap-2">
                <label
                  htmlFor={`type-verse-${text.key}`}
                  className="text-sm font-medium text-slate-800"
                >
                  {practised.length > 1
                    ? t('memory.typeLabelIn', { code: text.translation })
                    : t('memory.typeLabel')}
                </label>
                <textarea
                  id={`type-verse-${text.key}`}
                  lang={text.language}
                  rows={4}
                  value={typed[text.key] ?? ''}
                  onChange={(e) => {
                    const value = e.target.value;
                    setTyped((all) => ({ ...all, [text.key]: value }));
                  }}
                  className={`${inputClass} resize-y`}
                />
              </div>
            ))}
            <Button
              variant="outline"
              className="w-fit"
              onClick={() =>
                setAccuracy(
                  Object.fromEntries(
                    practised.map((text) => [
                      text.key,
                      typingAccuracy(text.text, typed[text.key] ?? ''),
                    ]),
                  ),
                )
              }
            >
              {t('memory.check')}
            </Button>
            {accuracy !== null ? (
              <div role="status" className="grid gap-3 rounded-xl bg-brand-50 p-3">
                {practised.map((text) => (
                  <div key={text.key} className="grid gap-1">
                    <p className="font-semibold text-brand-900">
                      {practised.length > 1 ? `${text.translation}: ` : ''}
                      {t('memory.accuracy', {
                        percent: Math.round((accuracy[text.key] ?? 0) * 100),
                      })}
                    </p>
                    <p lang={text.language} className="font-serif text-slate-800">
                      {text.text}
                    </p>
                  </div>
                ))}
              </div>
            ) : null}
          </>
        )}
        {answered && other ? (
          <figure className="grid gap-1 border-l-2 border-brand-100 pl-3">
            <blockquote lang={other.language} className="font-serif leading-relaxed text-slate-600">
              {other.text}
            </blockquote>
            <figcaption className="text-sm text-slate-500">
              {other.reference} ({other.translation})
            </figcaption>
          </figure>
        ) : null}
      </div>
      <div className="grid gap-2 border-t border-slate-200 pt-4">
        <p className="text-sm font-medium text-slate-800">{t('memory.rateTitle')}</p>
        <div className="grid grid-cols-2 gap-2 sm:grid-cols-4">
          {MEMORY_RATINGS.map((r) => (
            <Button
              key={r}
              variant={r === 'again' ? 'outline' : r === 'good' ? 'primary' : 'secondary'}
              disabled={review.isPending}
              onClick={() => review.mutate(r)}
            >
              {t(`memory.ratings.${r}`)}
            </Button>
          ))}
        </div>
      </div>
    </Card>
  );
}
