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

function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(OUTBOX_DB, 1);
    request.onupgradeneeded = () => request.result.createObjectStore(STORE, { keyPath: 'key' });
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB is not available'));
  });
}

/** One request on the store, in its own transaction; the connection closes after it. */
export async function inStore<T>(
  mode: IDBTransactionMode,
  request: (store: IDBObjectStore) => IDBRequest<T>,
): Promise<T> {
  const db = await openDatabase();
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
  const all = (await inStore('readonly', (store) => store.getAll())) as QueuedWrite[];
  return all.sort((a, b) => a.queuedAt - b.queuedAt);
}
