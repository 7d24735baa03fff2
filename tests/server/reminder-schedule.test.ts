/**
 * Issue 28: reminder planning reads only what is due (docs/decisions/0045). Each member's
 * reminder kinds have a next due instant in `reminder_schedule`; a tick reads the rows due by
 * now, plans them and moves them to their next local occurrence (daylight saving included);
 * every change of what decides a reminder moves or removes its row.
 */
import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import {
  notification,
  notificationDelivery,
  prayerRequest,
  prayerSession,
  reminderSchedule,
  user,
} from '#server/db/schema.ts';
import { NotificationScheduler } from '#server/notifications/scheduler.ts';
import { sweepReminderSchedule, TO_COMPUTE } from '#server/notifications/reminder-schedule.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/schemas/notifications.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

const clock = { now: new Date('2026-01-05T00:00:00Z') };
const at = (iso: string) => (clock.now = new Date(iso));
const app = useTestApp({ deps: { notifications: { clock: () => clock.now } } });

const scheduler = () => app.t.app.notificationScheduler;
const plan = () => scheduler().planReport(clock.now);

/** The member's rows: kind → [next due (ISO), local day]. */
async function schedule(who: { id: string }) {
  const rows = await app.t.database.db
    .select()
    .from(reminderSchedule)
    .where(eq(reminderSchedule.userId, who.id))
    .orderBy(reminderSchedule.kind);
  return Object.fromEntries(
    rows.map((r) => [
      r.kind,
      r.localDay === null ? 'to compute' : [r.nextDue.toISOString(), r.localDay],
    ]),
  );
}

const deliveries = (who: TestUser, kind: string) =>
  app.t.database.db
    .select()
    .from(notificationDelivery)
    .where(and(eq(notificationDelivery.userId, who.id), eq(notificationDelivery.kind, kind)))
    .orderBy(notificationDelivery.dueAt);

/**
 * A member in `timeZone` with only one reminder on, at `time`: the daily reading (planned, then
 * skipped at delivery as not needed: no reading plan), or the prayer reminder (sent).
 */
async function readingMember(
  timeZone: string,
  time: string,
  kind: 'dailyReading' | 'prayer' = 'dailyReading',
): Promise<TestUser> {
  const who = await createUser(app.t);
  const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  settings.kinds[kind].time = time;
  const res = await app.call(who, 'PUT', '/api/notification-settings', {
    toggles: {
      dailyReminders: kind === 'dailyReading',
      studyReminders: false,
      prayerReminders: kind === 'prayer',
      weeklyProgress: false,
    },
    settings,
    timeZone,
  });
  expect(res.statusCode).toBe(200);
  return who;
}

/** Plans every `stepMinutes` from `from` to `to`; the instants each member's row moved to. */
async function walk(from: string, to: string, stepMinutes: number, who: TestUser[]) {
  const seen = new Map<string, string[]>(who.map((w) => [w.id, []]));
  for (let ms = Date.parse(from); ms <= Date.parse(to); ms += stepMinutes * 60_000) {
    clock.now = new Date(ms);
    await plan();
    for (const w of who) {
      const [row] = await app.t.database.db
        .select()
        .from(reminderSchedule)
        .where(eq(reminderSchedule.userId, w.id));
      const list = seen.get(w.id)!;
      const next = row!.nextDue.toISOString();
      if (list.at(-1) !== next) list.push(next);
    }
  }
  return who.map((w) => seen.get(w.id)!);
}

