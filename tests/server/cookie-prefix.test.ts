import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { signUp, useTestApp } from '../helpers/app.ts';

const HTTPS_ORIGIN = 'https://camino.example.org';
const https = useTestApp({ env: { APP_URL: HTTPS_ORIGIN } });
const http = useTestApp();

const setCookies = (res: LightMyRequestResponse) => [res.headers['set-cookie'] ?? []].flat();
const named = (res: LightMyRequestResponse, name: string) =>
  setCookies(res).find((c) => c.startsWith(`${name}=`));
const valueOf = (line: string) => line.split(';')[0]!.split('=').slice(1).join('=');

describe('session cookie names (ASVS 3.3.3, ADR 0042)', () => {
  it('over HTTPS: __Host- cookies, Secure, Path=/, no Domain; no other name is read', async () => {
    const t = https.t;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: HTTPS_ORIGIN },
      payload: {
        email: `host-${Date.now()}@example.com`,
        password: 'a long password for the host',
        firstName: 'Ana',
        lastName: 'Host',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const cookies = setCookies(res);
    expect(cookies.length).toBeGreaterThan(0);
    for (const line of cookies) {
      expect(line).toMatch(/^__Host-better-auth\./);
      expect(line).toMatch(/; Secure/);
      expect(line).toMatch(/; Path=\/(;|$)/);
      expect(line).not.toMatch(/; Domain=/i);
    }
    const session = named(res, '__Host-better-auth.session_token')!;
    const token = valueOf(session);
    const me = (cookie: string) =>
      t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect((await me(`__Host-better-auth.session_token=${token}`)).statusCode).toBe(200);
    // The same value under a name another site could set (no prefix) opens nothing.
    expect((await me(`better-auth.session_token=${token}`)).statusCode).toBe(401);
  });

  it('renames a session signed in under the old __Secure- name, without signing anyone out', async () => {
    const t = https.t;
    const password = 'a long password for the rename';
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { origin: HTTPS_ORIGIN },
      payload: {
        email: `rename-${Date.now()}@example.com`,
        password,
        firstName: 'Luis',
        lastName: 'Old',
      },
    });
    const token = valueOf(named(res, '__Host-better-auth.session_token')!);
    const legacy = `__Secure-better-auth.session_token=${token}`;

    const check = await t.app.inject({
      method: 'GET',
      url: '/api/session',
      headers: { cookie: legacy },
    });
    expect(check.json()).toMatchObject({ lastName: 'Old' });
    expect(valueOf(named(check, '__Host-better-auth.session_token')!)).toBe(token);
    expect(named(check, '__Host-better-auth.session_token')).toMatch(/; Secure/);
    expect(named(check, '__Secure-better-auth.session_token')).toMatch(/Max-Age=0/);

    // better-auth's own endpoints see the session too (they read the request's cookie header).
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: legacy, origin: HTTPS_ORIGIN },
      payload: { currentPassword: password, newPassword: 'another long password here' },
    });
    expect(change.statusCode, change.body).toBe(200);
  });

  it('over plain http (a local start): no prefix, not Secure', async () => {
    const t = http.t;
    const who = await signUp(t.app);
    expect(who.cookie).toMatch(/^better-auth\.session_token=/);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: who.email, password: who.password },
    });
    const line = named(res, 'better-auth.session_token')!;
    expect(line).not.toMatch(/; Secure/);
    expect(setCookies(res).every((c) => !c.startsWith('__'))).toBe(true);
  });
});
