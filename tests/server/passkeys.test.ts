import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, like } from 'drizzle-orm';
import { loggerOptions } from '#server/app.ts';
import { passkey, verification } from '#server/db/schema.ts';
import {
  TEST_ORIGIN,
  cookieFrom,
  createTestApp,
  createUser,
  signIn,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';
import { softAuthenticator, type SoftAuthenticator } from '../helpers/webauthn.ts';
import { freshTotp, secretOf } from '../helpers/totp.ts';

type Line = Record<string, unknown>;
let t: TestApp;
const lines: Line[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  t = await createTestApp({ deps: { logger: { ...(loggerOptions('info') as object), stream } } });
});
afterAll(() => t?.close());

const events = (event: string, userId: string) =>
  lines.filter((l) => l.security === true && l.event === event && l.userId === userId);

type Send = {
  method?: 'GET' | 'POST';
  url: string;
  cookie?: string;
  payload?: object;
  lang?: string;
};
const send = ({ method = 'POST', url, cookie, payload, lang = 'en' }: Send) =>
  t.app.inject({
    method,
    url,
    headers: { 'accept-language': lang, ...(cookie ? { cookie } : {}) },
    ...(payload ? { payload } : {}),
  });

/** Settings → "Add a passkey": the password, the options, the authenticator's answer. */
async function addPasskey(who: TestUser, key: SoftAuthenticator, name = 'My phone') {
  const options = await send({
    url: '/api/user/passkeys/options',
    cookie: who.cookie,
    payload: { password: who.password },
  });
  expect(options.statusCode, options.body).toBe(200);
  const response = key.register(options.json(), TEST_ORIGIN);
  return send({ url: '/api/user/passkeys', cookie: who.cookie, payload: { name, response } });
}

/** The password step of signing in: the pending cookie and the methods offered. */
async function passwordStep(who: TestUser) {
  const res = await signIn(t.app, who.email, who.password);
  expect(res.statusCode, res.body).toBe(200);
  const cookie = cookieFrom(res);
  return { answer: res.json() as Record<string, unknown>, cookie };
}

const passkeyOptions = (cookie: string) =>
  send({ url: '/api/auth/two-factor/passkey-options', cookie, payload: {} });

const verifyPasskey = (cookie: string, response: object, lang = 'en') =>
  send({ url: '/api/auth/two-factor/verify-passkey', cookie, payload: { response }, lang });

const me = (cookie: string) => send({ method: 'GET', url: '/api/auth/user', cookie });