describe('the next due instant, across daylight saving', () => {
  it('America/Chicago (UTC-6 like Mexico City, with DST): 08:00 and 01:30 through spring-forward and fall-back, once a day', async () => {
    const morning = await readingMember('America/Chicago', '08:00');
    const gap = await readingMember('America/Chicago', '02:30');
    const twice = await readingMember('America/Chicago', '01:30');
    const mexico = await readingMember('America/Mexico_City', '08:00');
    // Spring forward: Sunday 8 March 2026, 02:00 CST → 03:00 CDT.
    const [m, g, , mx] = await walk('2026-03-07T05:00:00Z', '2026-03-09T15:00:00Z', 30, [
      morning,
      gap,
      twice,
      mexico,
    ]);
    expect(m).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T13:00:00.000Z', // 08:00 CDT
      '2026-03-09T13:00:00.000Z',
      '2026-03-10T13:00:00.000Z',
    ]);
    // 02:30 does not exist on 8 March: 03:30 CDT, once.
    expect(g).toEqual([
      '2026-03-07T08:30:00.000Z',
      '2026-03-08T08:30:00.000Z',
      '2026-03-09T07:30:00.000Z',
      '2026-03-10T07:30:00.000Z',
    ]);
    // Mexico City keeps UTC-6 all year (no DST since 2022): 08:00 is 14:00Z both days.
    expect(mx).toEqual([
      '2026-03-07T14:00:00.000Z',
      '2026-03-08T14:00:00.000Z',
      '2026-03-09T14:00:00.000Z',
      '2026-03-10T14:00:00.000Z',
    ]);
    expect((await deliveries(gap, 'dailyReading')).map((r) => r.localDay)).toEqual([
      '2026-03-07',
      '2026-03-08',
      '2026-03-09',
    ]);

    // Fall back: Sunday 1 November 2026, 02:00 CDT → 01:00 CST; 01:30 happens twice.
    const [m2, , t2] = await walk('2026-10-31T05:00:00Z', '2026-11-02T15:00:00Z', 30, [
      morning,
      gap,
      twice,
    ]);
    expect(m2).toEqual([
      '2026-10-31T13:00:00.000Z',
      '2026-11-01T14:00:00.000Z', // 08:00 CST
      '2026-11-02T14:00:00.000Z',
      '2026-11-03T14:00:00.000Z',
    ]);
    expect(t2).toEqual([
      '2026-10-31T06:30:00.000Z',
      '2026-11-01T06:30:00.000Z', // the first 01:30 (CDT)
      '2026-11-02T07:30:00.000Z',
      '2026-11-03T07:30:00.000Z',
    ]);
    const nights = await deliveries(twice, 'dailyReading');
    const fallBack = nights.filter((r) => r.localDay >= '2026-10-31');
    expect(fallBack.map((r) => [r.localDay, r.dueAt.toISOString()])).toEqual([
      ['2026-10-31', '2026-10-31T06:30:00.000Z'],
      ['2026-11-01', '2026-11-01T06:30:00.000Z'],
      ['2026-11-02', '2026-11-02T07:30:00.000Z'],
    ]);
  });

  it('Europe/Berlin: 07:00 and 02:30 through both changes', async () => {
    const morning = await readingMember('Europe/Berlin', '07:00');
    const night = await readingMember('Europe/Berlin', '02:30');
    // Spring forward: 29 March 2026, 02:00 CET → 03:00 CEST.
    const [m, n] = await walk('2026-03-28T00:00:00Z', '2026-03-30T08:00:00Z', 30, [morning, night]);
    expect(m).toEqual([
      '2026-03-28T06:00:00.000Z',
      '2026-03-29T05:00:00.000Z',
      '2026-03-30T05:00:00.000Z',
      '2026-03-31T05:00:00.000Z',
    ]);
    expect(n).toEqual([
      '2026-03-28T01:30:00.000Z',
      '2026-03-29T01:30:00.000Z', // 02:30 does not exist: 03:30 CEST
      '2026-03-30T00:30:00.000Z',
      '2026-03-31T00:30:00.000Z',
    ]);
    // Fall back: 25 October 2026, 03:00 CEST → 02:00 CET; 02:30 happens twice, sent once.
    const [m2, n2] = await walk('2026-10-24T00:00:00Z', '2026-10-26T08:00:00Z', 30, [
      morning,
      night,
    ]);
    expect(m2).toEqual([
      '2026-10-24T05:00:00.000Z',
      '2026-10-25T06:00:00.000Z',
      '2026-10-26T06:00:00.000Z',
      '2026-10-27T06:00:00.000Z',
    ]);
    expect(n2).toEqual([
      '2026-10-24T00:30:00.000Z',
      '2026-10-25T00:30:00.000Z',
      '2026-10-26T01:30:00.000Z',
      '2026-10-27T01:30:00.000Z',
    ]);
    const october = (await deliveries(night, 'dailyReading')).filter(
      (r) => r.localDay >= '2026-10-24',
    );
    expect(october.map((r) => r.localDay)).toEqual(['2026-10-24', '2026-10-25', '2026-10-26']);
  });
});

