import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { symmetricDecrypt, symmetricEncrypt } from 'better-auth/crypto';
import { hashStoredRecoveryCodes } from '#server/auth/recovery-codes.ts';
import { twoFactor, user } from '#server/db/schema.ts';
import {
  TEST_SECRET,
  cookieFrom,
  createUser,
  signIn,
  useTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';
import { msLeftInStep, secretOf, totp } from '../helpers/totp.ts';

const app = useTestApp({}, { admin: { role: 'admin', twoFactorEnabled: false } });

// A code is good during its own 30-second step only (ADR 0031): rather than wait for the next
// step, the tests move the clock (Date alone: it still runs, timers are real).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Moves the clock to one second into the next 30-second step: the app shows a new code. */
const nextStep = () => vi.setSystemTime(Math.floor(Date.now() / 30_000 + 1) * 30_000 + 1_000);

/** The code the app shows now, with time to spare before it changes. */
function codeNow(secret: string): string {
  if (msLeftInStep() < 3_000) nextStep();
  return totp(secret);
}

type Inject = {
  method: 'GET' | 'POST';
  url: string;
  cookie?: string;
  payload?: object;
  lang?: string;
};
const send = (t: TestApp, { method, url, cookie, payload, lang = 'en' }: Inject) =>
  t.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

/** Merges Set-Cookie answers into a cookie header, the way a browser keeps its jar. */
function jar(current: string, res: { headers: Record<string, unknown> }): string {
  const cookies = new Map(
    current
      .split('; ')
      .filter(Boolean)
      .map((c) => c.split('=') as [string, string]),
  );
  const raw = res.headers['set-cookie'];
  for (const line of Array.isArray(raw) ? raw : raw ? [String(raw)] : []) {
    const [pair] = String(line).split(';');
    const [name, ...rest] = pair!.split('=');
    const value = rest.join('=');
    if (value === '' || /max-age=0/i.test(String(line))) cookies.delete(name!);
    else cookies.set(name!, value);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** Turns two-step verification on through the API, as the settings dialog does. */
async function turnOn(t: TestApp, who: TestUser) {
  const enable = await send(t, {
    method: 'POST',
    url: '/api/auth/two-factor/enable',
    cookie: who.cookie,
    payload: { password: who.password },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
  const secret = secretOf(totpURI);
  const code = codeNow(secret);
  const confirm = await send(t, {
    method: 'POST',
    url: '/api/auth/two-factor/verify-totp',
    cookie: who.cookie,
    payload: { code },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  // better-auth renews the session when the account changes: keep the new cookie.
  who.cookie = jar(who.cookie, confirm);
  return { secret, backupCodes, totpURI, code };
}

const me = (t: TestApp, cookie: string) =>
  send(t, { method: 'GET', url: '/api/auth/user', cookie });

/** The password step of a sign-in that asks for a code: the pending cookie, no session. */
async function passwordStep(t: TestApp, who: TestUser) {
  const res = await signIn(t.app, who.email, who.password);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['totp'] });
  const cookie = cookieFrom(res);
  expect(cookie).toContain('two_factor=');
  expect(cookie).not.toContain('session_token=');
  expect((await me(t, cookie)).statusCode).toBe(401);
  return cookie;
}

describe('two-step verification (TOTP)', () => {
  it('is turned on with the password and a first code; until then nothing changes', async () => {
    const t = app.t;
    const who = await createUser(t);
    const wrongPassword = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: who.cookie,
      payload: { password: 'not the password' },
      lang: 'es',
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      message: 'La contraseña es incorrecta.',
    });

    const enable = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/enable',
      cookie: who.cookie,
      payload: { password: who.password, method: 'otp' },
    });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes, method } = enable.json() as {
      totpURI: string;
      backupCodes: string[];
      method: string;
    };
    // Only an authenticator app is offered, whatever the body asks for.
    expect(method).toBe('totp');
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Camino:.+\?secret=[A-Z2-7]+&issuer=Camino/);
    expect(backupCodes).toHaveLength(10);
    for (const code of backupCodes) expect(code).toMatch(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/);
    // Not on before a first code is confirmed: sign-in still needs only the password.
    expect((await me(t, who.cookie)).json()).toMatchObject({ twoFactorEnabled: false });
    expect((await signIn(t.app, who.email, who.password)).json()).toHaveProperty('user');

    const secret = secretOf(totpURI);
    const wrong = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: who.cookie,
      payload: { code: String((Number(codeNow(secret)) + 1) % 1_000_000).padStart(6, '0') },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_CODE' });
    // A wrong code is not a lost session.
    expect((await me(t, who.cookie)).statusCode).toBe(200);

    const right = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: who.cookie,
      payload: { code: codeNow(secret).replace(/(\d{3})/, '$1 ') },
    });
    expect(right.statusCode, right.body).toBe(200);
    who.cookie = jar(who.cookie, right);
    expect((await me(t, who.cookie)).json()).toMatchObject({ twoFactorEnabled: true });
    const [row] = await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, who.id));
    // The secret and the recovery codes are stored encrypted, never as given out.
    expect(row!.secret).not.toContain(secret);
    expect(row!.backupCodes).not.toContain(backupCodes[0]!);
  });

  it('asks for the code after the password; a wrong or reused code opens nothing', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { secret, code: spent } = await turnOn(t, who);
    // The confirmation's code is spent: the next sign-in needs a code of its own.
    const pending = await passwordStep(t, who);

    const badShape = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: pending,
      payload: { code: '12ab' },
      lang: 'es',
    });
    expect(badShape.statusCode).toBe(400);
    expect(JSON.stringify(badShape.json())).toContain(
      'Escribe los 6 dígitos que muestra tu aplicación',
    );

    const reused = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: pending,
      payload: { code: spent },
    });
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ code: 'INVALID_CODE' });
    expect(cookieFrom(reused)).not.toContain('session_token=');

    // The next 30-second step's code, once the app shows it, opens the session.
    nextStep();
    const code = totp(secret);
    const ok = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: pending,
      payload: { code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = jar(pending, ok);
    expect((await me(t, session)).json()).toMatchObject({ id: who.id, twoFactorEnabled: true });

    // The same code on another pending sign-in (someone who saw it) is refused.
    const other = await passwordStep(t, who);
    const replay = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: other,
      payload: { code },
    });
    expect(replay.statusCode).toBe(401);
  });

  it('accepts a code during its own 30-second step only (ASVS 6.5.5)', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { secret } = await turnOn(t, who);
    const pending = await passwordStep(t, who);
    // Two steps on: the step before now is one whose code nobody used.
    nextStep();
    nextStep();
    const verify = (code: string) =>
      send(t, {
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        cookie: pending,
        payload: { code },
        lang: 'es',
      });
    const late = await verify(totp(secret, Date.now() - 30_000));
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({
      code: 'INVALID_CODE',
      message: 'Ese código acaba de cambiar. Escribe el código que muestra ahora tu aplicación.',
    });
    const early = await verify(totp(secret, Date.now() + 30_000));
    expect(early.statusCode).toBe(401);
    expect(early.json().message).toMatch(/^Ese código todavía no es válido/);
    expect(cookieFrom(early)).not.toContain('session_token=');

    // The current step's code, even two seconds before it changes.
    vi.setSystemTime(Math.floor(Date.now() / 30_000) * 30_000 + 28_000);
    const ok = await verify(totp(secret));
    expect(ok.statusCode, ok.body).toBe(200);
    expect(cookieFrom(ok)).toContain('session_token=');
  });

  it('ends a pending sign-in after five wrong codes', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { secret } = await turnOn(t, who);
    const pending = await passwordStep(t, who);
    const wrong = String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await send(t, {
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        cookie: pending,
        payload: { code: wrong.slice(0, 5) + String(i) },
      });
      expect(res.statusCode).toBe(401);
    }
    const sixth = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: pending,
      // Even the right code: one the confirmation cannot have used (a step later).
      payload: { code: (nextStep(), totp(secret)) },
      lang: 'es',
    });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json()).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
      message: 'Demasiados códigos incorrectos. Vuelve a iniciar sesión.',
    });
  });

  it('lets a recovery code in once, with or without its dash; new codes replace the old', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { backupCodes } = await turnOn(t, who);
    const [first, second] = backupCodes as [string, string];

    const pending = await passwordStep(t, who);
    const ok = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: pending,
      payload: { code: first.replace('-', ''), disableSession: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const session = jar(pending, ok);
    expect((await me(t, session)).statusCode).toBe(200);

    const again = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: await passwordStep(t, who),
      payload: { code: first },
    });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ code: 'INVALID_BACKUP_CODE' });

    const renewed = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/generate-backup-codes',
      cookie: session,
      payload: { password: who.password },
    });
    expect(renewed.statusCode, renewed.body).toBe(200);
    const fresh = (renewed.json() as { backupCodes: string[] }).backupCodes;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(second);
    const old = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: await passwordStep(t, who),
      payload: { code: second },
    });
    expect(old.statusCode).toBe(401);
  });

  it('keeps recovery codes hashed: the stored value names no code, and the secret cannot read it', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { backupCodes } = await turnOn(t, who);
    const stored = async () =>
      (await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, who.id)))[0]!
        .backupCodes;
    const before = await stored();
    const entries = JSON.parse(before) as string[];
    expect(entries).toHaveLength(10);
    for (const entry of entries) expect(entry).toMatch(/^scrypt1:[\w-]{22}:[\w-]{43}$/);
    for (const code of backupCodes as string[]) {
      expect(before).not.toContain(code);
      expect(before).not.toContain(code.replace('-', ''));
    }
    // Not an encryption: the app's secret opens nothing.
    await expect(symmetricDecrypt({ key: TEST_SECRET, data: before })).rejects.toThrow();

    // A code still lets the member in, once; nine hashes are left, none of them for it.
    const pending = await passwordStep(t, who);
    const ok = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: pending,
      payload: { code: backupCodes[3] },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const after = JSON.parse(await stored()) as string[];
    expect(after).toHaveLength(9);
    expect(after).toEqual(entries.filter((_, i) => i !== 3));
    // The session token is the cookie's alone: not in the answer's JSON (ASVS 3.3.4).
    const token = jar(pending, ok).match(/session_token=([^.;]+)/)![1]!;
    expect(ok.body).not.toContain(token);
    expect(ok.json()).not.toHaveProperty('token');
  });

  it('hashes recovery codes an earlier version stored encrypted, at start or at their next use', async () => {
    const t = app.t;
    const legacy = async (who: TestUser, codes: string[]) =>
      t.database.db
        .update(twoFactor)
        .set({
          backupCodes: await symmetricEncrypt({ key: TEST_SECRET, data: JSON.stringify(codes) }),
        })
        .where(eq(twoFactor.userId, who.id));
    const row = async (who: TestUser) =>
      (await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, who.id)))[0]!;

    // At start: every legacy row is hashed; its codes still work.
    const a = await createUser(t);
    const codesA = (await turnOn(t, a)).backupCodes as string[];
    await legacy(a, codesA);
    expect(await hashStoredRecoveryCodes(t.database.db, TEST_SECRET)).toBe(1);
    expect(await hashStoredRecoveryCodes(t.database.db, TEST_SECRET)).toBe(0);
    const hashed = JSON.parse((await row(a)).backupCodes) as string[];
    expect(hashed).toHaveLength(10);
    expect(hashed.every((e) => e.startsWith('scrypt1:'))).toBe(true);
    const inA = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: await passwordStep(t, a),
      payload: { code: codesA[0] },
    });
    expect(inA.statusCode, inA.body).toBe(200);

    // A row left encrypted (an instance that has not restarted yet): read once more, then
    // stored hashed without the code just used.
    const b = await createUser(t);
    const codesB = (await turnOn(t, b)).backupCodes as string[];
    await legacy(b, codesB);
    const inB = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: await passwordStep(t, b),
      payload: { code: codesB[9] },
    });
    expect(inB.statusCode, inB.body).toBe(200);
    const left = JSON.parse((await row(b)).backupCodes) as string[];
    expect(left).toHaveLength(9);
    expect(left.every((e) => e.startsWith('scrypt1:'))).toBe(true);
    const reused = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-backup-code',
      cookie: await passwordStep(t, b),
      payload: { code: codesB[9] },
    });
    expect(reused.statusCode).toBe(401);
  });

  it('trusts a device for 30 days only when asked, and no longer once turned off', async () => {
    const t = app.t;
    const who = await createUser(t);
    const { secret } = await turnOn(t, who);
    const pending = await passwordStep(t, who);
    const ok = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/verify-totp',
      cookie: pending,
      payload: { code: (nextStep(), totp(secret)), trustDevice: true },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const device = jar(pending, ok);
    expect(device).toContain('trust_device=');

    // Signing in again on this device: the password is enough.
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { cookie: device },
      payload: { email: who.email, password: who.password },
    });
    expect(again.json()).toHaveProperty('user');
    const session = jar(device, again);

    const off = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      cookie: session,
      payload: { password: who.password },
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(
      (await t.database.db.select().from(twoFactor).where(eq(twoFactor.userId, who.id))).length,
    ).toBe(0);
    const [row] = await t.database.db.select().from(user).where(eq(user.id, who.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect((await signIn(t.app, who.email, who.password)).json()).toHaveProperty('user');
  });

  it('keeps the admin routes closed to an admin without it, and admins cannot turn it off', async () => {
    const t = app.t;
    const admin = app.admin;
    const closed = await send(t, {
      method: 'GET',
      url: '/api/admin/users',
      cookie: admin.cookie,
      lang: 'es',
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toMatchObject({
      code: 'TWO_FACTOR_REQUIRED',
      message: expect.stringContaining('verificación en dos pasos'),
    });
    await turnOn(t, admin);
    expect(
      (await send(t, { method: 'GET', url: '/api/admin/users', cookie: admin.cookie })).statusCode,
    ).toBe(200);
    const off = await send(t, {
      method: 'POST',
      url: '/api/auth/two-factor/disable',
      cookie: admin.cookie,
      payload: { password: admin.password },
    });
    expect(off.statusCode).toBe(403);
    expect(off.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    const [row] = await t.database.db.select().from(user).where(eq(user.id, admin.id));
    expect(row!.twoFactorEnabled).toBe(true);
  });

  it('passes on only the two-factor endpoints the app uses', async () => {
    const t = app.t;
    const who = await createUser(t);
    for (const path of [
      'get-totp-uri',
      'send-otp',
      'verify-otp',
      'view-backup-codes',
      'generate',
    ]) {
      const res = await send(t, {
        method: 'POST',
        url: `/api/auth/two-factor/${path}`,
        cookie: who.cookie,
        payload: { password: who.password, userId: who.id },
      });
      expect(res.statusCode, path).toBe(404);
    }
  });
});
