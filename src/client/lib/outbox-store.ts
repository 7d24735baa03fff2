/**
 * The outbox's store in IndexedDB (docs/decisions/0024): plain IndexedDB, no React, so that the
 * service worker reads it too (a day marked read offline moves the reading on, issue 40).
 */
import { OUTBOX_DB } from '../sw/names.ts';

const STORE = 'writes';

export interface QueuedWrite {
  key: string;
  userId: string;
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  queuedAt: number;
}

/**
 * The outbox's database; null when it does not exist and `create` is false. Reading creates
 * nothing: sign-out deletes the database (lib/service-worker.ts `clearOfflineData`), and a read
 * that came just after (a query the sign-out refreshed, the worker serving today's reading)
 * would otherwise leave an empty one behind on a device the member has left.
 */
function openDatabase(create: boolean): Promise<IDBDatabase | null> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DB, 1);
    let absent = false;
    request.onupgradeneeded = (event) => {
      if (!create && event.oldVersion === 0) {
        absent = true;
        request.transaction?.abort();
        return;
      }
      request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () =>
      absent ? resolve(null) : reject(request.error ?? new Error('IndexedDB is not available'));
  });
}

/**
 * One request on the store, in its own transaction; the connection closes after it. A read of
 * an outbox that does not exist answers undefined (nothing queued).
 */
export async function inStore<T>(
  mode: IDBTransactionMode,
  request: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T | undefined> {
  const db = await openDatabase(mode !== 'readonly');
  if (!db) return undefined;
  try {
    return await new Promise<T>((resolve, reject) => {
      const tx = db.transaction(STORE, mode);
      const pending = request(tx.objectStore(STORE));
      tx.oncomplete = () => resolve(pending.result);
      tx.onerror = tx.onabort = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
    });
  } finally {
    db.close();
  }
}

/** Every write waiting to be sent, oldest first. */
export async function queuedWrites(): Promise<QueuedWrite[]> {
  const all = ((await inStore('readonly', (store) => store.getAll())) ?? []) as QueuedWrite[];
  return all.sort((a, b) => a.queuedAt - b.queuedAt);
}