describe('kept true wherever it can change', () => {
  it('a zone change moves the next instant; a time change too', async () => {
    at('2026-05-04T00:00:00Z');
    const who = await readingMember('UTC', '08:00');
    await plan();
    expect(await schedule(who)).toEqual({
      dailyReading: ['2026-05-04T08:00:00.000Z', '2026-05-04'],
    });
    // Preferences: Tokyo (UTC+9). Marked at once, computed by the next tick.
    await app.call(who, 'PATCH', '/api/user/preferences', { timeZone: 'Asia/Tokyo' });
    expect(await schedule(who)).toEqual({ dailyReading: 'to compute' });
    await plan();
    expect(await schedule(who)).toEqual({
      dailyReading: ['2026-05-04T23:00:00.000Z', '2026-05-05'],
    });
    // The notification settings: another time of day, another zone.
    const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
    settings.kinds.dailyReading.time = '06:15';
    await app.call(who, 'PUT', '/api/notification-settings', {
      settings,
      timeZone: 'America/Sao_Paulo',
    });
    await plan();
    expect(await schedule(who)).toEqual({
      dailyReading: ['2026-05-04T09:15:00.000Z', '2026-05-04'],
    });
  });

  it('turning reminders off removes them; pausing removes all; on again brings them back', async () => {
    at('2026-05-11T00:00:00Z');
    const who = await createUser(app.t);
    await plan();
    // The defaults: every reminder kind on.
    expect(Object.keys(await schedule(who))).toEqual([
      'dailyReading',
      'memoryDue',
      'prayer',
      'streakAtRisk',
      'weeklyProgress',
    ]);
    await app.call(who, 'PATCH', '/api/user/preferences', { dailyReminders: false });
    expect(Object.keys(await schedule(who))).toEqual([
      'memoryDue',
      'prayer',
      'streakAtRisk',
      'weeklyProgress',
    ]);
    // Progress tracking off: no streak or weekly progress reminder.
    await app.call(who, 'PATCH', '/api/user/preferences', { progressTracking: false });
    expect(Object.keys(await schedule(who))).toEqual(['memoryDue', 'prayer']);
    await app.call(who, 'PUT', '/api/notification-settings', {
      settings: { ...DEFAULT_NOTIFICATION_SETTINGS, paused: true },
    });
    expect(await schedule(who)).toEqual({});
    // Nothing is planned for them, whatever the hour.
    at('2026-05-11T12:05:00Z');
    await scheduler().tick();
    expect(await deliveries(who, 'memoryDue')).toEqual([]);
    await app.call(who, 'PUT', '/api/notification-settings', {
      settings: DEFAULT_NOTIFICATION_SETTINGS,
      toggles: { dailyReminders: true },
    });
    expect(await schedule(who)).toEqual({
      dailyReading: 'to compute',
      memoryDue: 'to compute',
      prayer: 'to compute',
    });
  });

  it('the age gate adds them, account deletion removes them', async () => {
    const who = await createUser(app.t, { ageVerified: false });
    expect(await schedule(who)).toEqual({});
    const res = await app.call(who, 'POST', '/api/user/verify-age', { ageVerified: true });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(await schedule(who))).toHaveLength(5);
    const gone = await app.call(who, 'POST', '/api/user/verify-age', { ageVerified: false });
    expect(gone.json()).toEqual({ ageVerified: false, restricted: true });
    expect(await schedule(who)).toEqual({});
  });

  it('a row for a member who no longer wants it (as the upgrade leaves them) is dropped by the tick', async () => {
    at('2026-05-18T00:00:00Z');
    const who = await readingMember('UTC', '09:00');
    await app.t.database.db
      .insert(reminderSchedule)
      .values({ userId: who.id, kind: 'prayer', nextDue: TO_COMPUTE });
    const report = await plan();
    expect(report.dropped).toBeGreaterThanOrEqual(1);
    expect(Object.keys(await schedule(who))).toEqual(['dailyReading']);
  });
});

