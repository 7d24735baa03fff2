import { describe, expect, it } from 'vitest';
import { count, eq, sql } from 'drizzle-orm';
import {
  activity,
  journalEntry,
  lessonProgress,
  memoryVerse,
  prayerSession,
  readingPlanRun,
} from '#server/db/schema.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * A practice write and its activity row are one transaction (ADR 0010): when the activity
 * cannot be recorded, the entry, session, review, reading day or lesson is not saved either.
 */
const app = useTestApp({ bibles: true }, { member: {} });
const call = app.call;

/** Makes every insert into `activity` fail, as a full disk or a lost connection would. */
async function breakActivity() {
  const db = app.t.database.db;
  await db.execute(sql`create or replace function test_refuse_activity() returns trigger
    language plpgsql as $$ begin raise exception 'activity refused by the test'; end $$`);
  await db.execute(sql`create trigger test_refuse_activity before insert on activity
    for each row execute function test_refuse_activity()`);
  return async () => {
    await db.execute(sql`drop trigger test_refuse_activity on activity`);
    await db.execute(sql`drop function test_refuse_activity()`);
  };
}

const rows = async (table: typeof journalEntry | typeof prayerSession | typeof activity) => {
  const [r] = await app.t.database.db
    .select({ n: count() })
    .from(table)
    .where(eq(table.userId, app.member.id));
  return Number(r?.n ?? 0);
};

describe('recordActivity runs in the write’s own transaction', () => {
  it('saves nothing of a practice write whose activity fails, and everything once it works', async () => {
    const verse = (
      await call(app.member, 'POST', '/api/memory-verses', {
        reference: 'John 3:16',
        category: 'love',
      })
    ).json();
    expect(
      (await call(app.member, 'POST', '/api/reading-plans/gospels/start', { duration: 90 }))
        .statusCode,
    ).toBe(200);
    const db = app.t.database.db;
    const runDay = async () =>
      (await db.select().from(readingPlanRun).where(eq(readingPlanRun.userId, app.member.id)))[0]
        ?.currentDay;
    const reviews = async () =>
      (await db.select().from(memoryVerse).where(eq(memoryVerse.id, verse.id)))[0]?.reviewCount;
    const lessonDone = async () =>
      (await db.select().from(lessonProgress).where(eq(lessonProgress.userId, app.member.id))).some(
        (p) => p.lessonId === '101-1' && p.completedAt,
      );

    const writes = [
      () =>
        call(app.member, 'POST', '/api/journal', { title: 'Psalm 23', content: 'Still waters' }),
      () => call(app.member, 'POST', '/api/prayer-sessions', { minutes: 5 }),
      () => call(app.member, 'POST', `/api/memory-verses/${verse.id}/review`, { rating: 'good' }),
      () => call(app.member, 'POST', '/api/daily-reading/complete'),
      () => call(app.member, 'POST', '/api/lessons/101-1/complete'),
    ];

    const repair = await breakActivity();
    try {
      for (const write of writes) expect((await write()).statusCode).toBe(500);
    } finally {
      await repair();
    }
    expect(await rows(journalEntry)).toBe(0);
    expect(await rows(prayerSession)).toBe(0);
    expect(await reviews()).toBe(0);
    expect(await runDay()).toBe(1);
    expect(await lessonDone()).toBe(false);
    expect(await rows(activity)).toBe(0);

    for (const write of writes) expect((await write()).statusCode).toBeLessThan(300);
    expect(await rows(journalEntry)).toBe(1);
    expect(await rows(prayerSession)).toBe(1);
    expect(await reviews()).toBe(1);
    expect(await runDay()).toBe(2);
    expect(await lessonDone()).toBe(true);
    expect(await rows(activity)).toBe(5);
  });
});