describe('passkeys: adding one in settings', () => {
  it('asks for the password, checks the attestation, and lists it', async () => {
    const who = await createUser(t);
    const wrong = await send({
      url: '/api/user/passkeys/options',
      cookie: who.cookie,
      payload: { password: 'not the password' },
      lang: 'es',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    expect(events('auth.passkey.add', who.id).at(-1)).toMatchObject({ outcome: 'failure' });

    const key = softAuthenticator();
    const added = await addPasskey(who, key, '  Mi teléfono  ');
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toMatchObject({ name: 'Mi teléfono', lastUsedAt: null, synced: false });

    const list = await send({ method: 'GET', url: '/api/user/passkeys', cookie: who.cookie });
    expect(list.json().passkeys).toEqual([added.json()]);
    expect((await me(who.cookie)).json()).toMatchObject({ hasPasskey: true });
    expect(events('auth.passkey.add', who.id).at(-1)).toMatchObject({ outcome: 'success' });
    // The public key only, and no challenge left behind.
    const [row] = await t.database.db.select().from(passkey).where(eq(passkey.userId, who.id));
    expect(row).toMatchObject({ credentialId: key.credentialId, counter: 0 });
    const left = await t.database.db
      .select()
      .from(verification)
      .where(and(like(verification.identifier, 'passkey-add:%'), eq(verification.value, who.id)));
    expect(left).toEqual([]);

    // The options exclude it: the same authenticator is not registered twice.
    const again = await send({
      url: '/api/user/passkeys/options',
      cookie: who.cookie,
      payload: { password: who.password },
    });
    expect(again.json().excludeCredentials).toEqual([
      expect.objectContaining({ id: key.credentialId }),
    ]);
  });

  it('refuses an answer to a challenge it did not issue, used, expired, or from another origin', async () => {
    const who = await createUser(t);
    const key = softAuthenticator();
    const options = await send({
      url: '/api/user/passkeys/options',
      cookie: who.cookie,
      payload: { password: who.password },
    });
    const add = (response: object) =>
      send({ url: '/api/user/passkeys', cookie: who.cookie, payload: { name: 'Key', response } });

    // Another site's page asked (a phishing copy of Camino).
    const phished = await add(key.register(options.json(), 'https://camino.example.net'));
    expect(phished.statusCode).toBe(400);
    expect(phished.json()).toMatchObject({ code: 'PASSKEY_NOT_ADDED' });
    // That spent the challenge: the right answer to it is now refused too (one use).
    const late = await add(key.register(options.json(), TEST_ORIGIN));
    expect(late.statusCode).toBe(400);
    // A challenge never issued.
    const invented = await add(key.register({ challenge: 'aW52ZW50ZWQ', rp: {} }, TEST_ORIGIN));
    expect(invented.statusCode).toBe(400);
    // Another member's challenge.
    const other = await createUser(t);
    const theirs = await send({
      url: '/api/user/passkeys/options',
      cookie: other.cookie,
      payload: { password: other.password },
    });
    expect((await add(key.register(theirs.json(), TEST_ORIGIN))).statusCode).toBe(400);
    // An expired one (5 minutes).
    const fresh = await send({
      url: '/api/user/passkeys/options',
      cookie: who.cookie,
      payload: { password: who.password },
    });
    await t.database.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `passkey-add:${fresh.json().challenge}`));
    expect((await add(key.register(fresh.json(), TEST_ORIGIN))).statusCode).toBe(400);

    expect(await t.database.db.select().from(passkey).where(eq(passkey.userId, who.id))).toEqual(
      [],
    );
    expect(events('auth.passkey.add', who.id).map((l) => l.outcome)).toEqual(
      Array(5).fill('failure'),
    );
  });

  it('checks the name in both languages', async () => {
    const who = await createUser(t);
    const res = await send({
      url: '/api/user/passkeys',
      cookie: who.cookie,
      payload: {
        name: '   ',
        response: softAuthenticator().register({ challenge: 'YQ', rp: {} }, TEST_ORIGIN),
      },
      lang: 'es',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'name', message: 'Este campo es obligatorio' }]);
  });
});

