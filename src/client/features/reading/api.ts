import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PLAN_DURATIONS, type ReadingPlanId } from '#shared/values/reading.ts';
import type {
  ActivePlan,
  CompletedReading,
  DailyReading,
  ReadingPlans,
} from '#shared/schemas/reading.ts';
import { toast } from '../../hooks/use-toast.ts';
import { useLanguage } from '../../lib/language.tsx';
import { reportNetworkFailure } from '../../lib/connection.ts';
import { isNetworkFailure, queueWrite, useQueuedWrite } from '../../lib/outbox.ts';
import { queuedReadingKey } from './queued-key.ts';
import { ApiError, apiRequest, errorMessage } from '../../lib/queryClient.ts';

export const READING_PLANS_KEY = ['/api/reading-plans'] as const;
export const DAILY_READING_KEY = ['/api/daily-reading'] as const;

/** Everything a reading-plan change can move: plans, today's reading, dashboard, goals. */
export async function invalidateReading(queryClient: QueryClient) {
  await Promise.all(
    [READING_PLANS_KEY, DAILY_READING_KEY, ['/api/dashboard'], ['/api/goals']].map((queryKey) =>
      queryClient.invalidateQueries({ queryKey }),
    ),
  );
}

/** While the Bibles install after a fresh start the server answers 503 for a few seconds. */
export const retryWhileInstalling = (count: number, error: unknown) =>
  error instanceof ApiError && error.status === 503 && count < 20;
export const INSTALL_RETRY_DELAY_MS = 3000;

/** A plan's last day as a `YYYY-MM-DD` date (startedOn + totalDays − 1). */
export function planEndDate(plan: Pick<ActivePlan, 'startedOn' | 'totalDays'>): string {
  const start = new Date(`${plan.startedOn.slice(0, 10)}T00:00:00Z`);
  start.setUTCDate(start.getUTCDate() + Math.max(0, plan.totalDays - 1));
  return start.toISOString().slice(0, 10);
}

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Formats a `YYYY-MM-DD` date as that calendar day, and a full timestamp in local time. */
export function useDateFormat() {
  const { language } = useLanguage();
  const day = new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' });
  const local = new Intl.DateTimeFormat(language, { dateStyle: 'long' });
  return (date: string) =>
    date.length <= 10 ? day.format(new Date(`${date}T00:00:00Z`)) : local.format(new Date(date));
}

/** The day to show as "Day X of Y": the next unread day, never past the last one. */
export const shownDay = (plan: Pick<ActivePlan, 'currentDay' | 'totalDays'>) =>
  Math.max(1, Math.min(plan.currentDay, plan.totalDays));

/** Average chapters a day for a duration, one decimal, in the member's language. */
export function chaptersPerDay(chapters: number, duration: number, language: string): string {
  return new Intl.NumberFormat(language, {
    minimumFractionDigits: 1,
    maximumFractionDigits: 1,
  }).format(duration > 0 ? chapters / duration : 0);
}

export function useDurationLabel() {
  const { t } = useTranslation();
  return (days: number) =>
    (PLAN_DURATIONS as readonly number[]).includes(days)
      ? t(`readingPlans.durations.d${days}`)
      : t('readingPlans.durations.days', { count: days });
}

export const planName = (t: (key: string) => string, id: ReadingPlanId) =>
  t(`readingPlans.plans.${id}.name`);

export const useReadingPlans = () => useQuery<ReadingPlans>({ queryKey: [...READING_PLANS_KEY] });

/** Today's reading of the active plan, with its passages in the member's language. */
export function useDailyReading() {
  const { language } = useLanguage();
  return useQuery<DailyReading>({
    // The passages come in the member's language (Accept-Language): one cache entry per
    // language, still under the ['/api/daily-reading'] prefix that invalidations use.
    queryKey: [...DAILY_READING_KEY, language],
    queryFn: async () =>
      (await apiRequest('GET', DAILY_READING_KEY[0])).json() as Promise<DailyReading>,
    // Right after a fresh start the Bible text may still be installing (503 meanwhile).
    retry: retryWhileInstalling,
    retryDelay: INSTALL_RETRY_DELAY_MS,
  });
}

