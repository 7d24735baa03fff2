import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type {
  Prayer,
  PrayerPage,
  PrayerSession,
  PrayerStatus,
  PrayerUpdate,
} from '#shared/schemas/prayer.ts';
import { toast } from '../../hooks/use-toast.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';
import type { PrayerDraft } from './PrayerFields.tsx';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

/** The query key (an API URL) of one page of a prayer list. */
export const prayerListUrl = (status: PrayerStatus, page: number) =>
  `/api/prayers?status=${status}&page=${page}`;

/** The first page of active requests: the "pray through your requests" list uses it too. */
export const ACTIVE_FIRST_PAGE = prayerListUrl('active', 1);

// ── Cache invalidation ──

const startsWith =
  (...prefixes: string[]) =>
  (q: { queryKey: readonly unknown[] }) =>
    prefixes.some((p) => String(q.queryKey[0]).startsWith(p));

/** After a request is added, edited, answered or deleted: both lists, their counts and the dashboard. */
export function invalidatePrayers(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: startsWith('/api/prayers', '/api/dashboard') });
}

/** After a prayer session is recorded: the dashboard (streak, activity) and goals (minutes prayed). */
export function invalidateAfterPrayerSession(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: startsWith('/api/dashboard', '/api/goals') });
}

// ── Queries ──

/** One page of the active or answered requests; the previous page stays shown while the next loads. */
export function usePrayerList(status: PrayerStatus, page: number) {
  return useQuery<PrayerPage>({
    queryKey: [prayerListUrl(status, page)],
    placeholderData: keepPreviousData,
  });
}
export type PrayerListQuery = ReturnType<typeof usePrayerList>;

/** The requests to pray through while the timer runs (loaded only when `enabled`). */
export function useActiveRequests(enabled: boolean) {
  return useQuery<PrayerPage>({ queryKey: [ACTIVE_FIRST_PAGE], enabled });
}

// ── Requests ──

/**
 * Adds a request; a 400 hands its field errors to the form. `id` is chosen once per request
 * written (`newId`): sent again, it is still one request.
 */
export function useAddPrayer({
  onAdded,
  onFieldErrors,
}: {
  onAdded: (prayer: Prayer) => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PrayerDraft & { id: string }) =>
      (
        await apiRequest('POST', '/api/prayers', body, { idempotent: true })
      ).json() as Promise<Prayer>,
    onSuccess: async (prayer) => {
      onAdded(prayer);
      toast({ title: t('prayer.added'), description: prayer.title });
      await invalidatePrayers(queryClient);
    },
    onError: (e) => {
      onFieldErrors(fieldErrorsOf(e));
      toast({ title: t('prayer.errors.add'), variant: 'destructive' });
    },
  });
}

/** Edits a request's title, category, description and urgency. */
export function useUpdatePrayer(
  id: string,
  {
    onUpdated,
    onFieldErrors,
  }: {
    onUpdated: () => void;
    onFieldErrors: (errors: Record<string, string>) => void;
  },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: PrayerUpdate) =>
      (
        await apiRequest('PATCH', `/api/prayers/${id}`, body, { idempotent: true })
      ).json() as Promise<Prayer>,
    onSuccess: async () => {
      toast({ title: t('prayer.updated') });
      onUpdated();
      await invalidatePrayers(queryClient);
    },
    onError: (e) => {
      onFieldErrors(fieldErrorsOf(e));
      toast({ title: t('prayer.errors.update'), variant: 'destructive' });
    },
  });
}

/** Marks a request answered, with an optional note. */
export function useAnswerPrayer(
  id: string,
  {
    onAnswered,
    onFieldErrors,
  }: {
    onAnswered: () => void;
    onFieldErrors: (errors: Record<string, string>) => void;
  },
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { note: string }) =>
      (await apiRequest('POST', `/api/prayers/${id}/answer`, body)).json() as Promise<Prayer>,
    onSuccess: async () => {
      toast({ title: t('prayer.answer.done') });
      onAnswered();
      await invalidatePrayers(queryClient);
    },
    onError: (e) => {
      onFieldErrors(fieldErrorsOf(e));
      // 409: answered meanwhile (another tab or device); say so and refresh the lists.
      const conflict = e instanceof ApiError && e.status === 409;
      toast({
        title: t('prayer.errors.answer'),
        description: conflict ? errorMessage(e, t) : undefined,
        variant: 'destructive',
      });
      if (conflict) void invalidatePrayers(queryClient);
    },
  });
}

export function useDeletePrayer(onDeleted: (prayer: Prayer) => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (prayer: Prayer) => apiRequest('DELETE', `/api/prayers/${prayer.id}`),
    onSuccess: async (_res, prayer) => {
      onDeleted(prayer);
      toast({ title: t('prayer.delete.done') });
      await invalidatePrayers(queryClient);
    },
    onError: (e) =>
      toast({ title: t('errors.title'), description: errorMessage(e, t), variant: 'destructive' }),
  });
}

// ── Prayer sessions ──

/**
 * Records a finished timer run; new badges are announced. The run's `id`, chosen when it ended,
 * makes it count once however often it is sent (a retry, the member's "Try again").
 */
export function useRecordPrayerSession() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (run: { minutes: number; id: string }) =>
      (
        await apiRequest('POST', '/api/prayer-sessions', run, { idempotent: true })
      ).json() as Promise<PrayerSession>,
    onSuccess: (session: PrayerSession) => {
      if (session.badgesAwarded.length > 0) {
        toast({
          title: t('courses.badges.title'),
          description: session.badgesAwarded.map((b) => t(`courses.badges.${b}`)).join(' · '),
        });
      }
      return invalidateAfterPrayerSession(queryClient);
    },
    onError: (e) =>
      toast({
        title: t('prayer.timer.saveFailed'),
        description: errorMessage(e, t),
        variant: 'destructive',
      }),
  });
}
