import { describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { DashboardCache } from '#server/dashboard/cache.ts';
import { useTestApp } from '../helpers/app.ts';

describe('DashboardCache', () => {
  it('keeps a value for the day until the TTL, the stale time or a change', () => {
    const cache = new DashboardCache<string>(60_000);
    cache.set('u', '2026-11-22', 'a', cache.ticket(), 1000);
    expect(cache.get('u', '2026-11-22', 2000)).toBe('a');
    expect(cache.get('u', '2026-11-23', 2000)).toBeUndefined(); // a new local day
    cache.set('u', '2026-11-22', 'b', cache.ticket(), 1000, 5000);
    expect(cache.get('u', '2026-11-22', 4999)).toBe('b');
    expect(cache.get('u', '2026-11-22', 5000)).toBeUndefined(); // a verse fell due
    cache.set('u', '2026-11-22', 'c', cache.ticket(), 1000);
    expect(cache.get('u', '2026-11-22', 61_000)).toBeUndefined(); // the TTL
    cache.set('u', '2026-11-22', 'd', cache.ticket(), 1000);
    cache.forget('u');
    expect(cache.get('u', '2026-11-22', 2000)).toBeUndefined();
  });

  it('refuses a value read before a change by the same member', () => {
    const cache = new DashboardCache<string>(60_000);
    const before = cache.ticket();
    cache.forget('u'); // the member wrote while the read was in flight
    cache.set('u', 'd', 'stale', before, 0);
    expect(cache.get('u', 'd', 1)).toBeUndefined();
    cache.set('u', 'd', 'fresh', cache.ticket(), 0);
    expect(cache.get('u', 'd', 1)).toBe('fresh');
    // Another member's change does not matter.
    const ticket = cache.ticket();
    cache.forget('v');
    cache.set('u', 'd', 'still fine', ticket, 0);
    expect(cache.get('u', 'd', 1)).toBe('still fine');
  });

  it('is off with a TTL of 0, and bounded', () => {
    const off = new DashboardCache<string>(0);
    off.set('u', 'd', 'x', off.ticket(), 0);
    expect(off.get('u', 'd', 1)).toBeUndefined();
    const small = new DashboardCache<string>(60_000, 2);
    for (const id of ['a', 'b', 'c']) small.set(id, 'd', id, small.ticket(), 0);
    expect(small.size).toBe(2);
    expect(small.get('a', 'd', 1)).toBeUndefined();
  });

  it('keeps entries only briefly while its Redis link is down', async () => {
    // Nothing listens on port 1: the link never comes up (the client keeps trying).
    const redis = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      enableOfflineQueue: false,
      retryStrategy: () => 60_000,
    });
    const cache = new DashboardCache<string>(60_000, 10, 5_000);
    cache.connect(redis);
    try {
      expect(cache.linked).toBe(false);
      cache.set('u', 'd', 'x', cache.ticket(), 1000);
      expect(cache.get('u', 'd', 5999)).toBe('x');
      expect(cache.get('u', 'd', 6000)).toBeUndefined();
      cache.forget('u'); // publishing fails quietly
    } finally {
      cache.disconnect();
      redis.disconnect();
    }
  });

  it('carries a change to the other instances through Redis', async () => {
    const redis = new Redis('redis://127.0.0.1:6379', {
      lazyConnect: true,
      maxRetriesPerRequest: 1,
    });
    try {
      await redis.connect();
    } catch {
      console.warn('Redis not reachable: skipping the cross-instance test');
      redis.disconnect();
      return;
    }
    const a = new DashboardCache<string>(60_000);
    const b = new DashboardCache<string>(60_000);
    a.connect(redis);
    b.connect(redis);
    await expect.poll(() => b.linked).toBe(true);
    b.set('u', 'd', 'x', b.ticket(), Date.now());
    a.forget('u');
    await expect.poll(() => b.get('u', 'd', Date.now())).toBeUndefined();
    a.disconnect();
    b.disconnect();
    redis.disconnect();
  });
});

describe('the dashboard with its cache', () => {
  const app = useTestApp(
    { bibles: true, env: { DASHBOARD_CACHE_TTL_MS: '60000' } },
    { member: {}, admin: { role: 'admin' } },
  );
  const call = app.call;

  it("shows the member's own writes at once", async () => {
    expect((await call(app.member, 'GET', '/api/dashboard')).json().streak.current).toBe(0);
    await call(app.member, 'POST', '/api/prayer-sessions', { minutes: 5 });
    const d = (await call(app.member, 'GET', '/api/dashboard')).json();
    expect(d.streak.current).toBe(1);
    expect(d.recentActivity[0]).toMatchObject({ kind: 'prayer', amount: 5 });
    await call(app.member, 'POST', '/api/memory-verses', {
      reference: 'John 3:16',
      category: 'love',
    });
    expect((await call(app.member, 'GET', '/api/dashboard')).json().memoryVerseCount).toEqual({
      total: 1,
      due: 1,
    });
    await call(app.member, 'POST', '/api/reading-plans/gospels/start', { duration: 90 });
    expect((await call(app.member, 'GET', '/api/dashboard')).json().todaysReading.planId).toBe(
      'gospels',
    );
  });

  it('answers each language (and entitlement) from the same rows', async () => {
    const en = (await call(app.member, 'GET', '/api/dashboard')).json();
    const es = (await call(app.member, 'GET', '/api/dashboard', undefined, 'es')).json();
    expect(en.courseProgress[0].title).toBe('Christianity 101: Foundations');
    expect(es.courseProgress[0].title).toBe('Cristianismo 101: Fundamentos');
    expect(es.todaysReading.references[0]).toMatch(/^Mateo 1/);
    expect(es.verseOfTheDay.translation).toBe('RV1909');
    // Premium granted by an admin (not a write of the member's own) still shows at once.
    expect(en.courseProgress[1].locked).toBe(true);
    await call(app.admin, 'PATCH', `/api/admin/users/${app.member.id}`, { isPremium: true });
    const after = (await call(app.member, 'GET', '/api/dashboard')).json();
    expect(after.courseProgress[1].locked).toBe(false);
  });
});
