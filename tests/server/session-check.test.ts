import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, injectWithLogin, type TestApp } from '../helpers/app.ts';

/** GET /api/session: the browser's session check, with no error status for a visitor. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the session check', () => {
  it('answers null (200) when signed out, and the user when signed in', async () => {
    const out = await t.app.inject({ method: 'GET', url: '/api/session' });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toBeNull();

    const u = await createUser(t);
    const me = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/session' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: u.email, ageVerified: true });
    // Same shape as GET /api/auth/user, which keeps its 401 for API clients.
    const user = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' });
    expect(me.json()).toEqual(user.json());
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
  });

  it('answers null for a forged or stale cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: 'better-auth.session_token=nothing.c2lnbmF0dXJl' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toBeNull();
  });
});
