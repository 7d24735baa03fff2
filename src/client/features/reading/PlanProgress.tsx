import CheckCircle2 from 'lucide-react/icons/circle-check';
import Clock from 'lucide-react/icons/clock';
import Rocket from 'lucide-react/icons/rocket';
import Trophy from 'lucide-react/icons/trophy';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActivePlan } from '#shared/schemas/reading.ts';
import { Button } from '../../components/ui/Button.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import { localToday, planEndDate, useCatchUp, useDateFormat } from './api.ts';

const STATUS_STYLE = {
  'on-track': { icon: CheckCircle2, className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  behind: { icon: Clock, className: 'bg-amber-50 text-amber-900 ring-amber-200' },
  ahead: { icon: Rocket, className: 'bg-brand-50 text-brand-900 ring-brand-200' },
  finished: { icon: Trophy, className: 'bg-gold-300/30 text-brand-950 ring-gold-400/60' },
} as const;

/** The plan's status in words (with an icon, never colour alone). */
export function StatusBadge({ plan }: { plan: Pick<ActivePlan, 'status' | 'daysBehind'> }) {
  const { t } = useTranslation();
  const { icon: Icon, className } = STATUS_STYLE[plan.status];
  const text =
    plan.status === 'behind'
      ? t('readingPlans.status.behind', { count: Math.max(1, plan.daysBehind) })
      : t(`readingPlans.status.${plan.status}`);
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-sm font-medium ring-1',
        className,
      )}
    >
      <Icon className="size-4" aria-hidden />
      <span className="sr-only">{t('readingPlans.status.label')}: </span>
      {text}
    </span>
  );
}

/**
 * A labelled progress bar. It fills by `percent` (the share of the plan's text read, which stays
 * honest after a catch-up re-plans the days) and says how many days are read.
 */
export function ProgressBar({
  plan,
}: {
  plan: Pick<ActivePlan, 'completedDays' | 'totalDays' | 'percent'>;
}) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const labelId = useId();
  const percent = Math.max(0, Math.min(100, plan.percent));
  const days = t('readingPlans.active.daysRead', {
    done: Math.min(plan.completedDays, plan.totalDays),
    total: plan.totalDays,
  });
  const share = new Intl.NumberFormat(language, {
    style: 'percent',
    maximumFractionDigits: 0,
  }).format(percent / 100);
  return (
    <div className="grid gap-1.5">
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={`${share} · ${days}`}
        className="h-3 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-gradient-to-r from-brand-500 to-brand-800 transition-[width] duration-500"
          style={{ width: `${percent}%` }}
        />
      </div>
      <p className="flex flex-wrap justify-between gap-x-2 text-sm text-slate-600">
        <span id={labelId}>{t('readingPlans.active.progressLabel')}</span>
        <span>
          <span className="font-semibold text-brand-900">{share}</span> · {days}
        </span>
      </p>
    </div>
  );
}

/** "Catch up" with a line saying what it will do; only meaningful when the plan is behind. */
export function CatchUp({
  plan,
  className,
}: {
  plan: Pick<ActivePlan, 'startedOn' | 'totalDays'>;
  className?: string;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const catchUp = useCatchUp();
  const end = planEndDate(plan);
  const explainId = useId();
  return (
    <div className={cn('flex flex-wrap items-center gap-x-3 gap-y-2', className)}>
      <Button
        variant="secondary"
        aria-describedby={explainId}
        disabled={catchUp.isPending}
        onClick={() => catchUp.mutate()}
      >
        <Clock className="size-4" aria-hidden />
        {catchUp.isPending ? t('readingPlans.catchUp.pending') : t('readingPlans.catchUp.button')}
      </Button>
      <p id={explainId} className="min-w-0 flex-1 basis-60 text-sm text-slate-700">
        {end < localToday()
          ? t('readingPlans.catchUp.explainLate')
          : t('readingPlans.catchUp.explain', { date: formatDate(end) })}
      </p>
    </div>
  );
}
