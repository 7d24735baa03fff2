import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loggerOptions } from '#server/app.ts';
import { user } from '#server/db/schema.ts';
import { cookieFrom, createTestApp, createUser, signIn } from '../helpers/app.ts';

/** A test app whose log lines are collected, with a route that fails. */
async function appWithLog(env: Record<string, string>) {
  const lines: ({ msg: string; level: number; res?: { statusCode: number } } & Record<
    string,
    unknown
  >)[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const t = await createTestApp({
    env,
    deps: {
      logger: { ...(loggerOptions('info') as object), stream },
      plugins: [
        async (app: FastifyInstance) => {
          app.get('/boom', async () => {
            throw new Error('kaput');
          });
        },
      ],
    },
  });
  return { t, lines };
}

describe('request logging', () => {
  it('logs only failed and slow requests when set to errors (the production default)', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'errors', SLOW_REQUEST_MS: '60000' });
    try {
      for (let i = 0; i < 5; i++) await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => /request/.test(l.msg))).toEqual([]);
      await t.app.inject({ method: 'GET', url: '/boom' });
      // One line, from the error handler, with the error.
      expect(lines.filter((l) => /request/.test(l.msg)).map((l) => [l.msg, l.level])).toEqual([
        ['request failed', 50],
      ]);
    } finally {
      await t.close();
    }
  });

  it('names slow requests', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'errors', SLOW_REQUEST_MS: '0' });
    try {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.msg === 'slow request')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });

  it('logs every request when set to all (the default outside production)', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'all' });
    try {
      await t.app.inject({ method: 'GET', url: '/healthz' });
      expect(lines.filter((l) => l.msg === 'request completed')).toHaveLength(1);
    } finally {
      await t.close();
    }
  });
});