describe('passkeys: the second step of signing in', () => {
  it('asks a member with a passkey for it after the password, and signs in with it', async () => {
    const who = await createUser(t);
    const key = softAuthenticator({ counting: true });
    expect((await addPasskey(who, key)).statusCode).toBe(201);

    const { answer, cookie } = await passwordStep(who);
    expect(answer).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey'] });
    expect(cookie).toContain('two_factor=');
    expect(cookie).not.toContain('session_token=');
    expect((await me(cookie)).statusCode).toBe(401);

    const options = await passkeyOptions(cookie);
    expect(options.statusCode, options.body).toBe(200);
    expect(options.json()).toMatchObject({
      rpId: 'localhost',
      allowCredentials: [expect.objectContaining({ id: key.credentialId })],
    });
    const assertion = key.assert(options.json(), TEST_ORIGIN);
    const done = await verifyPasskey(cookie, assertion);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).not.toHaveProperty('token');
    const session = cookieFrom(done);
    expect(session).toContain('session_token=');
    expect((await me(session)).json()).toMatchObject({ id: who.id, hasPasskey: true });

    const [row] = await t.database.db.select().from(passkey).where(eq(passkey.userId, who.id));
    expect(row!.counter).toBe(2);
    expect(row!.lastUsedAt).toBeInstanceOf(Date);
    expect(events('auth.passkey.verify', who.id).at(-1)).toMatchObject({ outcome: 'success' });

    // The same answer again: the pending sign-in and the challenge are both spent.
    const replay = await verifyPasskey(cookie, assertion);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ code: 'INVALID_TWO_FACTOR_COOKIE' });
  });

  it('offers the passkey first, and the app’s code still works, for a member who has both', async () => {
    const who = await createUser(t);
    const enable = await send({
      url: '/api/auth/two-factor/enable',
      cookie: who.cookie,
      payload: { password: who.password },
    });
    const secret = secretOf((enable.json() as { totpURI: string }).totpURI);
    const confirm = await send({
      url: '/api/auth/two-factor/verify-totp',
      cookie: who.cookie,
      payload: { code: await freshTotp(secret) },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    who.cookie = cookieFrom(confirm) || who.cookie;
    // Before the passkey: the app alone (what one sign-in offers never leaks into another's).
    expect((await passwordStep(who)).answer).toEqual({
      twoFactorRedirect: true,
      twoFactorMethods: ['totp'],
    });
    expect((await addPasskey(who, softAuthenticator())).statusCode).toBe(201);

    const { answer } = await passwordStep(who);
    expect(answer).toEqual({ twoFactorRedirect: true, twoFactorMethods: ['passkey', 'totp'] });
  });

  it('refuses another key, another origin, an answer without options, a counter gone back', async () => {
    const who = await createUser(t);
    const key = softAuthenticator({ counting: true });
    expect((await addPasskey(who, key)).statusCode).toBe(201);
    const { cookie } = await passwordStep(who);

    // An attacker's key under the member's credential id.
    const forged = softAuthenticator({ credentialId: Buffer.from(key.credentialId, 'base64url') });
    let res = await verifyPasskey(
      cookie,
      forged.assert((await passkeyOptions(cookie)).json(), TEST_ORIGIN),
      'es',
    );
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'INVALID_PASSKEY' });
    expect(res.json().message).toMatch(/llave de acceso/i);
    // The right key, asked by another site.
    res = await verifyPasskey(
      cookie,
      key.assert((await passkeyOptions(cookie)).json(), 'https://camino.example.net'),
    );
    expect(res.statusCode).toBe(401);
    // A challenge the server never gave.
    res = await verifyPasskey(cookie, key.assert({ challenge: 'bm90LWdpdmVu' }, TEST_ORIGIN));
    expect(res.statusCode).toBe(401);
    // A copy of the key whose counter is behind the one stored (a cloned authenticator).
    const ok = await verifyPasskey(
      cookie,
      key.assert((await passkeyOptions(cookie)).json(), TEST_ORIGIN),
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const second = await passwordStep(who);
    key.counter -= 1;
    res = await verifyPasskey(
      second.cookie,
      key.assert((await passkeyOptions(second.cookie)).json(), TEST_ORIGIN),
    );
    expect(res.statusCode).toBe(401);
    expect(events('auth.passkey.verify', who.id).map((l) => l.outcome)).toEqual([
      'failure',
      'failure',
      'failure',
      'success',
      'failure',
    ]);
  });

  it('ends the pending sign-in after five failed answers', async () => {
    const who = await createUser(t);
    const key = softAuthenticator();
    expect((await addPasskey(who, key)).statusCode).toBe(201);
    const { cookie } = await passwordStep(who);
    const stranger = softAuthenticator({
      credentialId: Buffer.from(key.credentialId, 'base64url'),
    });
    for (let i = 0; i < 5; i++) {
      const res = await verifyPasskey(
        cookie,
        stranger.assert((await passkeyOptions(cookie)).json(), TEST_ORIGIN),
      );
      expect(res.statusCode).toBe(401);
    }
    const res = await verifyPasskey(
      cookie,
      key.assert((await passkeyOptions(cookie)).json(), TEST_ORIGIN),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE' });
    expect((await passkeyOptions(cookie)).statusCode).toBe(401);
  });

  it('needs a pending sign-in: options and answers without one are refused', async () => {
    const who = await createUser(t);
    expect((await passkeyOptions(who.cookie)).statusCode).toBe(401);
    expect((await passkeyOptions('')).statusCode).toBe(401);
    // A member without a passkey signs in with the password alone.
    const res = await signIn(t.app, who.email, who.password);
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('remembers a trusted device, as the app’s codes do', async () => {
    const who = await createUser(t);
    const key = softAuthenticator();
    expect((await addPasskey(who, key)).statusCode).toBe(201);
    const { cookie } = await passwordStep(who);
    const options = await passkeyOptions(cookie);
    const done = await send({
      url: '/api/auth/two-factor/verify-passkey',
      cookie,
      payload: { response: key.assert(options.json(), TEST_ORIGIN), trustDevice: true },
    });
    expect(done.statusCode, done.body).toBe(200);
    const trust = cookieFrom(done)
      .split('; ')
      .find((c) => c.includes('trust_device='));
    expect(trust).toBeDefined();
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { cookie: trust! },
      payload: { email: who.email, password: who.password },
    });
    expect(again.json()).not.toHaveProperty('twoFactorRedirect');
    expect(cookieFrom(again)).toContain('session_token=');
  });
});

