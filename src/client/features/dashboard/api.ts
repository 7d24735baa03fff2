import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/schemas/dashboard.ts';

/** The dashboard's query key (its URL); other features invalidate it after a write. */
export const DASHBOARD_KEY = ['/api/dashboard'] as const;

/** The member's dashboard: verse of the day, streak, reading, memory, courses and activity. */
export function useDashboard({ enabled }: { enabled: boolean }) {
  return useQuery<Dashboard>({
    queryKey: DASHBOARD_KEY,
    // Behind the age gate the member routes answer 403: wait until it is passed.
    enabled,
    // The dashboard sums up what the member did elsewhere: fetch it fresh on every visit.
    staleTime: 0,
    // On a brand-new install the Bibles load for a few seconds after start-up.
    refetchInterval: (query) =>
      query.state.data && !query.state.data.verseOfTheDay ? 4000 : false,
  });
}
