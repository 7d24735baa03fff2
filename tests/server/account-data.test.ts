import { execFileSync } from 'node:child_process';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { unzip } from '../helpers/unzip.ts';
import { describe, expect, it } from 'vitest';
import { describeUserAgent } from '#shared/schemas/sessions.ts';
import { and, eq, sql } from 'drizzle-orm';
import { session } from '#server/db/schema.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  useTestApp,
  type TestUser,
} from '../helpers/app.ts';

const app = useTestApp({}, { member: {}, other: {} });

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function signInFrom(who: TestUser, userAgent: string): Promise<string> {
  const res = await app.t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { 'user-agent': userAgent },
    payload: { email: who.email, password: who.password },
  });
  expect(res.statusCode).toBe(200);
  return cookieFrom(res);
}

const me = (cookie: string) =>
  app.t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie } });

describe('active sessions', () => {
  it('lists the member’s devices, this one first, without tokens or addresses', async () => {
    const member = await createUser(app.t);
    await signInFrom(member, FIREFOX_LINUX);
    await signInFrom(member, SAFARI_IPHONE);
    const res = await app.call(member, 'GET', '/api/user/sessions');
    expect(res.statusCode).toBe(200);
    const { sessions } = res.json();
    expect(sessions).toHaveLength(3);
    expect(sessions[0].current).toBe(true);
    expect(sessions.filter((s: { current: boolean }) => s.current)).toHaveLength(1);
    expect(sessions.map((s: { browser: string | null }) => s.browser)).toEqual(
      expect.arrayContaining(['Firefox', 'Safari']),
    );
    expect(Object.keys(sessions[0]).sort()).toEqual(
      ['browser', 'createdAt', 'current', 'expiresAt', 'id', 'lastActiveAt', 'os'].sort(),
    );
    expect(res.body).not.toContain(member.cookie.split('=')[1]!.split('.')[0]);
  });

  it('signs out every other device of the member, and no one else’s, once the password is typed', async () => {
    const member = await createUser(app.t);
    const laptop = await signInFrom(member, FIREFOX_LINUX);
    const phone = await signInFrom(member, SAFARI_IPHONE);
    const bystander = await signInFrom(app.other, FIREFOX_LINUX);
    expect((await me(laptop)).statusCode).toBe(200);

    // Without the password, or with a wrong one (ASVS 7.5.2): nothing ends.
    const bare = await app.call(member, 'POST', '/api/user/sessions/sign-out-others', {});
    expect(bare.statusCode).toBe(400);
    const wrong = await app.call(
      member,
      'POST',
      '/api/user/sessions/sign-out-others',
      { password: 'not the password' },
      'es',
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      code: 'INVALID_PASSWORD',
      errors: [{ path: 'password', message: 'La contraseña es incorrecta.' }],
    });
    expect((await me(laptop)).statusCode).toBe(200);

    const res = await app.call(member, 'POST', '/api/user/sessions/sign-out-others', {
      password: member.password,
    });
    expect(res.json()).toEqual({ signedOut: 2 });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(member.cookie)).statusCode).toBe(200);
    expect((await me(bystander)).statusCode).toBe(200);
    const { sessions } = (await app.call(member, 'GET', '/api/user/sessions')).json();
    expect(sessions).toHaveLength(1);
  });

  it('signs out one device, with the password, and only the member’s own', async () => {
    const member = await createUser(app.t);
    const laptop = await signInFrom(member, FIREFOX_LINUX);
    const phone = await signInFrom(member, SAFARI_IPHONE);
    const listed = (await app.call(member, 'GET', '/api/user/sessions')).json().sessions as {
      id: string;
      current: boolean;
      browser: string | null;
    }[];
    const firefox = listed.find((s) => s.browser === 'Firefox')!;
    const current = listed.find((s) => s.current)!;
    const url = (id: string) => `/api/user/sessions/${id}/sign-out`;

    const wrong = await app.call(member, 'POST', url(firefox.id), { password: 'nope nope' });
    expect(wrong.statusCode).toBe(400);
    expect((await me(laptop)).statusCode).toBe(200);

    const ok = await app.call(member, 'POST', url(firefox.id), { password: member.password });
    expect(ok.json()).toEqual({ signedOut: 1 });
    expect((await me(laptop)).statusCode).toBe(401);
    expect((await me(phone)).statusCode).toBe(200);
    expect((await me(member.cookie)).statusCode).toBe(200);

    // Another member's session (or one already ended) is not found; this device signs out with
    // "Sign out" in the menu.
    const theirs = (await app.call(app.other, 'GET', '/api/user/sessions')).json().sessions[0].id;
    const foreign = await app.call(member, 'POST', url(theirs), { password: member.password });
    expect(foreign.statusCode).toBe(404);
    expect(
      (await app.call(member, 'POST', url(firefox.id), { password: member.password })).statusCode,
    ).toBe(404);
    const self = await app.call(
      member,
      'POST',
      url(current.id),
      { password: member.password },
      'es',
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().message).toContain('Cerrar sesión');
    expect((await me(member.cookie)).statusCode).toBe(200);
  });

  it('counts password tries against the sign-in budget', async () => {
    const limited = await createTestApp({ env: { AUTH_RATE_LIMIT_MAX: '3' } });
    try {
      const member = await createUser(limited);
      const call = (password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/user/sessions/sign-out-others',
          headers: { cookie: member.cookie },
          payload: { password },
        });
      for (let i = 0; i < 3; i++) expect((await call('wrong password')).statusCode).toBe(400);
      const blocked = await call(member.password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });

  it('leaves out sessions ended by 14 days without use', async () => {
    const member = await createUser(app.t);
    await signInFrom(member, FIREFOX_LINUX);
    await app.t.database.db
      .update(session)
      .set({ updatedAt: sql`now() - interval '15 days'` })
      .where(and(eq(session.userId, member.id), eq(session.userAgent, FIREFOX_LINUX)));
    const { sessions } = (await app.call(member, 'GET', '/api/user/sessions')).json();
    expect(sessions).toHaveLength(1);
  });

  it('names browsers and systems from the user agent', () => {
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox', os: 'Linux' });
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari', os: 'iOS' });
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge', os: 'Windows' });
    expect(describeUserAgent(undefined)).toEqual({ browser: null, os: null });
  });
});

