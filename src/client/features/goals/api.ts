import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Goal, GoalInput, GoalList, GoalUpdate } from '#shared/schemas/goals.ts';
import { toast } from '../../hooks/use-toast.ts';
import { ApiError, apiRequest, errorMessage, fieldErrorsOf } from '../../lib/queryClient.ts';

// ── Query keys (a key is the URL's segments: the default loader joins them with "/") ──

export const GOALS_KEY = ['/api/goals'] as const;

/** After a goal is created, edited, deleted or moved on: every goals query. */
export function invalidateGoals(queryClient: QueryClient) {
  return queryClient.invalidateQueries({
    predicate: (q) => String(q.queryKey[0]).startsWith('/api/goals'),
  });
}

// ── Error toasts ──

/** A failed save: the SPEC's title, and the server's reason when it says more than "try again". */
function failureToast(t: (key: string) => string, titleKey: string, error: unknown) {
  const message = errorMessage(error, t);
  toast({
    title: t(titleKey),
    description: message === t('errors.generic') ? undefined : message,
    variant: 'destructive',
  });
}

function isPremiumRequired(e: unknown): boolean {
  return (
    e instanceof ApiError &&
    e.status === 403 &&
    (e.body as { code?: unknown } | null)?.code === 'PREMIUM_REQUIRED'
  );
}

// ── Queries ──

/**
 * The member's goals. Progress also arrives from lessons, reading, prayer and memory verses on
 * other pages, so this list is loaded fresh whenever the page is shown (no refetch on focus:
 * SPEC §9).
 */
export const useGoals = () => useQuery<GoalList>({ queryKey: GOALS_KEY, staleTime: 0 });

// ── Mutations ──

/** Creates a goal (a preset or a custom one); a 400 hands its field errors to the form. */
export function useCreateGoal({
  onCreated,
  onFieldErrors,
}: {
  onCreated: () => void;
  onFieldErrors: (errors: Record<string, string>) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: GoalInput) =>
      (await apiRequest('POST', '/api/goals', body)).json() as Promise<Goal>,
    retry: 0,
    onSuccess: async (goal) => {
      toast({ title: t('goals.created'), description: goal.title });
      onCreated();
      await invalidateGoals(queryClient);
    },
    onError: (e) => {
      if (isPremiumRequired(e)) {
        toast({
          title: t('common.premium'),
          description: errorMessage(e, t),
          variant: 'destructive',
        });
        return;
      }
      onFieldErrors(fieldErrorsOf(e));
      failureToast(t, 'goals.errors.create', e);
    },
  });
}

/** Edits a goal's title, description, measure and priority. */
export function useUpdateGoal(
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
    mutationFn: async (body: GoalUpdate) =>
      (
        await apiRequest('PATCH', `/api/goals/${id}`, body, { idempotent: true })
      ).json() as Promise<Goal>,
    onSuccess: async () => {
      toast({ title: t('goals.updated') });
      onUpdated();
      await invalidateGoals(queryClient);
    },
    onError: (e) => {
      onFieldErrors(fieldErrorsOf(e));
      failureToast(t, 'goals.errors.update', e);
    },
  });
}

export function useDeleteGoal(onDeleted: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/goals/${id}`),
    onSuccess: async () => {
      onDeleted();
      toast({ title: t('goals.deleted') });
      await invalidateGoals(queryClient);
    },
    onError: (e) => failureToast(t, 'goals.errors.delete', e),
  });
}

/**
 * Adds to a goal's progress for the current period. The list shows the updated goal at once,
 * and a goal reached by this step gets its congratulation.
 */
export function useGoalProgress(goal: Goal, onAdded: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (value: number) =>
      (
        await apiRequest('POST', `/api/goals/${goal.id}/progress`, { amount: value })
      ).json() as Promise<Goal>,
    retry: 0,
    onSuccess: async (updated) => {
      queryClient.setQueryData<{ items: Goal[] }>(GOALS_KEY, (old) =>
        old ? { ...old, items: old.items.map((g) => (g.id === updated.id ? updated : g)) } : old,
      );
      onAdded();
      if (goal.status !== 'completed' && updated.status === 'completed') {
        toast({
          title: t('goals.goalReached'),
          description: t('goals.goalReachedBody', { title: updated.title }),
        });
      }
      await invalidateGoals(queryClient);
    },
    onError: (e) => failureToast(t, 'goals.errors.progress', e),
  });
}
