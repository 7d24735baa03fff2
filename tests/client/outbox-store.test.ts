import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { inStore, queuedWrites, type QueuedWrite } from '../../src/client/lib/outbox-store.ts';
import { OUTBOX_DB } from '../../src/client/sw/names.ts';

/**
 * The outbox's store (ADR 0024) on an IndexedDB in memory: reading it never creates it, so a
 * read that comes just after sign-out deleted it (the app's start replaying the queue, the
 * worker serving today's reading) leaves nothing behind on a device the member has left (seen
 * in CI: a sign-out tapped before the app had the page, replayed beside the app's first replay
 * of the queue).
 */
const before = Object.getOwnPropertyDescriptor(globalThis, 'indexedDB');
beforeEach(() => {
  Object.defineProperty(globalThis, 'indexedDB', { value: new IDBFactory(), configurable: true });
});
afterAll(() => {
  if (before) Object.defineProperty(globalThis, 'indexedDB', before);
  else delete (globalThis as { indexedDB?: IDBFactory }).indexedDB;
});

const names = async () => (await indexedDB.databases()).map((d) => d.name);
const write = (key: string, queuedAt: number): QueuedWrite => ({
  key,
  userId: 'u1',
  method: 'POST',
  url: '/api/reading-plans/progress',
  body: { day: 1 },
  queuedAt,
});
const put = (w: QueuedWrite) => inStore('readwrite', (store) => store.put(w));

describe('the outbox store', () => {
  it('a read on a device with no outbox answers nothing and creates no database', async () => {
    expect(await queuedWrites()).toEqual([]);
    expect(await inStore('readonly', (store) => store.get('reading:day-1'))).toBeUndefined();
    expect(await names()).not.toContain(OUTBOX_DB);
  });

  it('a write creates it; the writes come back oldest first', async () => {
    await put(write('reading:day-2', 20));
    await put(write('reading:day-1', 10));
    expect(await names()).toContain(OUTBOX_DB);
    expect((await queuedWrites()).map((w) => w.key)).toEqual(['reading:day-1', 'reading:day-2']);
    expect(await inStore('readonly', (store) => store.get('reading:day-2'))).toEqual(
      write('reading:day-2', 20),
    );
  });

  it('sign-out deletes it, and a read asked right after does not bring it back', async () => {
    await put(write('reading:day-1', 10));
    // As lib/service-worker.ts `clearOfflineData` asks, with a read queued behind it.
    const deleted = new Promise<void>((resolve, reject) => {
      const request = indexedDB.deleteDatabase(OUTBOX_DB);
      request.onsuccess = () => resolve();
      request.onerror = () => reject(request.error ?? new Error('not deleted'));
    });
    const read = queuedWrites();
    await deleted;
    expect(await read).toEqual([]);
    expect(await names()).not.toContain(OUTBOX_DB);
  });
});
