import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '#server/db/schema.ts';
import { injectWithLogin, useTestApp } from '../helpers/app.ts';

const app = useTestApp({}, { member: {} });

/** better-auth endpoints the app does not use: each would write or reveal around our rules. */
const HIDDEN = [
  ['POST', '/api/auth/update-user', { firstName: 'x'.repeat(5000), lastName: '' }],
  ['POST', '/api/auth/update-user', { lastName: null }],
  ['POST', '/api/auth/update-user', { role: 'admin', isPremium: true, ageVerified: true }],
  ['POST', '/api/auth/update%2Duser', { firstName: 'Bypass' }],
  ['POST', '/api/auth/change-email', { newEmail: 'other@example.com' }],
  ['POST', '/api/auth/revoke-session', { token: 'x' }],
  ['POST', '/api/auth/revoke-sessions', {}],
  ['POST', '/api/auth/sign-in/social', { provider: 'github' }],
  ['POST', '/api/auth/unlink-account', { providerId: 'credential' }],
  ['POST', '/api/auth/set-password', { newPassword: 'a new password 1' }],
  ['GET', '/api/auth/list-accounts', undefined],
  ['GET', '/api/auth/list-sessions', undefined],
  ['GET', '/api/auth/delete-user/callback?token=x', undefined],
] as const;

describe('better-auth endpoints the app does not use', () => {
  it('answer a translated 404, and change nothing', async () => {
    const [before] = await app.t.database.db.select().from(user).where(eq(user.id, app.member.id));
    for (const [method, url, payload] of HIDDEN) {
      const res = await injectWithLogin(app.t.app, app.member, {
        method,
        url,
        headers: { 'accept-language': 'es' },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json().message).toBe('No se encontró el recurso solicitado.');
    }
    const [after] = await app.t.database.db.select().from(user).where(eq(user.id, app.member.id));
    expect(after).toEqual(before);
  });

  it('names change only through PATCH /api/user/profile, with its limits', async () => {
    const long = await app.call(app.member, 'PATCH', '/api/user/profile', {
      firstName: 'x'.repeat(81),
      lastName: '',
    });
    expect(long.statusCode).toBe(400);
    const ok = await app.call(app.member, 'PATCH', '/api/user/profile', {
      firstName: 'Ana',
      lastName: 'Ruiz',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('the endpoints the app uses still answer', async () => {
    const signIn = await app.t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: app.member.email, password: app.member.password },
    });
    expect(signIn.statusCode).toBe(200);
    const badReset = await app.t.app.inject({
      method: 'GET',
      url: '/api/auth/reset-password/not-a-token?callbackURL=/reset-password',
    });
    expect(badReset.statusCode).toBe(302);
  });
});
