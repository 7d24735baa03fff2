import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ageBlock, session, user } from '#server/db/schema.ts';
import { SIGNED_OUT_COOKIE } from '#shared/constants.ts';
import { emailHash } from '#server/auth/age-block.ts';
import {
  isCommonPassword,
  isGuessableInContext,
  loadCommonPasswords,
} from '#server/auth/common-passwords.ts';
import {
  TEST_ORIGIN,
  cookieFrom,
  createTestApp,
  createUser,
  injectWithLogin,
  signIn,
  signUp,
  type TestApp,
  type TestUser,
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

  const signedIn = async (u: TestUser) =>
    (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode === 200;

  it('GET /api/logout from one of our pages ends the session and redirects to /', async () => {
    // Sec-Fetch-Site: same-origin (the menu's link, the under-13 redirect, after deletion).
    const u = await createUser(t);
    const res = await injectWithLogin(t.app, u, {
      method: 'GET',
      url: '/api/logout',
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(await signedIn(u)).toBe(false);
    // The page it lands on deletes the unsaved text kept in the browser (client/lib/unsaved.ts).
    const marker = [res.headers['set-cookie']]
      .flat()
      .find((c) => c?.startsWith(`${SIGNED_OUT_COOKIE}=`));
    expect(marker).toMatch(/^camino_signed_out=1; Max-Age=300; Path=\/; SameSite=Lax$/);
    // A browser without Sec-Fetch-Site: a Referer of our own origin.
    const v = await createUser(t);
    const byReferer = await injectWithLogin(t.app, v, {
      method: 'GET',
      url: '/api/logout',
      headers: { referer: `${TEST_ORIGIN}/settings` },
    });
    expect(byReferer.statusCode).toBe(302);
    expect(await signedIn(v)).toBe(false);
  });

  it('GET /api/logout from another site, or typed, signs nobody out: it asks, in their language', async () => {
    const u = await createUser(t);
    const v = await createUser(t);
    // The language chosen in this browser (its cookie) wins over the browser's.
    u.cookie = `${u.cookie}; language=es`;
    for (const headers of [
      { 'sec-fetch-site': 'cross-site', referer: 'https://evil.example/page' },
      { 'sec-fetch-site': 'same-site' },
      { 'sec-fetch-site': 'none' }, // typed in the address bar, a bookmark
      { referer: 'https://evil.example/page' }, // an old browser, from another site
      { referer: `${TEST_ORIGIN}.evil.example/` },
      {}, // nothing said: not from our pages
    ]) {
      const res = await injectWithLogin(t.app, u, {
        method: 'GET',
        url: '/api/logout',
        headers: { ...headers, 'accept-language': 'en' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<html lang="es">');
      expect(res.body).toContain('¿Cerrar sesión?');
      expect(res.body).toContain('<form method="post" action="/api/logout">');
      // Its style is allowed by hash, nothing else inline.
      expect(res.headers['content-security-policy']).toMatch(/style-src 'self' 'sha256-[^']+'/);
      expect(res.headers['content-security-policy']).not.toContain('unsafe-inline');
      expect(await signedIn(u)).toBe(true);
    }
    const english = await injectWithLogin(t.app, v, {
      method: 'GET',
      url: '/api/logout',
      headers: { 'accept-language': 'en-GB,en;q=0.9' },
    });
    expect(english.body).toContain('<html lang="en">');
    expect(english.body).toContain('<h1>Sign out?</h1>');
  });

  it('POST /api/logout: the page’s button and scripts sign out; another site’s form cannot', async () => {
    const u = await createUser(t);
    const foreign = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/logout',
      headers: {
        origin: 'https://evil.example',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(foreign.statusCode).toBe(403);
    expect(await signedIn(u)).toBe(true);
    const button = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/logout',
      headers: {
        origin: TEST_ORIGIN,
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        'content-type': 'application/x-www-form-urlencoded',
      },
      payload: '',
    });
    expect(button.statusCode).toBe(303);
    expect(button.headers.location).toBe('/');
    expect(await signedIn(u)).toBe(false);
    const v = await createUser(t);
    const script = await injectWithLogin(t.app, v, { method: 'POST', url: '/api/logout' });
    expect(script.statusCode).toBe(200);
    expect(script.json()).toEqual({ signedOut: true });
    expect(await signedIn(v)).toBe(false);
    const again = await t.app.inject({ method: 'POST', url: '/api/logout' });
    expect(again.json()).toEqual({ signedOut: false });
  });

  it('GET /api/logout without a session redirects and changes nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/logout' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/');
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

describe('passwords too common (ASVS 6.2.4)', () => {
  const COMMON = ['password', '12345678', 'qwertyuiop', 'Password1', ' iloveyou ', 'jesuschrist'];

  it('has at least the 3,000 most common passwords of the lengths we allow', () => {
    expect(loadCommonPasswords()).toBeGreaterThan(3000);
    for (const p of ['password', '12345678', 'qwertyuiop', 'baseball', 'football', 'sunshine']) {
      expect(isCommonPassword(p)).toBe(true);
    }
    for (const p of ['correct horse battery', 'a good long password', 'Salmo 23 en la mañana']) {
      expect(isCommonPassword(p)).toBe(false);
    }
  });

  it('sign-up refuses them, saying why, in both languages, and creates nothing', async () => {
    for (const [password, lang] of COMMON.map((p, i) => [p, i % 2 ? 'es' : 'en'] as const)) {
      const email = `common-${lang}-${Date.now()}-${Math.random()}@example.com`;
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'accept-language': lang },
        payload: { email, password, firstName: 'Ana', lastName: 'Ruiz' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([
        {
          path: 'password',
          message:
            lang === 'es'
              ? 'Esta contraseña es de las más comunes, las primeras que prueba un atacante. Por favor elige otra.'
              : 'This password is one of the most common ones, the first an attacker tries. Please choose another.',
        },
      ]);
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it('a password change and a reset refuse them too; the old password still works', async () => {
    const u = await createUser(t);
    for (const newPassword of COMMON) {
      const res = await injectWithLogin(t.app, u, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: u.password, newPassword },
      });
      expect(res.statusCode, newPassword).toBe(400);
      expect(res.json().errors[0].path).toBe('newPassword');
    }
    t.mail.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: u.email, redirectTo: '/reset-password' },
    });
    const link = new URL(/http\S+/.exec(t.mail[0]!.text)![0]);
    const follow = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(follow.headers.location as string, 'http://x').searchParams.get('token');
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { 'accept-language': 'es' },
      payload: { newPassword: 'qwertyuiop', token },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual([
      {
        path: 'newPassword',
        message:
          'Esta contraseña es de las más comunes, las primeras que prueba un atacante. Por favor elige otra.',
      },
    ]);
    expect((await signIn(t.app, u.email, u.password)).statusCode).toBe(200);
    // The token was not spent: a good password still resets, and ends the member's sessions
    // at once, even those this instance had just looked up.
    expect(
      (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode,
    ).toBe(200);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'psalm twenty three', token },
    });
    expect(reset.statusCode).toBe(200);
    expect(
      (await injectWithLogin(t.app, u, { method: 'GET', url: '/api/auth/user' })).statusCode,
    ).toBe(401);
  });
});

describe('passwords built on a word guessable here (ASVS 6.2.11)', () => {
  const CONTEXT =
    'This password is built on a word anyone would try here first (Camino, discipleship, your name or your e-mail address). Please choose another.';
  const CONTEXTO =
    'Esta contraseña se basa en una palabra que cualquiera probaría aquí primero (Camino, discipulado, tu nombre o tu correo). Por favor elige otra.';

  it('refuses the product’s words with little else, not a password where one is a small part', () => {
    for (const p of [
      'Camino2026!',
      'camino camino',
      'Discípulo 1!',
      'DISCIPULADO',
      'discipleship1',
    ]) {
      expect(isGuessableInContext(p), p).toBe(true);
    }
    for (const p of ['mi camino con Cristo', 'a good long password', 'psalm twenty three']) {
      expect(isGuessableInContext(p), p).toBe(false);
    }
    expect(isGuessableInContext('Rosalinda1988', ['Rosalinda'])).toBe(true);
    expect(isGuessableInContext('Rosalinda1988', [])).toBe(false);
    // A name too short to mean anything is not a guessable word: "Al" stays in the password.
    expect(isGuessableInContext('al al al al al', ['Al'])).toBe(false);
  });

  it('sign-up refuses the app’s words and the member’s own names and address, in both languages', async () => {
    const cases = [
      ['Camino2026!', 'Ana', 'en', CONTEXT],
      ['Rosalinda1988', 'Rosalinda', 'es', CONTEXTO],
      ['marisol.v!2024', 'Ana', 'en', CONTEXT],
    ] as const;
    for (const [password, firstName, lang, message] of cases) {
      const email = 'marisol.v@example.com';
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        headers: { 'accept-language': lang },
        payload: { email, password, firstName, lastName: 'Vega' },
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().errors).toEqual([{ path: 'password', message }]);
      expect(await t.database.db.select().from(user).where(eq(user.email, email))).toEqual([]);
    }
  });

  it('a password change refuses the app’s words too', async () => {
    const u = await createUser(t);
    const res = await injectWithLogin(t.app, u, {
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { 'accept-language': 'es' },
      payload: { currentPassword: u.password, newPassword: 'Discipulado#1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ path: 'newPassword', message: CONTEXTO }]);
  });
});

describe('the session token stays in its cookie (ASVS 3.3.4)', () => {
  it('is not in the JSON of sign-up or sign-in', async () => {
    const tokenOf = (res: { headers: Record<string, unknown> }) =>
      /session_token=([^.;]+)/.exec(cookieFrom(res as never))![1]!;
    const up = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: {
        email: `token-${Date.now()}@example.com`,
        password: 'a long password here',
        firstName: 'Ana',
        lastName: 'Ruiz',
      },
    });
    expect(up.statusCode).toBe(200);
    expect(up.json()).not.toHaveProperty('token');
    expect(up.body).not.toContain(tokenOf(up));
    expect(up.json().user).toHaveProperty('id');
    const u = await createUser(t);
    const inRes = await signIn(t.app, u.email, u.password);
    expect(inRes.statusCode).toBe(200);
    expect(inRes.json()).not.toHaveProperty('token');
    expect(inRes.body).not.toContain(tokenOf(inRes));
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