describe('changes made outside the app: the sweep heals the schedule', () => {
  /** Sweep steps until a whole pass is done (the place is shared by the file's members). */
  async function sweepPass(limit = 3) {
    let marked = 0;
    for (let step = 0; step < 1000; step++) {
      const report = await sweepReminderSchedule(app.t.database.db, limit);
      expect(report.swept).toBe(true);
      expect(report.read).toBeLessThanOrEqual(limit);
      marked += report.marked;
      if (report.wrapped) return marked;
    }
    throw new Error('the sweep never wrapped');
  }

  it('age verified, zone and switches changed in SQL: found within one pass, planned by the next tick', async () => {
    at('2026-06-01T00:00:00Z');
    await sweepPass();
    const who = await createUser(app.t, { ageVerified: false });
    // The age gate passed in SQL (an admin's script, a restore): no refresh ran.
    await app.t.database.db.update(user).set({ ageVerified: true }).where(eq(user.id, who.id));
    expect(await schedule(who)).toEqual({});
    expect(await sweepPass()).toBeGreaterThanOrEqual(5);
    expect(Object.values(await schedule(who))).toEqual(Array(5).fill('to compute'));
    await plan();
    expect((await schedule(who)).prayer).toEqual(['2026-06-01T19:00:00.000Z', '2026-06-01']);
    // A pass with nothing changed marks nothing of theirs.
    await sweepPass();
    expect((await schedule(who)).prayer).toEqual(['2026-06-01T19:00:00.000Z', '2026-06-01']);
    // Zone and switch changed in SQL: the prayer row moves, the daily reading row goes.
    await app.t.database.db
      .update(user)
      .set({
        preferences: sql`${user.preferences} || '{"timeZone":"Asia/Tokyo","dailyReminders":false}'::jsonb`,
      })
      .where(eq(user.id, who.id));
    await sweepPass();
    expect((await schedule(who)).prayer).toBe('to compute');
    const report = await plan();
    expect(report.dropped).toBeGreaterThanOrEqual(1);
    const after = await schedule(who);
    expect(after.dailyReading).toBeUndefined();
    expect(after.prayer).toEqual(['2026-06-01T10:00:00.000Z', '2026-06-01']);
    // Their reminders end here (the next tests count the rows due).
    await app.call(who, 'POST', '/api/user/verify-age', { ageVerified: false });
    expect(await schedule(who)).toEqual({});
  });

  it('a tick sweeps a step; the language is no input of the schedule', async () => {
    at('2026-06-08T00:00:00Z');
    const who = await readingMember('UTC', '09:00');
    await plan();
    const planned = await schedule(who);
    // A language change leaves the instants as they were (the text is made at sending).
    await app.call(who, 'PATCH', '/api/user/preferences', { language: 'es' });
    await plan();
    expect(await schedule(who)).toEqual(planned);
    await app.t.database.db.update(user).set({ ageVerified: false }).where(eq(user.id, who.id));
    // The default step covers every member of this file: one tick finds them.
    await scheduler().tick();
    expect(await schedule(who)).toEqual({});
  });
});

