import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { loggerOptions } from '#server/app.ts';
import { journalEntry, user } from '#server/db/schema.ts';
import { cleanInput, cleanText } from '#server/security/input.ts';
import { serializeError } from '#server/log.ts';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createTestApp, createUser, injectWithLogin, type TestApp } from '../helpers/app.ts';
import { afterAll, beforeAll } from 'vitest';

/** Text that PostgreSQL refuses or that no form sends: each must be a translated 400. */
const NUL = 'a\u0000b';
const LONE_SURROGATE = '\ud800x';
/** JSON text of `n` nested arrays (built as text: JSON.stringify itself overflows on it). */
const deep = (n: number) => `${'['.repeat(n)}"x"${']'.repeat(n)}`;

let t: TestApp;
let member: Awaited<ReturnType<typeof createUser>>;
const lines: string[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  t = await createTestApp({
    env: { LOG_REQUESTS: 'errors' },
    deps: { logger: { ...(loggerOptions('info') as object), stream } },
  });
  member = await createUser(t);
});
afterAll(async () => t?.close());

/** `payload` as a value, or as raw JSON text when it is a string. */
const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, lang = 'en') =>
  injectWithLogin(t.app, member, {
    method,
    url,
    headers: { 'accept-language': lang, 'content-type': 'application/json' },
    ...(payload !== undefined
      ? { payload: typeof payload === 'string' ? payload : JSON.stringify(payload) }
      : {}),
  });

describe('text PostgreSQL cannot store, and nesting no form sends', () => {
  it('refuses NUL and lone surrogates in bodies with a translated 400 naming the field', async () => {
    for (const bad of [NUL, LONE_SURROGATE, '\udc00']) {
      const res = await call('POST', '/api/journal', { content: bad }, 'es');
      expect(res.statusCode, JSON.stringify(bad)).toBe(400);
      expect(res.json()).toEqual({
        code: 'VALIDATION',
        message: 'Algunos campos necesitan tu atención.',
        errors: [
          { path: 'content', message: 'Este texto contiene caracteres que no se pueden guardar' },
        ],
      });
    }
    const zone = await call('PATCH', '/api/user/preferences', { timeZone: LONE_SURROGATE });
    expect(zone.statusCode).toBe(400);
    expect(zone.json().errors[0].path).toBe('timeZone');
  });

  it('refuses NUL in path segments and query strings, on our routes and better-auth’s', async () => {
    for (const url of [
      '/api/journal/%00',
      '/api/journal?tag=a%00b',
      '/api/prayers/a%00',
      '/api/auth/reset-password/abc%00def?callbackURL=/x',
    ]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION');
    }
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { newPassword: 'a long enough password', token: NUL },
    });
    expect(reset.statusCode).toBe(400);
  });

  it('refuses deeply nested JSON everywhere, better-auth’s routes included', async () => {
    for (const url of ['/api/journal', '/api/auth/update-user', '/api/auth/revoke-session']) {
      const res = await call('POST', url, `{"token":${deep(5000)},"content":"x"}`, 'es');
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'TOO_DEEP',
        message: 'La solicitud tiene demasiados niveles de anidamiento.',
      });
    }
    // A body that is only nesting (no object around it) too.
    const bare = await call('POST', '/api/journal', deep(100_000));
    expect(bare.statusCode).toBe(400);
  });

  it('stores text in NFC with control characters dropped (tab and new lines kept)', async () => {
    const decomposed = 'Jose\u0301 \u0007ora\u001b[31m\tcada\r\ndía\u0085';
    const res = await call('POST', '/api/journal', { title: 'Fe\u0301', content: decomposed });
    expect(res.statusCode).toBe(201);
    const [row] = await t.database.db
      .select()
      .from(journalEntry)
      .where(eq(journalEntry.id, res.json().id));
    expect(row!.title).toBe('Fé');
    expect(row!.content).toBe('José ora[31m\tcada\r\ndía');
    const profile = await call('PATCH', '/api/user/profile', {
      firstName: 'Ine\u0301s',
      lastName: 'Pe\u0301rez',
    });
    expect(profile.statusCode).toBe(200);
    const [me] = await t.database.db.select().from(user).where(eq(user.id, member.id));
    expect([me!.firstName, me!.lastName]).toEqual(['Inés', 'Pérez']);
  });

  it('leaves passwords exactly as typed', () => {
    const body = { password: 'Jose\u0301\u0007', newPassword: 'x\u0001', note: 'y\u0001' };
    expect(cleanInput(body)).toBeNull();
    expect(body).toEqual({ password: 'Jose\u0301\u0007', newPassword: 'x\u0001', note: 'y' });
    expect(cleanText('\ud83d\ude00 ok')).toBe('\ud83d\ude00 ok');
    // Bytes (a raw webhook body) are not text: left as they are.
    const bytes = { raw: Buffer.from('a\u0000b') };
    expect(cleanInput(bytes)).toBeNull();
    expect(bytes.raw.equals(Buffer.from('a\u0000b'))).toBe(true);
    // A key that becomes `__proto__` once cleaned stays a plain key, never the prototype.
    const tricky = JSON.parse('{"__proto__\\u0001":{"polluted":true}}') as Record<string, unknown>;
    expect(cleanInput(tricky)).toBeNull();
    expect(Object.getPrototypeOf(tricky)).toBe(Object.prototype);
    expect(Object.keys(tricky)).toEqual(['__proto__']);
    expect((tricky as { polluted?: boolean }).polluted).toBeUndefined();
  });

  it('never logs the values of a failed query, nor PostgreSQL’s detail', () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint'), {
      code: '23505',
      detail: 'Key (email)=(secret@example.com) already exists.',
      constraint: 'user_email_unique',
    });
    const error = new DrizzleQueryError(
      'insert into "journal_entry" ("content") values ($1)',
      ['my private prayer for Ana'],
      cause,
    );
    const logged = JSON.stringify(serializeError(error));
    expect(logged).not.toContain('my private prayer');
    expect(logged).not.toContain('secret@example.com');
    expect(logged).toContain('insert into \\"journal_entry\\"');
    expect(logged).toContain('23505');
    expect(logged).toContain('user_email_unique');
  });

  it('kept members’ text out of the log during these requests', () => {
    const log = lines.join('');
    expect(log).not.toContain('cada');
    expect(log).not.toContain('José');
    expect(log).not.toMatch(/"level":50/);
  });
});
