import { Eye, EyeOff } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MEMORY_RATINGS, firstLetters, typingAccuracy } from '#shared/values/memory.ts';
import type { MemoryVerse } from '#shared/schemas/memory.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import { useReviewVerse } from './api.ts';

type Mode = 'reveal' | 'letters' | 'type';

/** Practises one verse (reveal, first letters or typing it), then rates the recall. */
export function PracticePanel({ verse, onDone }: { verse: MemoryVerse; onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<Mode>('reveal');
  const [shown, setShown] = useState(false);
  const [typed, setTyped] = useState('');
  const [accuracy, setAccuracy] = useState<number | null>(null);
  const review = useReviewVerse(verse, onDone);
  return (
    <Card className="grid gap-4 border-brand-200">
      <h2 className="font-serif text-2xl text-brand-950">
        {t('memory.practiceTitle', { reference: verse.reference })}
      </h2>
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
      <div
        role="tabpanel"
        className="grid gap-3"
        lang={verse.translation === 'RV1909' ? 'es' : 'en'}
      >
        {mode === 'reveal' ? (
          <>
            <p
              className={cn(
                'min-h-16 font-serif text-xl leading-relaxed',
                shown
                  ? 'text-slate-900'
                  : 'select-none text-transparent [text-shadow:0_0_12px_rgb(15_29_49/0.45)]',
              )}
              aria-hidden={!shown}
            >
              {verse.text}
            </p>
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
          <p className="font-mono text-xl tracking-wide text-slate-900">
            {firstLetters(verse.text)}
          </p>
        ) : (
          <>
            <label htmlFor="type-verse" className="text-sm font-medium text-slate-800">
              {t('memory.typeLabel')}
            </label>
            <textarea
              id="type-verse"
              rows={4}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              className={`${inputClass} resize-y`}
            />
            <Button
              variant="outline"
              className="w-fit"
              onClick={() => setAccuracy(typingAccuracy(verse.text, typed))}
            >
              {t('memory.check')}
            </Button>
            {accuracy !== null ? (
              <div role="status" className="grid gap-2 rounded-xl bg-brand-50 p-3">
                <p className="font-semibold text-brand-900">
                  {t('memory.accuracy', { percent: Math.round(accuracy * 100) })}
                </p>
                <p className="font-serif text-slate-800">{verse.text}</p>
              </div>
            ) : null}
          </>
        )}
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
