import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activity } from '#server/db/schema.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * Marking a day read with the day in the body is safe to send again: a write queued offline and
 * replayed (or replayed after its answer was lost) counts once (docs/decisions/0024).
 */
const app = useTestApp({}, { reader: {} });
const call = app.call;

describe('marking a day read with its day number', () => {
  it('counts the day once however often it is sent, and refuses a day not yet due', async () => {
    await call(app.reader, 'POST', '/api/reading-plans/gospels/start', { duration: 90 });
    const readings = async () =>
      (
        await app.t.database.db
          .select()
          .from(activity)
          .where(and(eq(activity.userId, app.reader.id), eq(activity.kind, 'reading')))
      ).length;

    const ahead = await call(app.reader, 'POST', '/api/daily-reading/complete', { day: 2 }, 'es');
    expect(ahead.statusCode).toBe(409);
    expect(ahead.json()).toMatchObject({
      code: 'NOT_CURRENT_DAY',
      message: 'Esa ya no es la lectura de hoy: abre de nuevo la lectura de hoy.',
    });

    const first = await call(app.reader, 'POST', '/api/daily-reading/complete', { day: 1 });
    expect(first.statusCode).toBe(200);
    expect(first.json().chapters).toBeGreaterThan(0);
    expect(first.json().plan).toMatchObject({ currentDay: 2, completedDays: 1 });

    const again = await call(app.reader, 'POST', '/api/daily-reading/complete', { day: 1 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      chapters: 0,
      badgesAwarded: [],
      plan: { currentDay: 2, completedDays: 1 },
    });
    expect(await readings()).toBe(1);

    // Without a day the request keeps its old meaning: the current day, whichever it is.
    const next = await call(app.reader, 'POST', '/api/daily-reading/complete');
    expect(next.json().plan).toMatchObject({ currentDay: 3, completedDays: 2 });
    expect(await readings()).toBe(2);

    const invalid = await call(app.reader, 'POST', '/api/daily-reading/complete', { day: 0 });
    expect(invalid.statusCode).toBe(400);
  });
});
