import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { notification, notificationDelivery, user } from '#server/db/schema.ts';
import { NotificationScheduler } from '#server/notifications/scheduler.ts';
import { notify } from '#server/notifications/notify.ts';
import { zonedTime } from '#shared/values/time.ts';
import type { NotificationSettings } from '#shared/schemas/notifications.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/schemas/notifications.ts';
import {
  createTestApp,
  createUser,
  injectWithLogin,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';

/** A clock the tests move by hand; the app and its schedulers read it. */
const clock = { now: new Date('2026-03-01T12:00:00Z') };
const at = (iso: string) => (clock.now = new Date(iso));

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ deps: { notifications: { clock: () => clock.now } } });
});
afterAll(async () => {
  await t?.close();
});

const put = (who: TestUser, body: object) =>
  injectWithLogin(t.app, who, { method: 'PUT', url: '/api/notification-settings', payload: body });

/** A member in `timeZone` with only the prayer reminder on, at `time`. */
async function prayerMember(timeZone: string, time: string): Promise<TestUser> {
  const who = await createUser(t);
  await injectWithLogin(t.app, who, {
    method: 'PATCH',
    url: '/api/user/preferences',
    payload: { timeZone },
  });
  const settings: NotificationSettings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  settings.kinds.prayer.time = time;
  const res = await put(who, {
    toggles: { studyReminders: false, weeklyProgress: false, prayerReminders: true },
    settings,
  });
  expect(res.statusCode).toBe(200);
  return who;
}

const deliveries = (who: TestUser, kind = 'prayer') =>
  t.database.db
    .select()
    .from(notificationDelivery)
    .where(and(eq(notificationDelivery.userId, who.id), eq(notificationDelivery.kind, kind)))
    .orderBy(notificationDelivery.dueAt);

const inApp = (who: TestUser) =>
  t.database.db.select().from(notification).where(eq(notification.userId, who.id));

/** Ticks the app's scheduler every `stepMinutes` from `from` to `to`. */
async function run(from: string, to: string, stepMinutes = 15) {
  const end = Date.parse(to);
  for (let ms = Date.parse(from); ms <= end; ms += stepMinutes * 60_000) {
    clock.now = new Date(ms);
    await t.app.notificationScheduler.tick();
  }
}