describe('passkeys: removing one', () => {
  it('asks for the password, removes only the member’s own, and sign-in asks no more', async () => {
    const who = await createUser(t);
    const other = await createUser(t);
    expect((await addPasskey(who, softAuthenticator())).statusCode).toBe(201);
    const [{ id }] = (
      await send({ method: 'GET', url: '/api/user/passkeys', cookie: who.cookie })
    ).json().passkeys;
    const remove = (as: TestUser, password: string) =>
      send({ url: `/api/user/passkeys/${id}/remove`, cookie: as.cookie, payload: { password } });

    expect((await remove(other, other.password)).statusCode).toBe(404);
    const wrong = await remove(who, 'not the password');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'INVALID_PASSWORD' });
    const removed = await remove(who, who.password);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await me(who.cookie)).json()).toMatchObject({ hasPasskey: false });
    expect(events('auth.passkey.remove', who.id).map((l) => l.outcome)).toEqual([
      'failure',
      'success',
    ]);
    const res = await signIn(t.app, who.email, who.password);
    expect(res.json()).not.toHaveProperty('twoFactorRedirect');
  });

  it('counts as an admin’s second factor, and an admin keeps the last one', async () => {
    const admin = await createUser(t, { role: 'admin', twoFactorEnabled: false });
    const panel = () => send({ method: 'GET', url: '/api/admin/users', cookie: admin.cookie });
    expect((await panel()).json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect((await addPasskey(admin, softAuthenticator())).statusCode).toBe(201);
    expect((await panel()).statusCode).toBe(200);

    const [{ id }] = (
      await send({ method: 'GET', url: '/api/user/passkeys', cookie: admin.cookie })
    ).json().passkeys;
    const res = await send({
      url: `/api/user/passkeys/${id}/remove`,
      cookie: admin.cookie,
      payload: { password: admin.password },
      lang: 'es',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
    expect(res.json().message).toMatch(/^Tu cuenta es de administración: conserva esta llave/);
    // With the passkey there, the app's codes may go: the passkey stays the second step.
    const disable = await send({
      url: '/api/auth/two-factor/disable',
      cookie: admin.cookie,
      payload: { password: admin.password },
    });
    expect(disable.json()).not.toMatchObject({ code: 'TWO_FACTOR_REQUIRED' });
  });

  it('goes with the account', async () => {
    const who = await createUser(t);
    expect((await addPasskey(who, softAuthenticator())).statusCode).toBe(201);
    const res = await send({
      url: '/api/auth/delete-user',
      cookie: who.cookie,
      payload: { password: who.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.database.db.select().from(passkey).where(eq(passkey.userId, who.id))).toEqual(
      [],
    );
  });
});
