import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { ROUTE_ACCESS } from '#server/routes/registry.ts';
import { createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app.ts';

/**
 * Issue 12: every route of the OpenAPI document (and better-auth's endpoints behind the proxy,
 * which the document hides) × a fixed corpus of bad input → never a 5xx, always a JSON answer
 * with a message, and the server healthy after. The corpus is fixed (no randomness), so a
 * failure names the exact route and input and happens again on the next run.
 */

interface Operation {
  method: string;
  path: string;
  params: string[];
  query: string[];
  body: string[] | null;
}

/** better-auth's endpoints the proxy passes on (src/server/routes/auth-proxy.ts). */
const AUTH_OPERATIONS: Operation[] = [
  ['/api/auth/sign-up/email', ['email', 'password', 'firstName', 'lastName']],
  ['/api/auth/sign-in/email', ['email', 'password', 'rememberMe']],
  ['/api/auth/request-password-reset', ['email', 'redirectTo']],
  ['/api/auth/reset-password', ['newPassword', 'token']],
  ['/api/auth/change-password', ['currentPassword', 'newPassword']],
  ['/api/auth/delete-user', ['password']],
  ['/api/auth/two-factor/enable', ['password']],
  ['/api/auth/two-factor/disable', ['password']],
  ['/api/auth/two-factor/generate-backup-codes', ['password']],
  ['/api/auth/two-factor/verify-totp', ['code', 'trustDevice']],
  ['/api/auth/two-factor/verify-backup-code', ['code', 'trustDevice']],
].map(([path, body]) => ({
  method: 'POST',
  path: path as string,
  params: [],
  query: [],
  body: body as string[],
}));

/** Path segments and query values: NUL, broken UTF-8, lone surrogates, huge, traversal… */
const BAD_SEGMENTS = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%ED%B0%80x',
  '%FF%FE',
  '%',
  '%zz',
  'x'.repeat(5000),
  '..%2F..%2Fetc%2Fpasswd',
  '__proto__',
  'constructor',
  '-1',
  '1e309',
  '9'.repeat(40),
  'NaN',
  '%20',
  "'%3B--",
  '%F0%9F%98%80',
];

/** JSON values of every wrong kind for a field. */
const deepArray = (n: number) => `${'['.repeat(n)}1${']'.repeat(n)}`;
const deepObject = (n: number) => `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`;
const BAD_VALUES = [
  'null',
  'true',
  '-1',
  '1e308',
  '123456789012345678901234567890',
  '""',
  '"a\\u0000b"',
  '"\\ud800x"',
  '"\\udc00"',
  '"\\u0007\\u001b[2J"',
  JSON.stringify('x'.repeat(100_000)),
  '[]',
  '[[[["x"]]]]',
  '{}',
  '{"__proto__":{"polluted":true}}',
  deepArray(64),
];

/** Whole bodies: not objects, prototype keys, duplicate keys, deep nesting, 1 MB. */
const BAD_BODIES = [
  'null',
  '[]',
  '"text"',
  '42',
  '{"__proto__":{"role":"admin"}}',
  '{"constructor":{"prototype":{"role":"admin"}}}',
  '{"a":1,"a":2}',
  deepArray(10_000),
  deepObject(5_000),
  JSON.stringify({ x: 'y'.repeat(1024 * 1024) }),
  '{"unterminated": "',
];

function operationsFrom(doc: {
  paths: Record<string, Record<string, { parameters?: { in: string; name: string }[] }>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = op.parameters ?? [];
      const requestBody = (
        op as {
          requestBody?: { content?: Record<string, { schema?: { properties?: object } }> };
        }
      ).requestBody;
      const schema = requestBody?.content?.['application/json']?.schema;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
        body: requestBody ? Object.keys(schema?.properties ?? {}) : null,
      });
    }
  }
  return ops;
}

/** Declared routes the document hides: fuzzed all the same (a 404 where the route is absent). */
const HIDDEN_OPERATIONS: Operation[] = [
  { method: 'POST', path: '/api/stripe/webhook', params: [], query: [], body: ['id', 'type'] },
];

let t: TestApp;
let actor: TestUser;
let operations: Operation[];

beforeAll(async () => {
  t = await createTestApp({ bibles: true });
  // Premium and admin: every route's handler is reached, not only its access check.
  actor = await createUser(t, { isPremium: true, role: 'admin' });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  operations = [
    ...operationsFrom(doc).filter((op) => op.path.startsWith('/api/')),
    ...AUTH_OPERATIONS,
    ...HIDDEN_OPERATIONS,
  ];
}, 120_000);
afterAll(async () => t?.close());