export function useStartPlan(onStarted?: (plan: ActivePlan) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, duration }: { id: ReadingPlanId; duration: number }) =>
      // Starting the same plan twice starts it once: safe to send again.
      (
        await apiRequest(
          'POST',
          `/api/reading-plans/${id}/start`,
          { duration },
          { idempotent: true },
        )
      ).json() as Promise<ActivePlan>,
    onSuccess: async (plan) => {
      toast({
        title: t('readingPlans.started', { plan: planName(t, plan.planId) }),
        description: t('readingPlans.startedBody'),
      });
      onStarted?.(plan);
      await invalidateReading(queryClient);
    },
    onError: (e) =>
      toast({
        title: t('readingPlans.errors.start'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}

export function useStopPlan(onStopped?: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest('DELETE', '/api/reading-plans/active'),
    onSuccess: async () => {
      toast({ title: t('readingPlans.active.stopped') });
      onStopped?.();
      await invalidateReading(queryClient);
    },
    onError: (e) =>
      toast({
        title: t('readingPlans.errors.stop'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}

export function useCatchUp() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const formatDate = useDateFormat();
  return useMutation({
    mutationFn: async () =>
      (await apiRequest('POST', '/api/reading-plans/catch-up')).json() as Promise<ActivePlan>,
    onSuccess: async (plan) => {
      toast({
        title: t('readingPlans.catchUp.done'),
        description: t('readingPlans.catchUp.doneBody', {
          date: formatDate(planEndDate(plan)),
        }),
      });
      await invalidateReading(queryClient);
    },
    onError: async (e) => {
      toast({
        title: t('readingPlans.errors.catchUp'),
        description: errorMessage(e, t),
        variant: 'destructive',
      });
      // A 409 (not behind any more) means our copy is stale: show the real state.
      if (e instanceof ApiError && e.status === 409) await invalidateReading(queryClient);
    },
  });
}

/** Whether marking day `day` read waits, on this device, for the connection to come back. */
export const useReadingQueued = (day: number) => useQueuedWrite(queuedReadingKey(day));

/**
 * Marks today's reading (day `day`) read; `onMarked` runs once everything is refreshed. With no
 * network it is queued on the device and sent when the connection is back: the request names
 * its day, so the server counts it once however often it arrives.
 */
export function useCompleteReading(day: number, onMarked: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<CompletedReading | null> => {
      const url = '/api/daily-reading/complete';
      try {
        return (await (await apiRequest('POST', url, { day })).json()) as CompletedReading;
      } catch (error) {
        if (!isNetworkFailure(error)) throw error;
        reportNetworkFailure();
        // Without IndexedDB (a private window in some browsers) the network error stands.
        await queueWrite({ key: queuedReadingKey(day), method: 'POST', url, body: { day } }).catch(
          () => {
            throw error;
          },
        );
        return null;
      }
    },
    // Sent once here; a failed send is queued, and the queue resends it safely.
    retry: false,
    onSuccess: async (result) => {
      if (!result) {
        toast({ title: t('offline.queued'), description: t('offline.queuedBody', { day }) });
        // With the Bible downloaded, the service worker answers the next day from the phone.
        await invalidateReading(queryClient);
        onMarked();
        return;
      }
      if (result.plan.status === 'finished') {
        toast({
          title: t('readingPlans.daily.planDone'),
          description: t('readingPlans.daily.planDoneBody'),
        });
      } else {
        const badges = result.badgesAwarded.map((b) => t(`courses.badges.${b}`)).join(' · ');
        toast({
          title: t('readingPlans.daily.dayDone', { day, count: result.chapters }),
          description: badges ? `${t('courses.badges.title')}: ${badges}` : undefined,
        });
      }
      await invalidateReading(queryClient);
      onMarked();
    },
    onError: async (e) => {
      toast({
        title: t('readingPlans.errors.complete'),
        description: errorMessage(e, t),
        variant: 'destructive',
      });
      if (e instanceof ApiError && e.status === 409) await invalidateReading(queryClient);
    },
  });
}