describe('personal data export', () => {
  it('downloads one ZIP: everything as JSON, and journal, prayers and studies as Markdown', async () => {
    const member = app.member;
    await app.call(member, 'POST', '/api/journal', { title: 'Mine', content: 'My own words' });
    await app.call(member, 'POST', '/api/prayers', {
      title: 'Por Ana',
      category: 'family',
      description: 'Que sane pronto.',
    });
    await app.call(member, 'POST', '/api/studies', {
      reference: 'Salmos 23',
      translation: 'RV1909',
      title: 'El buen pastor',
      observation: 'El Señor cuida.',
    });
    await app.call(member, 'PATCH', '/api/user/preferences', { timeZone: 'America/Lima' });
    await app.call(app.other, 'POST', '/api/journal', { content: 'Someone else’s words' });
    // Two-step sign-in set up (not yet confirmed): its row is exported, its secrets are not.
    const setup = await app.call(member, 'POST', '/api/auth/two-factor/enable', {
      password: member.password,
    });
    const { totpURI, backupCodes } = setup.json() as { totpURI: string; backupCodes: string[] };
    const secret = new URL(totpURI).searchParams.get('secret')!;

    const res = await app.call(member, 'GET', '/api/user/export', undefined, 'es');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="camino-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    const archive = res.rawPayload;
    const files = unzip(archive);
    expect([...files.keys()]).toEqual([
      'data.json',
      'journal.md',
      'prayers.md',
      expect.stringMatching(/^studies\/001-el-buen-pastor\.md$/),
    ]);
    // Any ZIP tool opens it (CRCs, sizes, directory), where one is installed.
    if (existsSync('/usr/bin/unzip')) {
      const dir = mkdtempSync(join(tmpdir(), 'camino-export-'));
      writeFileSync(join(dir, 'data.zip'), archive);
      expect(execFileSync('/usr/bin/unzip', ['-t', join(dir, 'data.zip')]).toString()).toMatch(
        /No errors detected/,
      );
      rmSync(dir, { recursive: true, force: true });
    }

    const data = JSON.parse(files.get('data.json')!.toString('utf8'));
    expect(data.format).toBe('camino-personal-data/1');
    // The texts Scripture in it may come from, each with its licence; the VBL with its credit.
    expect(data.bibleTexts.map((b: { code: string }) => b.code)).toEqual([
      ...INSTALLED_TRANSLATIONS,
    ]);
    expect(data.bibleTexts.find((b: { code: string }) => b.code === 'VBL')).toMatchObject({
      license: expect.stringContaining('CC BY-SA 4.0'),
      credit: expect.stringContaining('Jonathan Gallagher'),
    });
    expect(data.profile).toMatchObject({ id: member.id, email: member.email });
    expect(data.profile.preferences.timeZone).toBe('America/Lima');
    expect(data.tables.journal_entry).toEqual([
      expect.objectContaining({ title: 'Mine', content: 'My own words' }),
    ]);
    expect(data.tables.prayer_request).toEqual([expect.objectContaining({ title: 'Por Ana' })]);
    expect(data.tables.activity.length).toBeGreaterThan(0);
    expect(data.tables.session.length).toBeGreaterThan(0);
    expect(data.tables.account).toEqual([expect.objectContaining({ providerId: 'credential' })]);
    // The member's writing, readable, in their language.
    expect(files.get('journal.md')!.toString('utf8')).toContain('## Mine\n');
    const prayers = files.get('prayers.md')!.toString('utf8');
    expect(prayers).toMatch(/^# Oración/);
    expect(prayers).toContain('## Por Ana');
    expect(prayers).toContain('Familia');
    expect(prayers).toContain('Que sane pronto.');
    const study = [...files.entries()].find(([n]) => n.startsWith('studies/'))![1].toString('utf8');
    expect(study).toContain('# El buen pastor');
    expect(study).toContain('**Salmo 23**');
    expect(study).toContain('El Señor cuida.');
    // No secrets, and nothing of anyone else.
    const everything = [...files.values()].map((b) => b.toString('utf8')).join('\n');
    expect(everything).not.toMatch(/"(password|token|secret|backupCodes)"/);
    expect(data.tables.two_factor).toEqual([expect.objectContaining({ verified: false })]);
    expect(everything).not.toContain(secret);
    for (const code of backupCodes) expect(everything).not.toContain(code);
    expect(everything).not.toContain('Someone else’s words');
  });

  it('is the member’s own: a visitor gets 401', async () => {
    const res = await app.t.app.inject({ method: 'GET', url: '/api/user/export' });
    expect(res.statusCode).toBe(401);
  });
});