describe('security events (ASVS 16.2.1, 16.3.1–16.3.3; docs/security-events.md)', () => {
  type Line = Record<string, unknown> & { msg: string; level: number };

  it('logs each kind of event with who, what, when and where, and never a password or content', async () => {
    const { t, lines } = await appWithLog({ LOG_REQUESTS: 'errors', AUTH_RATE_LIMIT_MAX: '4' });
    const events = () => lines.filter((l) => (l as Line).security === true) as Line[];
    const last = (event: string) =>
      events()
        .filter((l) => l.event === event)
        .at(-1);
    try {
      const password = 'a secret long password';
      const email = `events-${Date.now()}@example.com`;
      const up = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        remoteAddress: '203.0.113.7',
        payload: { email, password, firstName: 'Ana', lastName: 'Ruiz' },
      });
      const memberId = (up.json() as { user: { id: string } }).user.id;
      const cookie = cookieFrom(up);
      expect(last('auth.sign-up')).toMatchObject({
        outcome: 'success',
        userId: memberId,
        ip: '203.0.113.7',
        reqId: expect.any(String),
        time: expect.any(Number),
        level: 30,
      });
      await t.database.db.update(user).set({ ageVerified: true }).where(eq(user.id, memberId));
      const as = (options: InjectOptions) =>
        t.app.inject({ ...options, headers: { ...options.headers, cookie } });

      // Sign-in: a failure names the account by a keyed hash only; a success names the member.
      await signIn(t.app, email, 'not the password at all');
      const failed = last('auth.sign-in')!;
      expect(failed).toMatchObject({ outcome: 'failure', status: 401, userId: null, level: 40 });
      expect(failed.code).toBe('INVALID_EMAIL_OR_PASSWORD');
      expect(failed.account).toMatch(/^[\w-]{16}$/);
      await signIn(t.app, email, password);
      expect(last('auth.sign-in')).toMatchObject({
        outcome: 'success',
        userId: memberId,
        account: failed.account,
      });

      // Password change (refused, then done), reset request and reset.
      await as({
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: 'wrong wrong wrong', newPassword: 'another long password' },
      });
      expect(last('auth.password.change')).toMatchObject({ outcome: 'failure', userId: memberId });
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        payload: { email, redirectTo: '/reset-password' },
      });
      expect(last('auth.password.reset-request')).toMatchObject({
        outcome: 'success',
        account: failed.account,
      });
      const link = new URL(/http\S+/.exec(t.mail.at(-1)!.text)![0]);
      const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      const token = new URL(follow.headers.location as string, 'http://x').searchParams.get(
        'token',
      );
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { newPassword: 'the reset long password', token },
      });
      expect(last('auth.password.reset')).toMatchObject({ outcome: 'success', userId: memberId });

      // Two-step sign-in turned on (started with the password).
      const fresh = cookieFrom(await signIn(t.app, email, 'the reset long password'));
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/enable',
        headers: { cookie: fresh },
        payload: { password: 'the reset long password' },
      });
      expect(last('auth.two-factor.enable')).toMatchObject({
        outcome: 'success',
        userId: memberId,
      });

      // Refusals: 401, 403, another site's Origin, invalid input, too many attempts.
      await t.app.inject({ method: 'GET', url: '/api/journal' });
      expect(last('access.denied')).toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
      await t.app.inject({
        method: 'GET',
        url: '/api/admin/users',
        headers: { cookie: fresh },
      });
      expect(last('access.denied')).toMatchObject({
        status: 403,
        code: 'ADMIN_ONLY',
        userId: memberId,
        route: '/api/admin/users',
      });
      await t.app.inject({
        method: 'POST',
        url: '/api/journal',
        headers: { cookie: fresh, origin: 'https://evil.example' },
        payload: { title: 'x', body: 'x' },
      });
      expect(last('request.cross-origin')).toMatchObject({
        status: 403,
        origin: 'https://evil.example',
        userId: null,
      });
      const secretText = 'my private confession about my brother';
      await t.app.inject({
        method: 'PATCH',
        url: '/api/user/profile',
        headers: { cookie: fresh },
        payload: { firstName: secretText.repeat(20), lastName: '' },
      });
      expect(last('request.invalid')).toMatchObject({
        outcome: 'refused',
        fields: ['firstName', 'lastName'],
        route: '/api/user/profile',
      });
      for (let i = 0; i < 6; i++) {
        await t.app.inject({
          method: 'POST',
          url: '/api/auth/sign-in/email',
          remoteAddress: '198.51.100.9',
          payload: { email, password: 'not it, not it' },
        });
      }
      expect(last('request.rate-limited')).toMatchObject({
        outcome: 'refused',
        scope: 'auth.sign-in',
        ip: '198.51.100.9',
        status: 429,
      });

      // An admin action, and a sign-out.
      const admin = await createUser(t, { role: 'admin' });
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/users/${memberId}`,
        headers: { cookie: admin.cookie },
        payload: { locked: true },
      });
      expect(last('admin.action')).toMatchObject({
        outcome: 'success',
        userId: admin.id,
        targetId: memberId,
        route: '/api/admin/users/:id',
        method: 'PATCH',
      });
      await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: admin.cookie } });
      expect(last('auth.sign-out')).toMatchObject({ outcome: 'success', userId: admin.id });

      // Nothing a member typed reaches the log: passwords, addresses, content.
      const all = lines.map((l) => JSON.stringify(l)).join('\n');
      for (const text of [
        password,
        'not the password at all',
        'the reset long password',
        email,
        secretText,
        'evil.example/',
        token!,
      ]) {
        expect(all).not.toContain(text);
      }
      // Every kind of event documented was seen.
      const seen = new Set(events().map((l) => l.event));
      for (const event of [
        'auth.sign-up',
        'auth.sign-in',
        'auth.sign-out',
        'auth.two-factor.enable',
        'auth.password.change',
        'auth.password.reset-request',
        'auth.password.reset',
        'access.denied',
        'request.cross-origin',
        'request.rate-limited',
        'request.invalid',
        'admin.action',
      ]) {
        expect(seen).toContain(event);
      }
    } finally {
      await t.close();
    }
  });
});
