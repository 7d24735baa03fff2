/**
 * A member's first screen drawn by the server comes with the answers it was drawn from
 * (member-render.tsx, docs/decisions/0060): the app takes the page over with them, and does not
 * ask for them again as the page mounts (the dashboard's and goals' queries, always stale
 * otherwise, would go out at once), for a moment: later visits ask as usual.
 */
import type { QueryClient, QueryKey } from '@tanstack/react-query';

export interface DrawnAnswers {
  queries: [QueryKey, unknown][];
  /** The lazy components the drawing rendered (lib/ready-lazy.tsx), readied before hydrating. */
  lazies: string[];
}

/** How long the drawn answers count as just asked. */
export const DRAWN_ANSWERS_FRESH_MS = 10_000;

export function takeDrawnAnswers(client: QueryClient, answers: DrawnAnswers): void {
  const hashes = new Set<string>();
  for (const [queryKey, data] of answers.queries) {
    client.setQueryData(queryKey, data);
    const hash = client.getQueryCache().find({ queryKey, exact: true })?.queryHash;
    if (hash) hashes.add(hash);
  }
  const until = Date.now() + DRAWN_ANSWERS_FRESH_MS;
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      // Unless something changed it since (a write invalidated it): then it is asked again.
      refetchOnMount: (query) =>
        !(hashes.has(query.queryHash) && Date.now() < until && !query.state.isInvalidated),
    },
  });
}
