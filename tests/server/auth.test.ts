import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ageBlock, session, user } from '#server/db/schema.ts';
import { SIGNED_OUT_COOKIE } from '#shared/constants.ts';
import { emailHash } from '#server/auth/age-block.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  injectWithLogin,
  signIn,
  signUp,
  type TestApp,
} from '../helpers/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('sign-up and the current user', () => {
  it('creates an account with first and last name and signs it in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email: 'Maria@Example.com',
        password: 'a long password',
        name: 'x',
        firstName: 'María',
        lastName: 'López',
      },
    });
    expect(res.statusCode).toBe(200);
    const cookie = cookieFrom(res);
    expect(cookie).toContain('better-auth.session_token=');
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: 'maria@example.com',
      firstName: 'María',
      lastName: 'López',
      ageVerified: false,
      role: 'member',
      isPremium: false,
      preferences: { language: 'en', bibleTranslation: 'NKJV' },
    });
    const [row] = await t.database.db
      .select()
      .from(user)
      .where(eq(user.email, 'maria@example.com'));
    expect(row?.name).toBe('María López');
  });

  it('answers 401 to a visitor and to a forged cookie', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const forged = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: {
        cookie: 'better-auth.session_token=abc.ZmFrZXNpZ25hdHVyZWZha2VzaWduYXR1cmVmYWtlcw==',
      },
    });
    expect(forged.statusCode).toBe(401);
  });

  it('refuses a second account with the same e-mail, in the reader language', async () => {
    const first = await signUp(t.app);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'accept-language': 'es-ES,es;q=0.9' },
      payload: {
        email: first.email.toUpperCase(),
        password: 'another password',
        firstName: 'A',
        lastName: 'B',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(
      'Ya existe una cuenta con este correo electrónico. Intenta iniciar sesión.',
    );
  });

  it('validates sign-up input with translated field messages and writes nothing', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      headers: { 'accept-language': 'es' },
      payload: {
        email: 'not-an-email',
        password: 'short',
        firstName: '',
        lastName: 'x'.repeat(81),
      },
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.errors).toEqual(
      expect.arrayContaining([
        { path: 'email', message: 'Por favor ingresa un correo electrónico válido' },
        { path: 'password', message: 'Se requieren mínimo 8 caracteres' },
        { path: 'firstName', message: 'Este campo es obligatorio' },
        { path: 'lastName', message: 'Se permiten máximo 80 caracteres' },
      ]),
    );
    const rows = await t.database.db.select().from(user).where(eq(user.email, 'not-an-email'));
    expect(rows).toHaveLength(0);
  });
});

describe('sign-in and sign-out', () => {
  it('signs in with the right password only', async () => {
    const u = await signUp(t.app);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    const wrong = await signIn(t.app, u.email, 'wrong password!');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().message).toBe('The e-mail or password is incorrect.');
  });

  it('GET /api/logout ends the session and redirects to /', async () => {
    const u = await createUser(t);
    const res = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    const after = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' });
    expect(after.statusCode).toBe(401);
    // The page it lands on deletes the unsaved text kept in the browser (client/lib/unsaved.ts).
    const marker = [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith(`${SIGNED_OUT_COOKIE}=`));
    expect(marker).toMatch(/^camino_signed_out=1; Max-Age=300; Path=\/; SameSite=Lax$/);
  });

  it('GET /api/logout without a session still redirects', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
  });
});

