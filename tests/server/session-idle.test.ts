import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '#server/config.ts';
import { session } from '#server/db/schema.ts';
import { memoDeadline } from '#server/auth/idle.ts';
import { createUser, useTestApp, type TestApp, type TestUser } from '../helpers/app.ts';

// The memo off: each request reads the session row (the memo has its own test below).
const app = useTestApp({ env: { SESSION_CACHE_TTL_MS: '0' } });

/** Makes the member's sessions look last used `ago` (a PostgreSQL interval) ago. */
const lastUsed = (t: TestApp, who: TestUser, ago: string) =>
  t.database.db
    .update(session)
    .set({ updatedAt: sql`now() - ${ago}::interval` })
    .where(eq(session.userId, who.id));

const rows = (t: TestApp, who: TestUser) =>
  t.database.db.select().from(session).where(eq(session.userId, who.id));

const me = (t: TestApp, who: TestUser) =>
  t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });

describe('sessions end after 14 days without use (ASVS 7.3.1, ADR 0041)', () => {
  it('ends a session unused for 14 days, and removes its row', async () => {
    const t = app.t;
    const who = await createUser(t);
    await lastUsed(t, who, '14 days 1 minute');
    expect((await me(t, who)).statusCode).toBe(401);
    expect(await rows(t, who)).toEqual([]);
  });

  it('ends it for better-auth’s own endpoints too, before they read it', async () => {
    const t = app.t;
    const who = await createUser(t);
    await lastUsed(t, who, '15 days');
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: who.cookie },
      payload: { currentPassword: who.password, newPassword: 'a new long password here' },
    });
    expect(change.statusCode).toBe(401);
    expect(await rows(t, who)).toEqual([]);
  });

  it('keeps a session in use alive, recording its use at most once an hour', async () => {
    const t = app.t;
    const who = await createUser(t);
    await lastUsed(t, who, '13 days 23 hours');
    expect((await me(t, who)).statusCode).toBe(200);
    const [touched] = await rows(t, who);
    expect(Date.now() - touched!.updatedAt.getTime()).toBeLessThan(60_000);

    await lastUsed(t, who, '30 minutes');
    const [before] = await rows(t, who);
    expect((await me(t, who)).statusCode).toBe(200);
    const [after] = await rows(t, who);
    expect(after!.updatedAt).toEqual(before!.updatedAt);
  });

  it('keeps the 30-day limit whatever the use', async () => {
    const t = app.t;
    const who = await createUser(t);
    await t.database.db
      .update(session)
      .set({ expiresAt: sql`now() - interval '1 second'`, updatedAt: sql`now()` })
      .where(eq(session.userId, who.id));
    expect((await me(t, who)).statusCode).toBe(401);
  });

  it('is configured with SESSION_IDLE_DAYS (14 by default), never above the absolute limit', () => {
    expect(loadConfig({}).sessionIdleSeconds).toBe(14 * 86_400);
    expect(loadConfig({ SESSION_IDLE_DAYS: '3' }).sessionIdleSeconds).toBe(3 * 86_400);
    expect(loadConfig({ SESSION_MAX_AGE_DAYS: '7' }).sessionIdleSeconds).toBe(7 * 86_400);
    expect(() => loadConfig({ SESSION_IDLE_DAYS: '0' })).toThrow(/SESSION_IDLE_DAYS/);
  });
});

describe('the session memo and the idle limit', () => {
  it('keeps a lookup no later than the session’s lifetime or its idle end, whichever is first', () => {
    const day = 86_400_000;
    // Used 10 days ago, 14 idle days: 4 days left, before the 20 left of its lifetime.
    expect(memoDeadline(new Date(20 * day), -10 * day, 14 * 86_400)).toEqual(new Date(4 * day));
    expect(memoDeadline(new Date(2 * day), 0, 14 * 86_400)).toEqual(new Date(2 * day));
  });
});
