import BookOpen from 'lucide-react/icons/book-open';
import CalendarCheck from 'lucide-react/icons/calendar-check';
import Library from 'lucide-react/icons/library';
import Play from 'lucide-react/icons/play';
import SignalHigh from 'lucide-react/icons/signal-high';
import SignalLow from 'lucide-react/icons/signal-low';
import SignalMedium from 'lucide-react/icons/signal-medium';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingDifficulty, ReadingPlan } from '#shared/schemas/reading.ts';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import { chaptersPerDay, planName, useDurationLabel } from './api.ts';

const DIFFICULTY = {
  beginner: { icon: SignalLow, className: 'bg-emerald-50 text-emerald-800' },
  intermediate: { icon: SignalMedium, className: 'bg-sky-50 text-sky-800' },
  advanced: { icon: SignalHigh, className: 'bg-violet-50 text-violet-800' },
} as const satisfies Record<ReadingDifficulty, unknown>;

/** One plan to choose: its level, size, a duration and "start" (or "restart" when current). */
export function PlanCard({
  plan,
  current,
  pending,
  onStart,
}: {
  plan: ReadingPlan;
  current: boolean;
  pending: boolean;
  onStart: (duration: number) => void;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const durationLabel = useDurationLabel();
  const selectId = useId();
  const perDayId = useId();
  const [duration, setDuration] = useState(() =>
    plan.durations.includes(plan.suggestedDuration)
      ? plan.suggestedDuration
      : (plan.durations[0] ?? plan.suggestedDuration),
  );
  const integer = new Intl.NumberFormat(language);
  const { icon: LevelIcon, className: levelClass } = DIFFICULTY[plan.difficulty];
  const name = planName(t, plan.id);
  return (
    <Card
      className={cn(
        'flex h-full flex-col gap-3',
        current && 'border-brand-300 ring-2 ring-brand-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-2 text-xs font-semibold">
        <span
          className={cn('inline-flex items-center gap-1 rounded-full px-2.5 py-0.5', levelClass)}
        >
          <LevelIcon className="size-3.5" aria-hidden />
          {t(`readingPlans.difficulty.${plan.difficulty}`)}
        </span>
        {current ? (
          <span className="rounded-full bg-brand-700 px-2.5 py-0.5 text-white">
            {t('readingPlans.currentBadge')}
          </span>
        ) : null}
      </div>
      <h3 className="font-serif text-xl text-brand-950">{name}</h3>
      <p className="text-slate-700">{t(`readingPlans.plans.${plan.id}.description`)}</p>
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span className="inline-flex items-center gap-1.5">
          <BookOpen className="size-4" aria-hidden />
          {t('readingPlans.chapters', { count: plan.chapters, n: integer.format(plan.chapters) })}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <Library className="size-4" aria-hidden />
          {t('readingPlans.books', { count: plan.books, n: integer.format(plan.books) })}
        </span>
      </p>
      <div className="mt-auto grid gap-3 pt-1">
        <div className="grid gap-1.5">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            {t('readingPlans.duration')}
          </label>
          <select
            id={selectId}
            className={inputClass}
            value={duration}
            aria-describedby={perDayId}
            onChange={(e) => setDuration(Number(e.target.value))}
          >
            {plan.durations.map((d) => (
              <option key={d} value={d}>
                {durationLabel(d)}
              </option>
            ))}
          </select>
          <p id={perDayId} className="flex items-center gap-1.5 text-sm text-brand-800">
            <CalendarCheck className="size-4" aria-hidden />
            {t('readingPlans.perDay', {
              value: chaptersPerDay(plan.chapters, duration, language),
            })}
          </p>
        </div>
        <Button
          variant={current ? 'outline' : 'primary'}
          disabled={pending}
          onClick={() => onStart(duration)}
          aria-label={`${current ? t('readingPlans.restart') : t('readingPlans.start')}: ${name}`}
        >
          <Play className="size-4" aria-hidden />
          {pending
            ? t('readingPlans.starting')
            : current
              ? t('readingPlans.restart')
              : t('readingPlans.start')}
        </Button>
      </div>
    </Card>
  );
}