describe('a tick reads only what is due', () => {
  it('rows read are the rows due, whatever the number of members', async () => {
    at('2026-07-01T00:00:00Z');
    const due = [];
    for (let i = 0; i < 3; i++) due.push(await readingMember('UTC', '03:17'));
    for (let i = 0; i < 6; i++) await readingMember('Asia/Kolkata', '21:00');
    // Everyone's row computed and moved past now.
    await plan();
    at('2026-07-01T03:16:00Z');
    expect((await plan()).read).toBe(0);
    at('2026-07-01T03:17:00Z');
    const report = await plan();
    expect([report.read, report.planned]).toEqual([3, 3]);
    // Moved to tomorrow: the next minute reads nothing.
    at('2026-07-01T03:18:00Z');
    expect((await plan()).read).toBe(0);
    for (const who of due) {
      expect(await schedule(who)).toEqual({
        dailyReading: ['2026-07-02T03:17:00.000Z', '2026-07-02'],
      });
    }
  });

  it('after an outage: within the late limit it is sent, past it the row moves on unsent', async () => {
    at('2026-07-08T00:00:00Z');
    const soon = await readingMember('UTC', '05:00', 'prayer');
    const gone = await readingMember('UTC', '01:00', 'prayer');
    await plan();
    // Every instance down from 00:00 to 06:30: 05:00 is 1.5 h late, 01:00 is 5.5 h late.
    at('2026-07-08T06:30:00Z');
    const report = await scheduler().tick();
    expect((await deliveries(soon, 'prayer')).map((r) => r.status)).toEqual(['sent']);
    expect(await deliveries(gone, 'prayer')).toEqual([]);
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(await schedule(gone)).toEqual({ prayer: ['2026-07-09T01:00:00.000Z', '2026-07-09'] });
  });

  it('the prayer reminder counts the active requests, and is not sent once the member prayed that day', async () => {
    at('2026-07-22T00:00:00Z');
    const asks = await readingMember('UTC', '07:00', 'prayer');
    const prayed = await readingMember('UTC', '07:00', 'prayer');
    await app.t.database.db.insert(prayerRequest).values(
      ['active', 'active', 'answered'].map((status, i) => ({
        id: `req-${asks.id}-${i}`,
        userId: asks.id,
        title: 'Por mi familia',
        category: 'family',
        status: status as 'active' | 'answered',
      })),
    );
    await app.t.database.db
      .insert(prayerSession)
      .values({ id: `ses-${prayed.id}`, userId: prayed.id, minutes: 5, day: '2026-07-22' });
    await plan();
    at('2026-07-22T07:00:30Z');
    await scheduler().tick();
    const [item] = await app.t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, asks.id));
    expect(item!.data).toEqual({ count: 2 });
    const [skipped] = await deliveries(prayed, 'prayer');
    expect([skipped!.status, skipped!.result]).toEqual(['skipped', { reason: 'notNeeded' }]);
  });

  it('two schedulers planning and sending at once: one delivery each', async () => {
    at('2026-07-15T00:00:00Z');
    const members = [];
    for (let i = 0; i < 8; i++) {
      members.push(await readingMember('Europe/Lisbon', '10:00', 'prayer'));
    }
    await plan();
    const other = new NotificationScheduler({
      db: app.t.database.db,
      service: app.t.app.notifications,
      log: app.t.app.log,
      clock: () => clock.now,
      planBatch: 3,
    });
    at('2026-07-15T09:00:30Z'); // 10:00 in Lisbon (UTC+1 in summer)
    await Promise.all([scheduler().tick(), other.tick(), other.tick(), scheduler().tick()]);
    for (const who of members) {
      const rows = await deliveries(who, 'prayer');
      expect(rows.map((r) => [r.localDay, r.status, r.attempts])).toEqual([
        ['2026-07-15', 'sent', 1],
      ]);
      expect(await schedule(who)).toEqual({ prayer: ['2026-07-16T09:00:00.000Z', '2026-07-16'] });
    }
    // A member deleted meanwhile takes their rows with them.
    await app.t.database.db.delete(user).where(eq(user.id, members[0]!.id));
    expect(await schedule(members[0]!)).toEqual({});
  });
});
