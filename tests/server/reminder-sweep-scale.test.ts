import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { SWEEP_BATCH } from '#server/notifications/scheduler.ts';
import { sweepReminderSchedule, TO_COMPUTE } from '#server/notifications/reminder-schedule.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * The self-healing sweep (ADR 0045) at its real step size: a whole step of SWEEP_BATCH members
 * whose every schedule row is stale (a restore, a zone changed in SQL for everyone). The step
 * marks ten thousand rows in one statement; written as an IN list of `(id, kind)` pairs, that
 * statement exceeded PostgreSQL's stack depth and every tick's sweep failed (`npm run bench --
 * --reminders` found it).
 */
const app = useTestApp();

describe('the sweep at its real step size', () => {
  it(
    `marks every stale row of ${SWEEP_BATCH.toLocaleString('en')} members in one step`,
    { timeout: 60_000 },
    async () => {
      const db = app.t.database.db;
      await db.execute(sql`
      insert into "user" (id, name, email, email_verified, age_verified, preferences)
      select 'sweep-' || lpad(i::text, 5, '0'), 'Member ' || i, 'sweep' || i || '@example.com',
        true, true, '{"timeZone":"UTC"}'::jsonb
      from generate_series(1, ${SWEEP_BATCH}::int) as i`);
      // Planned for Tokyo, though every member is in UTC now: each row is stale.
      await db.execute(sql`
      insert into reminder_schedule (user_id, kind, next_due, local_day, time_zone, local_time)
      select 'sweep-' || lpad(i::text, 5, '0'), k, now() + interval '1 day', current_date,
        'Asia/Tokyo', '07:00'
      from generate_series(1, ${SWEEP_BATCH}::int) as i,
        unnest(array['dailyReading', 'memoryDue', 'streakAtRisk', 'prayer', 'weeklyProgress']) as k`);
      const report = await sweepReminderSchedule(db, SWEEP_BATCH);
      expect(report).toMatchObject({ swept: true, read: SWEEP_BATCH });
      expect(report.marked).toBeGreaterThanOrEqual(SWEEP_BATCH);
      const [left] = await db
        .execute<{ n: number }>(
          sql`
      select count(*)::int as n from reminder_schedule
      where user_id like 'sweep-%' and time_zone = 'Asia/Tokyo'`,
        )
        .then((r) => r.rows);
      expect(left!.n).toBe(0);
      const [marked] = await db
        .execute<{ n: number }>(
          sql`
      select count(*)::int as n from reminder_schedule
      where user_id like 'sweep-%' and next_due = ${TO_COMPUTE.toISOString()}::timestamptz`,
        )
        .then((r) => r.rows);
      expect(marked!.n).toBe(SWEEP_BATCH * 5);
    },
  );
});
