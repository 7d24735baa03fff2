import BookOpen from 'lucide-react/icons/book-open';
import CircleStop from 'lucide-react/icons/circle-stop';
import Trophy from 'lucide-react/icons/trophy';
import { useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '../../lib/router.tsx';
import type { ActivePlan } from '#shared/schemas/reading.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Button } from '../../components/ui/Button.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { planEndDate, planName, shownDay, useDateFormat, useStopPlan } from './api.ts';
import { CatchUp, ProgressBar, StatusBadge } from './PlanProgress.tsx';

/** The member's plan: day, progress, dates, catch-up, "read today" and "stop". */
export function ActivePlanPanel({
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
