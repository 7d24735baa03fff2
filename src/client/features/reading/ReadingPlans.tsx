import BookOpen from 'lucide-react/icons/book-open';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReadingPlan } from '#shared/schemas/reading.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { PageHeader } from '../../components/PageHeader.tsx';
import { QueryError, Skeletons } from '../../components/QueryStates.tsx';
import { Card } from '../../components/ui/Card.tsx';
import { ActivePlanPanel } from './ActivePlanPanel.tsx';
import { planName, shownDay, useReadingPlans, useStartPlan } from './api.ts';
import { PlanCard } from './PlanCard.tsx';

export default function ReadingPlans() {
  const { t } = useTranslation();
  const plans = useReadingPlans();
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
