import type { QueryClient } from '@tanstack/react-query';
import type { PrayerStatus } from '#shared/schemas/prayer.ts';

/** The query key (an API URL) of one page of a prayer list. */
export const prayerListUrl = (status: PrayerStatus, page: number) =>
  `/api/prayers?status=${status}&page=${page}`;

/** The first page of active requests: the "pray through your requests" list uses it too. */
export const ACTIVE_FIRST_PAGE = prayerListUrl('active', 1);

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
