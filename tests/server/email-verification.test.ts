import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { user } from '#server/db/schema.ts';
import { grantListedAdmins } from '#server/auth/email-verification.ts';
import {
  TEST_ORIGIN,
  cookieFrom,
  injectWithLogin,
  useTestApp,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';

const BOSS = 'boss@camino.example.org';
const app = useTestApp({ env: { ADMIN_EMAILS: `Other@Example.org, ${BOSS.toUpperCase()}` } });

let sequence = 0;

/** Signs up through the form's request, in `lang`; answers the member and their link's token. */
async function signUpIn(t: TestApp, lang: 'en' | 'es', email?: string) {
  sequence += 1;
  const address = email ?? `verify-${sequence}-${Date.now()}@example.com`;
  const sent = t.mail.length;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { 'accept-language': lang },
    payload: {
      email: address,
      password: 'a long enough password',
      firstName: 'Marta',
      lastName: 'Verifica',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  const who: TestUser = {
    id: (res.json() as { user: { id: string } }).user.id,
    email: address,
    password: 'a long enough password',
    cookie: cookieFrom(res),
  };
  const mail = t.mail.slice(sent).find((m) => m.to === address)!;
  // Past the age gate, as the form's next step does.
  const age = await injectWithLogin(t.app, who, {
    method: 'POST',
    url: '/api/user/verify-age',
    payload: { ageVerified: true },
  });
  expect(age.statusCode).toBe(200);
  return { who, mail, token: tokenIn(mail.text) };
}

const tokenIn = (text: string) => {
  const link = new RegExp(`${TEST_ORIGIN}/verify-email\\?token=([^\\s]+)`).exec(text);
  expect(link, text).not.toBeNull();
  return decodeURIComponent(link![1]!);
};

/** What the confirmation page says of a link that is not valid (es.json `verify.page.invalid`). */
const ES_INVALID =
  'Este enlace no es válido. Puede que se haya copiado incompleto o que pertenezca a una cuenta que ya no existe.';

const confirm = (t: TestApp, token: string, cookie?: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${encodeURIComponent(token)}`,
    headers: { 'accept-language': 'es', ...(cookie ? { cookie } : {}) },
  });

const me = async (t: TestApp, who: TestUser) =>
  (await injectWithLogin(t.app, who, { method: 'GET', url: '/api/auth/user' })).json() as {
    emailVerified: boolean;
    role: string;
  };

const roleOf = async (t: TestApp, id: string) =>
  (await t.database.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;

describe('e-mail address confirmation (ADR 0040)', () => {
  it('sends a link at sign-up, in the language of the page, to a page of the app', async () => {
    const t = app.t;
    const { who, mail, token } = await signUpIn(t, 'es');
    expect(mail.subject).toBe('Confirma tu correo electrónico en Camino');
    expect(mail.text).toContain('Hola Marta:');
    expect(mail.text).toContain('24 horas');
    // Usable at once, unconfirmed.
    expect(await me(t, who)).toMatchObject({ emailVerified: false });
    const journal = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/journal',
      payload: { content: 'Before confirming: the journal works.' },
    });
    expect(journal.statusCode).toBe(201);

    const res = await confirm(t, token);
    expect(res.statusCode, res.body).toBe(200);
    // Seen at once by the member's session (the memo is told).
    expect(await me(t, who)).toMatchObject({ emailVerified: true });
    // A link opened twice still says it is done.
    expect((await confirm(t, token)).statusCode).toBe(200);
  });

  it('writes the link again in the language the member saved, whatever the page’s', async () => {
    const t = app.t;
    const { who } = await signUpIn(t, 'en');
    await injectWithLogin(t.app, who, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { language: 'es' },
    });
    const sent = t.mail.length;
    const res = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/user/email-verification',
      headers: { 'accept-language': 'en' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ verified: false, canSend: true });
    const [mail] = t.mail.slice(sent);
    expect(mail!.to).toBe(who.email);
    expect(mail!.subject).toBe('Confirma tu correo electrónico en Camino');
    // And the link it carries confirms the address.
    expect((await confirm(t, tokenIn(mail!.text))).statusCode).toBe(200);
    expect(await me(t, who)).toMatchObject({ emailVerified: true });
  });

  it('writes it in the page’s language when none is saved', async () => {
    const t = app.t;
    const { who } = await signUpIn(t, 'en');
    const sent = t.mail.length;
    const res = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/user/email-verification',
      headers: { 'accept-language': 'es' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(t.mail.slice(sent)[0]!.subject).toBe('Confirma tu correo electrónico en Camino');
  });

  it('sends the link again at most once a minute, and not once confirmed', async () => {
    const t = app.t;
    const { who, token } = await signUpIn(t, 'en');
    const status = await injectWithLogin(t.app, who, {
      method: 'GET',
      url: '/api/user/email-verification',
    });
    expect(status.json()).toEqual({ verified: false, canSend: true });
    const resend = () =>
      injectWithLogin(t.app, who, {
        method: 'POST',
        url: '/api/user/email-verification',
        headers: { 'accept-language': 'es' },
      });
    expect((await resend()).statusCode).toBe(200);
    const again = await resend();
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
    expect(again.json()).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: 'Espera un minuto antes de pedir otro enlace.',
    });
    expect((await confirm(t, token)).statusCode).toBe(200);
    const done = await resend();
    expect(done.statusCode).toBe(409);
    expect(done.json().message).toBe('Tu correo electrónico ya está confirmado.');
  });

  it('grants the ADMIN_EMAILS role only once the listed address is confirmed', async () => {
    const t = app.t;
    const { who, token } = await signUpIn(t, 'en', BOSS);
    // Signed up with the listed address: a member, nothing more.
    expect(await me(t, who)).toMatchObject({ role: 'member', emailVerified: false });
    const panel = await injectWithLogin(t.app, who, { method: 'GET', url: '/api/admin/users' });
    expect(panel.statusCode).toBe(403);
    expect(panel.json()).toMatchObject({ code: 'ADMIN_ONLY' });
    // Starting the server again grants nothing to an unconfirmed address.
    expect(await grantListedAdmins(t.database.db, ['other@example.org', BOSS])).toEqual([]);
    expect(await roleOf(t, who.id)).toBe('member');

    expect((await confirm(t, token)).statusCode).toBe(200);
    expect(await me(t, who)).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('does not make an admin of whoever registers a listed address again after its owner left', async () => {
    const t = app.t;
    const listed = 'other@example.org';
    const first = await signUpIn(t, 'en', listed);
    expect((await confirm(t, first.token)).statusCode).toBe(200);
    expect(await roleOf(t, first.who.id)).toBe('admin');
    // The operator's account is deleted (with its password).
    const gone = await injectWithLogin(t.app, first.who, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: first.who.password },
    });
    expect(gone.statusCode, gone.body).toBe(200);

    // Someone else signs up with the same address: a member, at sign-up and at every start.
    const second = await signUpIn(t, 'en', listed);
    expect(await roleOf(t, second.who.id)).toBe('member');
    expect(await grantListedAdmins(t.database.db, [listed])).toEqual([]);
    expect(await roleOf(t, second.who.id)).toBe('member');
    // The first owner's old link does not confirm the new account (it names the old one).
    const old = await confirm(t, first.token);
    expect(old.statusCode).toBe(401);
    expect(old.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect(await me(t, second.who)).toMatchObject({ role: 'member', emailVerified: false });
  });

  it('checks the link’s query before better-auth: the token alone, no redirect', async () => {
    const t = app.t;
    const missing = await t.app.inject({
      method: 'GET',
      url: '/api/auth/verify-email',
      headers: { 'accept-language': 'es' },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'VALIDATION' });
    const { token } = await signUpIn(t, 'en');
    const redirect = await t.app.inject({
      method: 'GET',
      url: `/api/auth/verify-email?token=${token}&callbackURL=https://evil.example/`,
    });
    expect(redirect.statusCode).toBe(400);
    const forged = await confirm(t, `${token.slice(0, -4)}abcd`);
    expect(forged.statusCode).toBe(401);
    // In the words of a confirmation link (the page's), not of a password reset's.
    expect(forged.json()).toMatchObject({ code: 'INVALID_TOKEN', message: ES_INVALID });
    expect(forged.json().message).not.toMatch(/restablec/i);
    // better-auth's own sender, which takes any address, stays closed.
    const open = await t.app.inject({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: 'someone@example.com' },
    });
    expect(open.statusCode).toBe(404);
  });
});