const fill = (op: Operation, value: string) =>
  op.path.replace(/\{(\w+)\}/g, () => value).replace(/:(\w+)/g, () => value);

async function send(options: InjectOptions): Promise<string | null> {
  const res = await t.app.inject({
    ...options,
    headers: { cookie: actor.cookie, 'accept-language': 'es', ...options.headers },
  });
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    // A page for people (the e-mail unsubscribe link): a translated HTML page, not JSON.
    if (String(res.headers['content-type']).startsWith('text/html')) {
      return /<html lang="es">/.test(res.body) ? null : `${res.statusCode} page not in Spanish`;
    }
    const body = res.json() as { message?: unknown };
    if (typeof body.message !== 'string' || body.message.length === 0) {
      return `${res.statusCode} without a message: ${res.body.slice(0, 200)}`;
    }
  }
  return null;
}

describe('fuzzing every route of the OpenAPI document', () => {
  it('covers every declared API route with a body, a path parameter or a query', () => {
    const covered = new Set(
      operations.map((op) => `${op.method} ${op.path.replace(/\{(\w+)\}/g, ':$1')}`),
    );
    const declared = Object.keys(ROUTE_ACCESS).filter(
      (key) => key.includes(' /api/') && !key.includes('/api/docs') && !key.includes('/api/auth/*'),
    );
    expect(declared.filter((key) => !covered.has(key))).toEqual([]);
    expect(operations.length).toBeGreaterThan(50);
  });

  it('bad path parameters and query values never answer 5xx', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const method = op.method as InjectOptions['method'];
      const payload = op.body ? {} : undefined;
      for (const segment of op.params.length > 0 ? BAD_SEGMENTS : []) {
        const url = fill(op, segment);
        const problem = await send({ method, url, ...(payload ? { payload } : {}) });
        if (problem) failures.push(`${op.method} ${url.slice(0, 80)}: ${problem}`);
      }
      for (const name of op.query) {
        for (const value of [...BAD_SEGMENTS, 'a&' + name + '=b']) {
          const url = `${fill(op, 'x')}?${name}=${value}`;
          const problem = await send({ method, url, ...(payload ? { payload } : {}) });
          if (problem) failures.push(`${op.method} ${url.slice(0, 80)}: ${problem}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('bad bodies and bad field values never answer 5xx', async () => {
    const failures: string[] = [];
    for (const op of operations.filter((o) => o.body !== null)) {
      const url = fill(op, '00000000-0000-4000-8000-000000000000');
      const bodies = [
        ...BAD_BODIES,
        ...op.body!.flatMap((field) => BAD_VALUES.map((v) => `{${JSON.stringify(field)}:${v}}`)),
      ];
      for (const payload of bodies) {
        const problem = await send({
          method: op.method as InjectOptions['method'],
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        if (problem) failures.push(`${op.method} ${url} ${payload.slice(0, 60)}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
    // Nothing polluted the prototypes.
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(({} as Record<string, unknown>).role).toBeUndefined();
  });

  it('group routes, on a group the actor leads (handlers reached past the membership check), never answer 5xx', async () => {
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/groups',
      headers: { cookie: actor.cookie },
      payload: {
        name: 'Fuzzed',
        language: 'en',
        path: { kind: 'course', courseId: '101' },
        startsOn: new Date().toISOString().slice(0, 10),
      },
    });
    expect(made.statusCode).toBe(201);
    const groupId = made.json().id as string;
    const groupOps = operations
      .filter((op) => op.path.startsWith('/api/groups/{id}') && op.body !== null)
      // Ending the group last, so every other route still finds it.
      .sort((a, b) => Number(a.path.endsWith('/end')) - Number(b.path.endsWith('/end')));
    expect(groupOps.length).toBeGreaterThanOrEqual(9);
    const failures: string[] = [];
    for (const op of groupOps) {
      const url = op.path
        .replace('{id}', groupId)
        .replace(/\{(\w+)\}/g, () => '00000000-0000-4000-8000-000000000000');
      const bodies = [
        ...BAD_BODIES,
        ...op.body!.flatMap((field) => BAD_VALUES.map((v) => `{${JSON.stringify(field)}:${v}}`)),
      ];
      for (const payload of bodies) {
        const problem = await send({
          method: op.method as InjectOptions['method'],
          url,
          headers: { 'content-type': 'application/json' },
          payload,
        });
        if (problem) failures.push(`${op.method} ${url} ${payload.slice(0, 60)}: ${problem}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('the server is healthy and the actor unchanged after', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { cookie: actor.cookie },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: actor.email, role: 'admin', isPremium: true });
  });
});
