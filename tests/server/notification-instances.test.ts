/**
 * Two app instances on one PostgreSQL database (two connection pools, two schedulers ticking
 * at the same moment): each reminder is delivered once. Runs with TEST_DATABASE_URL; on
 * PGlite (one connection) the same race is covered in notifications.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { openPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { notification, notificationDelivery } from '#server/db/schema.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from '#shared/schemas/notifications.ts';
import { createTestApp, createUser, injectWithLogin, type TestApp } from '../helpers/app.ts';

const url = process.env.TEST_DATABASE_URL;
const clock = { now: new Date('2026-06-01T07:00:00Z') };

describe.runIf(url)('two instances on one PostgreSQL', () => {
  const name = `t_notify_${randomBytes(4).toString('hex')}`;
  let handles: DatabaseHandle[] = [];
  let apps: TestApp[] = [];

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const target = new URL(url!);
    target.pathname = `/${name}`;
    handles = [await openPostgres(target.toString(), 5), await openPostgres(target.toString(), 5)];
    await Promise.all(handles.map((h) => h.migrate()));
    apps = [];
    for (const database of handles) {
      apps.push(
        await createTestApp({ database, deps: { notifications: { clock: () => clock.now } } }),
      );
    }
  });

  afterAll(async () => {
    for (const a of apps) await a.close();
    for (const h of handles) await h.close();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('delivers each reminder once while both tick together, minute after minute', async () => {
    const [a, b] = apps as [TestApp, TestApp];
    const members = [];
    for (let i = 0; i < 12; i++) {
      const who = await createUser(a);
      const settings = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
      settings.kinds.prayer.time = '07:00';
      await injectWithLogin(a.app, who, {
        method: 'PUT',
        url: '/api/notification-settings',
        payload: { toggles: { studyReminders: false, weeklyProgress: false }, settings },
      });
      members.push(who.id);
    }
    for (let minute = 0; minute < 5; minute++) {
      clock.now = new Date(Date.UTC(2026, 5, 1, 7, minute, 10));
      await Promise.all([
        a.app.notificationScheduler.tick(),
        b.app.notificationScheduler.tick(),
        a.app.notificationScheduler.tick(),
        b.app.notificationScheduler.tick(),
      ]);
    }
    const rows = await a.database.db
      .select()
      .from(notificationDelivery)
      .where(inArray(notificationDelivery.userId, members));
    expect(rows).toHaveLength(12);
    expect(rows.every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    for (const id of members) {
      const items = await b.database.db
        .select()
        .from(notification)
        .where(eq(notification.userId, id));
      expect(items).toHaveLength(1);
    }
  });
});
