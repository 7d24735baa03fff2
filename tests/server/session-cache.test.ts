import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SessionCache, type SessionUser } from '#server/auth/session.ts';
import { DEFAULT_PREFERENCES } from '#shared/schemas/user.ts';
import { createTestApp, createUser, injectWithLogin, type TestApp } from '../helpers/app.ts';

const someone = (id: string): SessionUser => ({
  id,
  sessionId: `s-${id}`,
  email: `${id}@example.com`,
  emailVerified: false,
  firstName: 'A',
  lastName: 'B',
  ageVerified: true,
  role: 'member',
  isPremium: false,
  twoFactorEnabled: false,
  preferences: DEFAULT_PREFERENCES,
  createdAt: new Date(0),
});

describe('SessionCache', () => {
  it('remembers a lookup for its TTL and never past the session expiry', () => {
    const cache = new SessionCache(1000);
    cache.set('t1', someone('u1'), new Date(10_000), 0);
    expect(cache.get('t1', 999)?.id).toBe('u1');
    expect(cache.get('t1', 1000)).toBeUndefined();
    cache.set('t2', someone('u2'), new Date(500), 0);
    expect(cache.get('t2', 499)?.id).toBe('u2');
    expect(cache.get('t2', 500)).toBeUndefined();
  });

  it('forgets one user, or everything, and stays bounded', () => {
    const cache = new SessionCache(60_000, 3);
    cache.set('a', someone('u1'), new Date(1e12), 0);
    cache.set('b', someone('u1'), new Date(1e12), 0);
    cache.set('c', someone('u2'), new Date(1e12), 0);
    cache.forgetUser('u1');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('c', 1)?.id).toBe('u2');
    for (const t of ['d', 'e', 'f']) cache.set(t, someone(t), new Date(1e12), 0);
    expect(cache.get('c', 1)).toBeUndefined();
    cache.clear();
    expect(cache.get('f', 1)).toBeUndefined();
  });

  it('is off with a TTL of 0', () => {
    const cache = new SessionCache(0);
    cache.set('t', someone('u'), new Date(1e12), 0);
    expect(cache.get('t', 0)).toBeUndefined();
  });
});

describe('session memo across two instances on one database', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { SESSION_CACHE_TTL_MS: '300' } });
    b = await createTestApp({ database: a.database, env: { SESSION_CACHE_TTL_MS: '300' } });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('applies a change at once on the instance that made it, and within the TTL elsewhere', async () => {
    const u = await createUser(a);
    const me = (app: TestApp) =>
      injectWithLogin(app.app, u, { method: 'GET', url: '/api/auth/user' });
    expect((await me(a)).json().firstName).toBe('Test');
    expect((await me(b)).json().firstName).toBe('Test');
    await injectWithLogin(a.app, u, {
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { firstName: 'Changed', lastName: 'Name' },
    });
    expect((await me(a)).json().firstName).toBe('Changed');
    await new Promise((r) => setTimeout(r, 350));
    expect((await me(b)).json().firstName).toBe('Changed');

    // Sign-out on A: A refuses the token at once, B within the TTL.
    expect((await me(b)).statusCode).toBe(200);
    await injectWithLogin(a.app, u, { method: 'GET', url: '/api/logout' });
    expect((await me(a)).statusCode).toBe(401);
    await new Promise((r) => setTimeout(r, 350));
    expect((await me(b)).statusCode).toBe(401);
  });
});
