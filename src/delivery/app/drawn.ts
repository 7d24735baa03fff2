/**
 * A member's first screen drawn by the server comes with the answers it was drawn from
 * (render/drawing.tsx, docs/decisions/0060): the app takes the page over with them, and does not
 * ask for them again as the page mounts (the dashboard's and goals' queries, always stale
 * otherwise, would go out at once), for a moment: later visits ask as usual. A refusal that
 * asking again would not change (a group the member has left: 404) comes too, and the page's
 * own error state, drawn from it, is what the app shows as it takes the page over.
 */
import type { Query, QueryClient, QueryKey, QueryState } from '@tanstack/react-query';
import { ApiError } from '#client/lib/queryClient.ts';

/** An ApiError (lib/queryClient.ts) as the drawing carries it to the browser. */
export interface DrawnRefusal {
  status: number;
  message: string;
  body: unknown;
}

export interface DrawnAnswers {
  queries: [QueryKey, unknown][];
  /** The queries the server's answer refused for good (a 4xx), drawn as the page's error. */
  errors: [QueryKey, DrawnRefusal][];
  /** The lazy components the drawing rendered (lib/ready-lazy.tsx), readied before hydrating. */
  lazies: string[];
}

/** How long the drawn answers count as just asked. */
export const DRAWN_ANSWERS_FRESH_MS = 10_000;

/**
 * Whether a query's failure is a refusal that asking again would not change: a 4xx, but not a
 * session that ended (401: the app's own way, to sign-in), a request timed out (408) or too many
 * requests (429), which pass. A server's failure (5xx) or no answer is asked again by the
 * browser.
 */
export function lastingRefusal(error: unknown): error is ApiError {
  return (
    error instanceof ApiError &&
    error.status >= 400 &&
    error.status < 500 &&
    ![401, 408, 429].includes(error.status)
  );
}

export function takeDrawnAnswers(client: QueryClient, answers: DrawnAnswers): void {
  const hashes = new Set<string>();
  for (const [queryKey, data] of answers.queries) {
    client.setQueryData(queryKey, data);
    const hash = client.getQueryCache().find({ queryKey, exact: true })?.queryHash;
    if (hash) hashes.add(hash);
  }
  const refused = new Set<string>();
  for (const [queryKey, { status, message, body }] of answers.errors) {
    // The same class as the app's own failures: the page's error state reads its status (a
    // group's "not available" is a 404), and hydrating must draw what the server drew.
    const error = new ApiError(status, message, body);
    const state: QueryState<unknown, ApiError> = {
      data: undefined,
      dataUpdateCount: 0,
      dataUpdatedAt: 0,
      error,
      errorUpdateCount: 1,
      errorUpdatedAt: Date.now(),
      fetchFailureCount: 1,
      fetchFailureReason: error,
      fetchMeta: null,
      isInvalidated: false,
      status: 'error',
      fetchStatus: 'idle',
    };
    const query = client.getQueryCache().build(client, { queryKey });
    query.setState(state);
    refused.add(query.queryHash);
  }
  const until = Date.now() + DRAWN_ANSWERS_FRESH_MS;
  const fresh = (kept: Set<string>, query: Query) =>
    kept.has(query.queryHash) && Date.now() < until && !query.state.isInvalidated;
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({
    ...defaults,
    queries: {
      ...defaults.queries,
      // Unless something changed it since (a write invalidated it): then it is asked again.
      refetchOnMount: (query) => !fresh(hashes, query),
      // A query in error asks again as it mounts (it has no answer): not a fresh refusal.
      retryOnMount: (query) => !fresh(refused, query),
    },
  });
}
