import { useQuery } from '@tanstack/react-query';
import {
  BookOpen,
  CalendarCheck,
  Library,
  Play,
  SignalHigh,
  SignalLow,
  SignalMedium,
  CircleStop,
  Trophy,
} from 'lucide-react';
import { useId, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type {
  ActivePlan,
  ReadingDifficulty,
  ReadingPlan,
  ReadingPlans as ReadingPlansData,
} from '#shared/schemas/reading.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { inputClass } from '../../components/ui/Field.tsx';
import { cn } from '../../lib/cn.ts';
import { useLanguage } from '../../lib/language.tsx';
import {
  READING_PLANS_KEY,
  chaptersPerDay,
  planEndDate,
  planName,
  shownDay,
  useDateFormat,
  useDurationLabel,
  useStartPlan,
  useStopPlan,
} from './api.ts';
import { CatchUp, ProgressBar, StatusBadge } from './PlanProgress.tsx';

const DIFFICULTY = {
  beginner: { icon: SignalLow, className: 'bg-emerald-50 text-emerald-800' },
  intermediate: { icon: SignalMedium, className: 'bg-sky-50 text-sky-800' },
  advanced: { icon: SignalHigh, className: 'bg-violet-50 text-violet-800' },
} as const satisfies Record<ReadingDifficulty, unknown>;

function ActivePlanPanel({
  plan,
  headingRef,
}: {
  plan: ActivePlan;
  headingRef: Ref<HTMLHeadingElement>;
}) {
  const { t } = useTranslation();
  const formatDate = useDateFormat();
  const [stopping, setStopping] = useState(false);
  const stop = useStopPlan(() => setStopping(false));
  const name = planName(t, plan.planId);
  const finished = plan.status === 'finished';
  return (
    <Card
      id="active-plan"
      className="mb-8 grid scroll-mt-24 gap-4 border-brand-200 bg-gradient-to-br from-white to-brand-50"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-800">
            {t('readingPlans.active.heading')}
          </p>
          <h2
            ref={headingRef}
            tabIndex={-1}
            className="font-serif text-2xl text-brand-950 focus:outline-none sm:text-3xl"
          >
            {finished ? t('readingPlans.active.finishedTitle', { plan: name }) : name}
          </h2>
        </div>
        <StatusBadge plan={plan} />
      </div>
      {finished ? (
        <div className="flex items-start gap-3">
          <Trophy className="mt-0.5 size-6 shrink-0 text-gold-500" aria-hidden />
          <p className="text-slate-700">
            {t('readingPlans.active.finishedBody')}
            {plan.completedAt ? (
              <span className="mt-1 block text-sm text-slate-600">
                {t('readingPlans.active.finishedOn', { date: formatDate(plan.completedAt) })}
              </span>
            ) : null}
          </p>
        </div>
      ) : (
        <p className="text-lg font-medium text-brand-900">
          {t('readingPlans.active.day', { day: shownDay(plan), total: plan.totalDays })}
        </p>
      )}
      <ProgressBar plan={plan} />
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <span>{t('readingPlans.active.startedOn', { date: formatDate(plan.startedOn) })}</span>
        {finished ? null : (
          <span>{t('readingPlans.active.endsOn', { date: formatDate(planEndDate(plan)) })}</span>
        )}
      </p>
      {plan.status === 'behind' ? (
        <CatchUp plan={plan} className="rounded-xl bg-amber-50/70 p-3" />
      ) : null}
      {finished ? null : (
        <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-4">
          <Button asChild>
            <Link to="/daily-reading">
              <BookOpen className="size-4" aria-hidden />
              {plan.readToday && plan.status !== 'behind'
                ? t('readingPlans.active.readAhead')
                : t('readingPlans.active.readToday')}
            </Link>
          </Button>
          <Button
            variant="ghost"
            className="text-red-700 hover:bg-red-50"
            onClick={() => setStopping(true)}
          >
            <CircleStop className="size-4" aria-hidden /> {t('readingPlans.active.stop')}
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={stopping}
        onOpenChange={setStopping}
        title={t('readingPlans.active.stopTitle', { plan: name })}
        description={t('readingPlans.active.stopBody')}
        confirmLabel={
          stop.isPending ? t('readingPlans.active.stopping') : t('readingPlans.active.stop')
        }
        pending={stop.isPending}
        onConfirm={() => stop.mutate()}
      />
    </Card>
  );
}

function PlanCard({
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

export default function ReadingPlans() {
  const { t } = useTranslation();
  const plans = useQuery<ReadingPlansData>({ queryKey: [...READING_PLANS_KEY] });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState<{ plan: ReadingPlan; duration: number } | null>(
    null,
  );
  const start = useStartPlan(() => {
    setConfirming(null);
    // Bring the new plan's panel into view once it has loaded.
    window.setTimeout(() => {
      const heading = headingRef.current;
      heading?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      heading?.focus({ preventScroll: true });
    }, 300);
  });
  const active = plans.data?.active ?? null;
  const running = active && active.status !== 'finished' ? active : null;

  function requestStart(plan: ReadingPlan, duration: number) {
    if (running) setConfirming({ plan, duration });
    else start.mutate({ id: plan.id, duration });
  }

  const restarting = confirming !== null && running?.planId === confirming.plan.id;
  const confirmName = confirming ? planName(t, confirming.plan.id) : '';
  return (
    <>
      <PageHeader title={t('readingPlans.title')} subtitle={t('readingPlans.subtitle')} />
      {plans.isLoading ? (
        <Skeletons count={3} height="h-80" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3" />
      ) : plans.isError ? (
        <QueryError error={plans.error} onRetry={() => void plans.refetch()} />
      ) : plans.data ? (
        <>
          {active ? <ActivePlanPanel plan={active} headingRef={headingRef} /> : null}
          <section aria-labelledby="choose-plan">
            <h2 id="choose-plan" className="mb-3 font-serif text-2xl text-brand-950">
              {t('readingPlans.choose')}
            </h2>
            {plans.data.items.length === 0 ? (
              <Card className="grid justify-items-center gap-2 py-12 text-center">
                <BookOpen className="size-10 text-gold-500" aria-hidden />
                <p className="font-serif text-xl text-brand-950">{t('readingPlans.empty')}</p>
                <p className="text-slate-600">{t('readingPlans.emptyHint')}</p>
              </Card>
            ) : (
              <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
                {plans.data.items.map((plan) => (
                  <li key={plan.id}>
                    <PlanCard
                      plan={plan}
                      current={running?.planId === plan.id}
                      pending={start.isPending && start.variables?.id === plan.id}
                      onStart={(duration) => requestStart(plan, duration)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(o) => !o && setConfirming(null)}
        title={
          restarting
            ? t('readingPlans.restartTitle', { plan: confirmName })
            : t('readingPlans.replaceTitle', { plan: confirmName })
        }
        description={
          running
            ? restarting
              ? t('readingPlans.restartBody', {
                  day: shownDay(running),
                  total: running.totalDays,
                })
              : t('readingPlans.replaceBody', {
                  plan: confirmName,
                  current: planName(t, running.planId),
                  day: shownDay(running),
                  total: running.totalDays,
                })
            : ''
        }
        confirmLabel={
          start.isPending
            ? t('readingPlans.starting')
            : restarting
              ? t('readingPlans.restart')
              : t('readingPlans.replaceConfirm')
        }
        pending={start.isPending}
        onConfirm={() =>
          confirming && start.mutate({ id: confirming.plan.id, duration: confirming.duration })
        }
      />
    </>
  );
}