describe('age gate', () => {
  it('verifies age with {ageVerified: true}', async () => {
    const u = await signUp(t.app);
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/user/verify-age',
      payload: { ageVerified: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ageVerified: true, restricted: false });
    const me = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' });
    expect(me.json().ageVerified).toBe(true);
  });

  it('refuses member APIs until the age is verified', async () => {
    const u = await signUp(t.app);
    const res = await injectWithLogin(t.app, u, {
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('AGE_NOT_VERIFIED');
  });

  it('under 13: removes the account, ends its sessions and blocks the address for good', async () => {
    const u = await signUp(t.app);
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/user/verify-age',
      payload: { ageVerified: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ageVerified: false, restricted: true });

    expect(await t.database.db.select().from(user).where(eq(user.id, u.id))).toHaveLength(0);
    expect(await t.database.db.select().from(session).where(eq(session.userId, u.id))).toHaveLength(
      0,
    );
    const [block] = await t.database.db
      .select()
      .from(ageBlock)
      .where(eq(ageBlock.emailHash, emailHash(u.email)));
    expect(block).toBeDefined();

    expect(
      (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode,
    ).toBe(401);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { email: u.email, password: 'new password 123', firstName: 'A', lastName: 'B' },
    });
    expect(again.statusCode).toBe(403);
    expect(again.json().code).toBe('AGE_RESTRICTED');
  });

  it('rejects a body without a boolean ageVerified', async () => {
    const u = await signUp(t.app);
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/user/verify-age',
      payload: { ageVerified: 'yes' },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('passwords and account deletion', () => {
  it('changing the password revokes every other session', async () => {
    const u = await createUser(t);
    const other = cookieFrom(await signIn(t.app, u.email, u.password));
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: u.password, newPassword: 'a brand new password' },
    });
    expect(res.statusCode).toBe(200);
    const current = cookieFrom(res) || u.cookie;
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: current } }))
        .statusCode,
    ).toBe(200);
    expect((await signIn(t.app, u.email, 'a brand new password')).statusCode).toBe(200);
  });

  it('forgotten password: mails a link whose token resets the password and ends sessions', async () => {
    const u = await createUser(t);
    t.mail.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { 'accept-language': 'es' },
      payload: { email: u.email, redirectTo: '/reset-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mail).toHaveLength(1);
    const mail = t.mail[0]!;
    expect(mail.to).toBe(u.email);
    expect(mail.subject).toBe('Restablece tu contraseña de Camino');
    const link = /http\S+/.exec(mail.text)?.[0];
    expect(link).toBeDefined();
    const follow = await t.app.inject({
      method: 'GET',
      url: new URL(link!).pathname + new URL(link!).search,
    });
    expect(follow.statusCode).toBe(302);
    const token = new URL(follow.headers.location as string, 'http://x').searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'reset password 42', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode,
    ).toBe(401);
    expect((await signIn(t.app, u.email, 'reset password 42')).statusCode).toBe(200);

    const reuse = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'another one 1234', token },
    });
    expect(reuse.statusCode).toBe(400);
  });

  it('does not reveal whether an e-mail has an account', async () => {
    t.mail.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: 'nobody@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(t.mail).toHaveLength(0);
  });

  it('deletes the account with the password', async () => {
    const u = await createUser(t);
    const wrong = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: 'not my password' },
    });
    expect(wrong.statusCode).toBe(400);
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: u.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.database.db.select().from(user).where(eq(user.id, u.id))).toHaveLength(0);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(401);
  });
});

describe('sessions', () => {
  it('have an absolute lifetime that use does not extend', async () => {
    const u = await createUser(t);
    const [before] = await t.database.db.select().from(session).where(eq(session.userId, u.id));
    expect(before).toBeDefined();
    const lifetime = before!.expiresAt.getTime() - before!.createdAt.getTime();
    expect(Math.round(lifetime / 86_400_000)).toBe(30);
    await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' });
    await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/get-session' });
    const [after] = await t.database.db.select().from(session).where(eq(session.userId, u.id));
    expect(after!.expiresAt.getTime()).toBe(before!.expiresAt.getTime());
  });

  it('an expired session is signed out', async () => {
    const u = await createUser(t);
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, u.id));
    expect(
      (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode,
    ).toBe(401);
  });
});

describe('profile and preferences', () => {
  it('updates names and merges preferences', async () => {
    const u = await createUser(t);
    const p = await injectWithLogin(t.app, u, {
      method: 'PATCH',
      url: '/api/user/profile',
      payload: { firstName: ' Juan ', lastName: 'Pérez' },
    });
    expect(p.statusCode).toBe(200);
    expect(p.json()).toMatchObject({ firstName: 'Juan', lastName: 'Pérez' });
    const pr = await injectWithLogin(t.app, u, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { language: 'es', bibleTranslation: 'RV1909' },
    });
    expect(pr.statusCode).toBe(200);
    const again = await injectWithLogin(t.app, u, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { weeklyProgress: false },
    });
    expect(again.json().preferences).toMatchObject({
      language: 'es',
      bibleTranslation: 'RV1909',
      weeklyProgress: false,
    });
    const me = await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' });
    expect(me.json().preferences).toMatchObject({
      language: 'es',
      bibleTranslation: 'RV1909',
      weeklyProgress: false,
    });
  });

  it('rejects unknown preferences and bad values with 400', async () => {
    const u = await createUser(t);
    for (const payload of [{ bibleTranslation: 'NIV' }, { isPremium: true }, { language: 'fr' }]) {
      const res = await injectWithLogin(t.app, u, {
        method: 'PATCH',
        url: '/api/user/preferences',
        payload,
      });
      expect(res.statusCode).toBe(400);
    }
  });
});
