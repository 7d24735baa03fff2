import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { readingPlanRun } from '#server/db/schema.ts';
import { addDays } from '#shared/values/time.ts';
import type { DailyReading, PlanDaysAhead } from '#shared/schemas/reading.ts';
import { PLAN_DAYS_AHEAD } from '#shared/values/reading.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * The plan's next days kept on the phone (issue 40): each day names the passages and the
 * progress the daily reading shows once the days before it are read, whatever the pace.
 */
const app = useTestApp({ bibles: true }, { reader: {}, idle: {} });
const call = app.call;

const reading = async () =>
  (await call(app.reader, 'GET', '/api/daily-reading')).json() as DailyReading;
const ahead = async () =>
  (await call(app.reader, 'GET', '/api/daily-reading/ahead')).json() as PlanDaysAhead;

describe("the plan's next days", () => {
  it('are empty without a plan', async () => {
    const res = await call(app.idle, 'GET', '/api/daily-reading/ahead');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ planId: null, totalDays: 0, days: [] });
  });

  it('name each day as the daily reading does once the days before it are read', async () => {
    await call(app.reader, 'POST', '/api/reading-plans/gospels/start', { duration: 90 });
    const first = await ahead();
    expect(first.planId).toBe('gospels');
    expect(first.totalDays).toBe(90);
    expect(first.days.map((d) => d.day)).toEqual(
      Array.from({ length: PLAN_DAYS_AHEAD }, (_, i) => i + 1),
    );
    // Day by day, the list agrees with what the server shows on that day.
    for (let day = 1; day <= 3; day++) {
      const shown = await reading();
      const listed = first.days.find((d) => d.day === day)!;
      expect(shown.day).toBe(day);
      expect(listed.passages).toEqual(shown.passages.map((p) => p.osis));
      expect(listed.percent).toBe(shown.plan!.percent);
      await call(app.reader, 'POST', '/api/daily-reading/complete', { day });
    }
    // From the current day on, never past the plan's end.
    const later = await ahead();
    expect(later.days[0]!.day).toBe(4);
    expect(later.days).toHaveLength(PLAN_DAYS_AHEAD);
    expect(later.days.at(-1)!.day).toBe(3 + PLAN_DAYS_AHEAD);
  });

  it('follow a catch-up: from the day it starts, the new schedule', async () => {
    // Started twenty days ago and nothing read: the catch-up re-plans the rest from day 21.
    await call(app.reader, 'DELETE', '/api/reading-plans/active');
    await call(app.reader, 'POST', '/api/reading-plans/psalms-proverbs/start', { duration: 90 });
    const before = await ahead();
    await app.t.database.db
      .update(readingPlanRun)
      .set({ startedOn: addDays(new Date().toISOString().slice(0, 10), -20) })
      .where(eq(readingPlanRun.userId, app.reader.id));
    const caughtUp = await call(app.reader, 'POST', '/api/reading-plans/catch-up');
    expect(caughtUp.statusCode, caughtUp.body).toBe(200);
    const after = await ahead();
    const shown = await reading();
    expect(after.days[0]!.day).toBe(21);
    expect(after.days[0]!.passages).toEqual(shown.passages.map((p) => p.osis));
    // Day 21 of the new schedule starts where the member stopped (Psalm 1), not as planned.
    expect(after.days[0]!.passages[0]).toMatch(/^Ps\.1\.1-/);
    expect(after.days[0]!.passages).not.toEqual(before.days[20]!.passages);
  });
});