describe('local time of day, across time zones and DST', () => {
  it('maps wall-clock times to instants, DST gaps forward and overlaps once', () => {
    // Madrid springs forward on 2026-03-29 at 02:00 → 03:00; falls back 2026-10-25 03:00 → 02:00.
    expect(zonedTime('2026-03-28', '08:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-28T07:00:00.000Z',
    );
    expect(zonedTime('2026-03-29', '08:00', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T06:00:00.000Z',
    );
    expect(zonedTime('2026-03-29', '02:30', 'Europe/Madrid').toISOString()).toBe(
      '2026-03-29T01:30:00.000Z',
    );
    expect(['2026-10-25T00:30:00.000Z', '2026-10-25T01:30:00.000Z']).toContain(
      zonedTime('2026-10-25', '02:30', 'Europe/Madrid').toISOString(),
    );
    expect(zonedTime('2026-06-01', '19:00', 'America/Mexico_City').toISOString()).toBe(
      '2026-06-02T01:00:00.000Z',
    );
    expect(zonedTime('2026-11-24', '07:00', 'Pacific/Auckland').toISOString()).toBe(
      '2026-11-23T18:00:00.000Z',
    );
  });

  it('America/Mexico_City: 19:00 local is sent once, on the local day', async () => {
    const who = await prayerMember('America/Mexico_City', '19:00');
    await run('2026-06-01T23:00:00Z', '2026-06-02T04:00:00Z');
    const rows = await deliveries(who);
    expect(rows.map((r) => [r.localDay, r.dueAt.toISOString(), r.status])).toEqual([
      ['2026-06-01', '2026-06-02T01:00:00.000Z', 'sent'],
    ]);
    const items = await inApp(who);
    expect(items.map((n) => n.kind)).toEqual(['prayer']);
    // Sent at the first tick at or after 19:00 local, not before.
    expect(items[0]!.createdAt.toISOString()).toBe('2026-06-02T01:00:00.000Z');
  });

  it('Pacific/Auckland: 07:00 local is the previous UTC evening', async () => {
    const who = await prayerMember('Pacific/Auckland', '07:00');
    await run('2026-11-23T16:00:00Z', '2026-11-23T21:00:00Z');
    const rows = await deliveries(who);
    expect(rows.map((r) => [r.localDay, r.dueAt.toISOString()])).toEqual([
      ['2026-11-24', '2026-11-23T18:00:00.000Z'],
    ]);
  });

  it('Europe/Madrid: 08:00 stays 08:00 local across spring-forward, and 02:30 is neither skipped nor doubled', async () => {
    const morning = await prayerMember('Europe/Madrid', '08:00');
    const night = await prayerMember('Europe/Madrid', '02:30');
    await run('2026-03-27T22:00:00Z', '2026-03-30T10:00:00Z', 30);
    expect((await deliveries(morning)).map((r) => [r.localDay, r.dueAt.toISOString()])).toEqual([
      ['2026-03-28', '2026-03-28T07:00:00.000Z'],
      ['2026-03-29', '2026-03-29T06:00:00.000Z'],
      ['2026-03-30', '2026-03-30T06:00:00.000Z'],
    ]);
    // 02:30 does not exist on 29 March: it is sent at 03:30 CEST, once.
    expect((await deliveries(night)).map((r) => [r.localDay, r.dueAt.toISOString()])).toEqual([
      ['2026-03-28', '2026-03-28T01:30:00.000Z'],
      ['2026-03-29', '2026-03-29T01:30:00.000Z'],
      ['2026-03-30', '2026-03-30T00:30:00.000Z'],
    ]);
    expect((await inApp(night)).length).toBe(3);
  });

  it('Europe/Madrid: 02:30 happens twice when clocks fall back, the reminder once', async () => {
    const night = await prayerMember('Europe/Madrid', '02:30');
    await run('2026-10-24T22:00:00Z', '2026-10-25T06:00:00Z', 15);
    const rows = await deliveries(night);
    expect(rows.map((r) => r.localDay)).toEqual(['2026-10-25']);
    expect((await inApp(night)).length).toBe(1);
  });

  it('weekly progress goes out on Sunday evening local time only', async () => {
    const who = await createUser(t);
    await injectWithLogin(t.app, who, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { timeZone: 'America/Mexico_City' },
    });
    await put(who, {
      toggles: { studyReminders: false, prayerReminders: false, weeklyProgress: true },
    });
    // Saturday 5 Dec to Monday 7 Dec 2026 (Mexico City, UTC-6); 18:00 Sunday = 00:00Z Monday.
    await run('2026-12-05T12:00:00Z', '2026-12-07T12:00:00Z', 60);
    const rows = await deliveries(who, 'weeklyProgress');
    expect(rows.map((r) => [r.localDay, r.dueAt.toISOString(), r.status])).toEqual([
      ['2026-12-06', '2026-12-07T00:00:00.000Z', 'sent'],
    ]);
    const [item] = await inApp(who);
    expect(item!.data).toEqual({ days: 0, chapters: 0, minutes: 0, lessons: 0, reviews: 0 });
  });
});

describe('at most once, across instances and restarts', () => {
  it('two schedulers on one database deliver each reminder once', async () => {
    const members = await Promise.all([1, 2, 3].map(() => prayerMember('UTC', '09:00')));
    at('2026-04-01T09:05:00Z');
    const other = new NotificationScheduler({
      db: t.database.db,
      service: t.app.notifications,
      log: t.app.log,
      clock: () => clock.now,
    });
    const reports = await Promise.all([
      t.app.notificationScheduler.tick(),
      other.tick(),
      other.tick(),
      t.app.notificationScheduler.tick(),
    ]);
    const sent = reports.reduce((n, r) => n + r.sent, 0);
    expect(sent).toBe(3);
    for (const who of members) {
      expect((await deliveries(who)).map((r) => r.status)).toEqual(['sent']);
      expect((await inApp(who)).length).toBe(1);
    }
  });

  it('a claim left by an instance that died is taken over when its lease lapses, once', async () => {
    const who = await prayerMember('UTC', '10:00');
    at('2026-04-02T10:01:00Z');
    const dying = new NotificationScheduler({
      db: t.database.db,
      service: t.app.notifications,
      log: t.app.log,
      clock: () => clock.now,
    });
    await dying.plan(clock.now);
    const claimed = await dying.claim(clock.now);
    expect(claimed.some((r) => r.userId === who.id)).toBe(true);
    // The instance stops here (killed mid-tick). Another one, a minute later: the lease holds.
    at('2026-04-02T10:02:00Z');
    await t.app.notificationScheduler.tick();
    expect((await deliveries(who)).map((r) => r.status)).toEqual(['sending']);
    // After the lease (5 minutes): taken over and sent, once.
    at('2026-04-02T10:07:00Z');
    await t.app.notificationScheduler.tick();
    await t.app.notificationScheduler.tick();
    const rows = await deliveries(who);
    expect(rows.map((r) => [r.status, r.attempts])).toEqual([['sent', 2]]);
    expect((await inApp(who)).length).toBe(1);
  });

  it('a delivery whose every claim lapses (it kills the instance sending it) is given up after three', async () => {
    const who = await prayerMember('UTC', '10:00');
    at('2026-04-06T10:00:00Z');
    const dying = () =>
      new NotificationScheduler({
        db: t.database.db,
        service: t.app.notifications,
        log: t.app.log,
        clock: () => clock.now,
      });
    await dying().plan(clock.now);
    // Three instances in turn claim it and die before recording anything.
    for (const minute of ['10:00', '10:06', '10:12']) {
      at(`2026-04-06T${minute}:00Z`);
      expect((await dying().claim(clock.now)).some((r) => r.userId === who.id)).toBe(true);
    }
    // The fourth finds it lapsed a third time: given up, not sent, not claimed again.
    at('2026-04-06T10:18:00Z');
    await t.app.notificationScheduler.tick();
    const [row] = await deliveries(who);
    expect([row!.status, row!.result]).toEqual(['failed', { reason: 'claimsLapsed' }]);
    expect(await inApp(who)).toEqual([]);
    at('2026-04-06T10:24:00Z');
    await t.app.notificationScheduler.tick();
    expect((await deliveries(who)).map((r) => [r.status, r.attempts])).toEqual([['failed', 4]]);
  });

  it('a locked member gets no reminder; unlocked, the next one comes', async () => {
    const who = await prayerMember('UTC', '14:00');
    await t.database.db.update(user).set({ lockedAt: clock.now }).where(eq(user.id, who.id));
    at('2026-04-07T14:05:00Z');
    await t.app.notificationScheduler.tick();
    const [row] = await deliveries(who);
    expect([row!.status, row!.result]).toEqual(['skipped', { reason: 'locked' }]);
    expect(await inApp(who)).toEqual([]);
    await t.database.db.update(user).set({ lockedAt: null }).where(eq(user.id, who.id));
    at('2026-04-08T14:05:00Z');
    await t.app.notificationScheduler.tick();
    expect((await deliveries(who)).map((r) => r.status)).toEqual(['skipped', 'sent']);
  });

  it('a reminder missed while the app was down is sent within 2 hours, skipped after', async () => {
    const soon = await prayerMember('UTC', '06:00');
    const gone = await prayerMember('UTC', '03:00');
    // Down from 02:00 to 07:30: 06:00 is 1.5 h late (still useful), 03:00 is 4.5 h late.
    at('2026-04-03T07:30:00Z');
    await t.app.notificationScheduler.tick();
    expect((await deliveries(soon)).map((r) => r.status)).toEqual(['sent']);
    expect(await deliveries(gone)).toEqual([]);
    expect(await inApp(gone)).toEqual([]);
  });

  it('a planned reminder whose instance was down too long is skipped as late', async () => {
    const who = await prayerMember('UTC', '11:00');
    at('2026-04-04T11:00:00Z');
    await t.app.notificationScheduler.plan(clock.now);
    at('2026-04-04T13:30:00Z');
    await t.app.notificationScheduler.tick();
    const [row] = await deliveries(who);
    expect([row!.status, row!.result]).toEqual(['skipped', { reason: 'late' }]);
  });

  it('stop() waits for the tick in progress', async () => {
    const s = new NotificationScheduler({
      db: t.database.db,
      service: t.app.notifications,
      log: t.app.log,
      clock: () => clock.now,
      intervalMs: 10,
    });
    s.start();
    await s.stop();
    // After stop, no timer is left: a later start/stop cycle works the same.
    s.start();
    await s.stop();
  });
});

describe('reminder conditions and settings', () => {
  it('paused or toggled off: nothing planned; not needed: skipped, no notification', async () => {
    const paused = await prayerMember('UTC', '12:00');
    await put(paused, { settings: { ...DEFAULT_NOTIFICATION_SETTINGS, paused: true } });
    const study = await createUser(t);
    await put(study, { toggles: { prayerReminders: false, weeklyProgress: false } });
    at('2026-04-05T12:10:00Z');
    await t.app.notificationScheduler.tick();
    expect(await deliveries(paused)).toEqual([]);
    // Study reminders are on by default: no plan, no verses, no streak: nothing to remind of.
    // (08:00 reading is more than 2 hours past: not planned at all; 12:00 memory verses is.)
    expect(await deliveries(study, 'dailyReading')).toEqual([]);
    const rows = await deliveries(study, 'memoryDue');
    expect(rows.map((r) => [r.status, r.result])).toEqual([['skipped', { reason: 'notNeeded' }]]);
    expect(await inApp(study)).toEqual([]);
  });

  it('settings: defaults, validation in both languages, shared with the SPEC toggles', async () => {
    const who = await createUser(t);
    const res = await injectWithLogin(t.app, who, {
      method: 'GET',
      url: '/api/notification-settings',
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.settings.kinds.dailyReading).toEqual({ email: false, push: false, time: '08:00' });
    expect(body.toggles.studyReminders).toBe(true);
    for (const lang of ['en', 'es']) {
      const bad = await injectWithLogin(t.app, who, {
        method: 'PUT',
        url: '/api/notification-settings',
        headers: { 'accept-language': lang },
        payload: {
          settings: {
            ...DEFAULT_NOTIFICATION_SETTINGS,
            quietHours: { enabled: true, start: '25:00', end: '07:00' },
          },
        },
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe(
        lang === 'en'
          ? 'Some fields need your attention.'
          : 'Algunos campos necesitan tu atención.',
      );
      expect(bad.json().errors[0].path).toBe('settings.quietHours.start');
    }
    const zone = await put(who, { timeZone: 'Europe/Madrid' });
    expect(zone.json().timeZone).toBe('Europe/Madrid');
    expect((await put(who, { timeZone: 'Mars/Olympus_Mons' })).statusCode).toBe(400);
    await put(who, { toggles: { emailNotifications: false } });
    const me = await injectWithLogin(t.app, who, { method: 'GET', url: '/api/auth/user' });
    expect(me.json().preferences.emailNotifications).toBe(false);
    expect(me.json().preferences.timeZone).toBe('Europe/Madrid');
  });
});

describe('the in-app list', () => {
  it('lists newest first with the unread count, marks one and all read, pages by 20; owner only', async () => {
    const who = await createUser(t);
    const stranger = await createUser(t);
    for (let i = 0; i < 23; i++) {
      await notify(
        t.database.db,
        who.id,
        'supportAnswered',
        { number: i, url: '/account-settings?tab=support' },
        {
          now: new Date(Date.UTC(2026, 4, 1, 0, i)),
        },
      );
    }
    const get = (url: string, as = who) => injectWithLogin(t.app, as, { method: 'GET', url });
    const first = (await get('/api/notifications')).json();
    expect([first.total, first.unread, first.items.length]).toEqual([23, 23, 20]);
    expect(first.items[0].data.number).toBe(22);
    expect(first.items[0].url).toBe('/account-settings?tab=support');
    const second = (await get('/api/notifications?page=2')).json();
    expect(second.items.map((n: { data: { number: number } }) => n.data.number)).toEqual([2, 1, 0]);
    const id = first.items[0].id as string;
    const post = (url: string, as = who) => injectWithLogin(t.app, as, { method: 'POST', url });
    expect((await post(`/api/notifications/${id}/read`, stranger)).statusCode).toBe(404);
    expect((await post(`/api/notifications/${id}/read`)).json()).toEqual({ unread: 22 });
    expect((await get('/api/notifications/unread-count')).json()).toEqual({ unread: 22 });
    expect((await post('/api/notifications/read-all')).json()).toEqual({ unread: 0, marked: 22 });
    expect((await get('/api/notifications', stranger)).json().total).toBe(0);
    expect((await get('/api/notifications?page=0')).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/api/notifications' })).statusCode).toBe(401);
  });

  it('notify() is idempotent with a dedupe key; a badge earned notifies once', async () => {
    const who = await createUser(t);
    expect(
      await notify(
        t.database.db,
        who.id,
        'badgeEarned',
        { badge: 'first-lesson' },
        { dedupeKey: 'first-lesson' },
      ),
    ).toEqual({ created: true });
    expect(
      await notify(
        t.database.db,
        who.id,
        'badgeEarned',
        { badge: 'first-lesson' },
        { dedupeKey: 'first-lesson' },
      ),
    ).toEqual({ created: false });
    expect((await inApp(who)).length).toBe(1);
  });

  it('a test sends in-app, and reports e-mail and push', async () => {
    const who = await createUser(t);
    const res = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/notifications/test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      inApp: { outcome: 'delivered' },
      email: { outcome: 'sent' },
      push: { outcome: 'notSubscribed' },
    });
    expect(t.mail.at(-1)!.to).toBe(who.email);
    const [u] = await t.database.db.select().from(user).where(eq(user.id, who.id));
    expect(u).toBeDefined();
  });
});
