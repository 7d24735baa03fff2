/**
 * Writes made with no network (marking today's reading), kept in IndexedDB and sent when the
 * connection is back (docs/decisions/0024). Each write has a key naming what it does (`reading:
 * day-12`): queueing it twice keeps one. What it sends must be safe to send again, since an
 * answer lost on the way back leaves it queued: the reading names its day, and the server counts
 * a day once.
 */
import { useQuery } from '@tanstack/react-query';
import { OUTBOX_DB } from '../sw/names.ts';
import { CURRENT_USER_KEY } from './auth-api.ts';
import { reportNetworkFailure } from './connection.ts';
import { inStore, queuedWrites, type QueuedWrite } from './outbox-store.ts';
import { ApiError, apiRequest, queryClient } from './queryClient.ts';

export type { QueuedWrite } from './outbox-store.ts';

export const OUTBOX_KEY = ['outbox'] as const;

const signedIn = () => queryClient.getQueryData<{ id: string } | null>(CURRENT_USER_KEY)?.id;

/** A request that never reached the server (no network), as opposed to an answer refusing it. */
export const isNetworkFailure = (error: unknown) => error instanceof TypeError;

export async function queueWrite(write: Omit<QueuedWrite, 'userId' | 'queuedAt'>) {
  const userId = signedIn();
  if (!userId) throw new Error('nobody is signed in');
  await inStore('readwrite', (store) => store.put({ ...write, userId, queuedAt: Date.now() }));
  await queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
}

/** Whether a write with this key waits to be sent (for the member signed in). */
export function useQueuedWrite(key: string): boolean {
  const { data } = useQuery({
    queryKey: [...OUTBOX_KEY, key],
    queryFn: async () => {
      if (typeof indexedDB === 'undefined') return false;
      const write = (await inStore('readonly', (store) => store.get(key))) as
        QueuedWrite | undefined;
      return !!write && write.userId === signedIn();
    },
    staleTime: Infinity,
  });
  return data ?? false;
}

export interface ReplayResult {
  sent: number;
  /** Writes the server refused (4xx): dropped, the member is told why. */
  refused: { write: QueuedWrite; error: ApiError }[];
}

async function replay(): Promise<ReplayResult> {
  const result: ReplayResult = { sent: 0, refused: [] };
  const userId = signedIn();
  if (!userId || typeof indexedDB === 'undefined') return result;
  const writes = await queuedWrites();
  const remove = (key: string) => inStore('readwrite', (store) => store.delete(key));
  for (const write of writes) {
    // Left by someone who signed out without a connection: not theirs to send now.
    if (write.userId !== userId) {
      await remove(write.key);
      continue;
    }
    try {
      await apiRequest(write.method, write.url, write.body);
      result.sent += 1;
      await remove(write.key);
    } catch (error) {
      const refused =
        error instanceof ApiError && error.status < 500 && ![401, 408, 429].includes(error.status);
      if (!refused) {
        // No network, or the server is unwell: later, in order. With no network, the page
        // shows it is offline and checks for the network's return, which replays again.
        if (isNetworkFailure(error)) reportNetworkFailure();
        break;
      }
      result.refused.push({ write, error });
      await remove(write.key);
    }
  }
  if (result.sent + result.refused.length > 0) {
    await queryClient.invalidateQueries({ queryKey: OUTBOX_KEY });
  }
  return result;
}

let replaying: Promise<ReplayResult> | null = null;

/** Sends the queued writes in order; one replay at a time, across this browser's tabs too. */
export function replayOutbox(): Promise<ReplayResult> {
  if (!replaying) {
    const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
    const run = locks ? (async () => await locks.request(OUTBOX_DB, replay))() : replay();
    replaying = run.finally(() => {
      replaying = null;
    });
  }
  return replaying;
}

export { newId } from './ids.ts';
