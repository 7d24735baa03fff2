import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity, journalEntry } from '#server/db/schema.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * An entry written with an id the browser chose is safe to send again: an entry written offline
 * and replayed (or replayed after its answer was lost) is made once (docs/decisions/0024).
 */
const app = useTestApp({}, { writer: {}, other: {} });
const call = app.call;

describe('writing a journal entry with the id the browser chose', () => {
  it('makes the entry once however often it is sent, and only for its owner', async () => {
    const id = randomUUID();
    const body = { id, title: 'Psalm 23', content: 'The Lord is my shepherd.', status: 'draft' };
    const first = await call(app.writer, 'POST', '/api/journal', body);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ id, title: 'Psalm 23', status: 'draft' });

    const again = await call(app.writer, 'POST', '/api/journal', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, title: 'Psalm 23' });

    // Two copies at once (two tabs replaying): one entry.
    const raced = randomUUID();
    const both = await Promise.all([
      call(app.writer, 'POST', '/api/journal', { ...body, id: raced }),
      call(app.writer, 'POST', '/api/journal', { ...body, id: raced }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 201]);
    const rows = await app.t.database.db
      .select()
      .from(journalEntry)
      .where(eq(journalEntry.userId, app.writer.id));
    expect(rows.filter((r) => r.id === id)).toHaveLength(1);
    expect(rows.filter((r) => r.id === raced)).toHaveLength(1);
    expect(rows).toHaveLength(2);
    const logged = await app.t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, app.writer.id), eq(activity.kind, 'journal')));
    expect(logged).toHaveLength(2);

    const taken = await call(app.other, 'POST', '/api/journal', body, 'es');
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ID_TAKEN',
      message: 'Esa entrada pertenece a otra persona.',
    });
    const bad = await call(app.writer, 'POST', '/api/journal', { ...body, id: 'not-a-uuid' });
    expect(bad.statusCode).toBe(400);
    // Without an id the server chooses one, as before.
    const plain = await call(app.writer, 'POST', '/api/journal', { content: 'Amen.' });
    expect(plain.statusCode).toBe(201);
    expect(plain.json().id).not.toBe(id);
  });
});
