import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ROUTE_ACCESS, needsDeclaration, type AccessClass } from '#server/routes/registry.ts';
import { createTestApp, createUser, signUp, type TestApp, type TestUser } from '../helpers/app.ts';

/**
 * DESIGN §6: every API route is declared in the registry, and each access class is checked
 * against anonymous, unverified, member, premium, admin and other-user actors.
 */
type Actor = 'anonymous' | 'unverified' | 'member' | 'premium' | 'admin';
const ACTORS: Actor[] = ['anonymous', 'unverified', 'member', 'premium', 'admin'];

/** Who gets past the access check of each class (everyone else: 401 or 403). */
const ALLOWED: Record<AccessClass, Actor[]> = {
  public: ACTORS,
  session: ['unverified', 'member', 'premium', 'admin'],
  member: ['member', 'premium', 'admin'],
  premium: ['premium', 'admin'],
  admin: ['admin'],
};

let t: TestApp;
let actors: Record<Exclude<Actor, 'anonymous'>, TestUser>;

// Test-only routes, one per class, declared through the same registry mechanism.
const PROBES: Record<AccessClass, string> = {
  public: '/api/__probe/public',
  session: '/api/__probe/session',
  member: '/api/__probe/member',
  premium: '/api/__probe/premium',
  admin: '/api/__probe/admin',
};

beforeAll(async () => {
  const registry = ROUTE_ACCESS as Record<string, AccessClass>;
  for (const [cls, url] of Object.entries(PROBES)) registry[`GET ${url}`] = cls as AccessClass;
  t = await createTestApp({
    deps: {
      plugins: [
        (app: FastifyInstance) => {
          for (const url of Object.values(PROBES)) app.get(url, async () => ({ ok: true }));
        },
      ],
    },
  });
  actors = {
    unverified: await signUp(t.app),
    member: await createUser(t),
    premium: await createUser(t, { isPremium: true }),
    admin: await createUser(t, { role: 'admin' }),
  };
});
afterAll(async () => {
  await t.close();
  const registry = ROUTE_ACCESS as Record<string, AccessClass>;
  for (const url of Object.values(PROBES)) delete registry[`GET ${url}`];
});

function cookieOf(actor: Actor): Record<string, string> {
  return actor === 'anonymous' ? {} : { cookie: actors[actor].cookie };
}

describe('route registry', () => {
  it('declares every API route Fastify knows, and nothing that does not exist', () => {
    const table = t.app.routeTable.filter((r) => r.method !== 'OPTIONS' && needsDeclaration(r.url));
    const known = new Set(table.map((r) => `${r.method === 'HEAD' ? 'GET' : r.method} ${r.url}`));
    const undeclared = [...known].filter((k) => !(k in ROUTE_ACCESS));
    expect(undeclared).toEqual([]);
    // The API docs' routes too: `GET /api/docs/uiConfig` was declared and answered 404.
    const stale = Object.keys(ROUTE_ACCESS).filter((k) => !known.has(k));
    expect(stale).toEqual([]);
  });

  it('refuses to start with a declared route that no route answers', async () => {
    const registry = ROUTE_ACCESS as Record<string, AccessClass>;
    registry['GET /api/__declared-only'] = 'public';
    try {
      await expect(
        createTestApp({
          database: t.database,
          deps: {
            plugins: [
              (app: FastifyInstance) => {
                for (const url of Object.values(PROBES)) app.get(url, async () => ({ ok: true }));
              },
            ],
          },
        }),
      ).rejects.toThrow(
        /^Routes declared in the route registry .* but never registered: GET \/api\/__declared-only$/,
      );
    } finally {
      delete registry['GET /api/__declared-only'];
    }
  });

  it('refuses to start with an undeclared API route', async () => {
    await expect(
      createTestApp({
        database: t.database,
        deps: {
          plugins: [(app: FastifyInstance) => void app.get('/api/undeclared', async () => ({}))],
        },
      }),
    ).rejects.toThrow(/missing from the route registry.*GET \/api\/undeclared/);
  });

  for (const cls of Object.keys(PROBES) as AccessClass[]) {
    it(`enforces the ${cls} class for every actor`, async () => {
      for (const actor of ACTORS) {
        const res = await t.app.inject({
          method: 'GET',
          url: PROBES[cls],
          headers: cookieOf(actor),
        });
        const expected = ALLOWED[cls].includes(actor) ? 200 : actor === 'anonymous' ? 401 : 403;
        expect({ actor, status: res.statusCode }).toEqual({ actor, status: expected });
      }
    });
  }

  it('applies the declared class to every real route', async () => {
    const registry = ROUTE_ACCESS as Record<string, AccessClass>;
    const real = Object.entries(registry).filter(
      ([key, cls]) => cls !== 'public' && !key.includes('__probe'),
    );
    expect(real.length).toBeGreaterThan(0);
    for (const [key, cls] of real) {
      const [method, pattern] = key.split(' ') as [string, string];
      const url = pattern.replace(/:(\w+)/g, 'no-such-$1');
      // Every actor at once (the routes one after another): ~1,500 requests, which one at a
      // time took 19 s on PGlite and passed 30 s on a busy PostgreSQL.
      const answers = await Promise.all(
        ACTORS.map(async (actor) => ({
          actor,
          res: await t.app.inject({
            method: method as 'GET',
            url,
            headers: cookieOf(actor),
            ...(method === 'GET' ? {} : { payload: {} }),
          }),
        })),
      );
      for (const { actor, res } of answers) {
        if (ALLOWED[cls].includes(actor)) {
          expect({ key, actor, status: res.statusCode }).not.toMatchObject({ status: 401 });
          if (res.statusCode === 403)
            expect(res.json().code).not.toMatch(/AGE_NOT_VERIFIED|ADMIN_ONLY|PREMIUM_REQUIRED/);
        } else {
          const expected = actor === 'anonymous' ? 401 : 403;
          expect({ key, actor, status: res.statusCode }).toEqual({ key, actor, status: expected });
        }
      }
    }
  });

  it("an admin change to another user's id that does not exist answers 404", async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/admin/users/nobody',
      headers: cookieOf('admin'),
      payload: { isPremium: true },
    });
    expect(res.statusCode).toBe(404);
  });

  it('an admin grants premium, and the member gains premium access at once', async () => {
    const target = await createUser(t);
    const before = await t.app.inject({
      method: 'GET',
      url: PROBES.premium,
      headers: { cookie: target.cookie },
    });
    expect(before.statusCode).toBe(403);
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${target.id}`,
      headers: cookieOf('admin'),
      payload: { isPremium: true },
    });
    expect(res.statusCode).toBe(200);
    const after = await t.app.inject({
      method: 'GET',
      url: PROBES.premium,
      headers: { cookie: target.cookie },
    });
    expect(after.statusCode).toBe(200);
  });

  it('lists members for admins, paginated and searchable', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/users?q=${encodeURIComponent(actors.member.email)}`,
      headers: cookieOf('admin'),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.items).toHaveLength(1);
    expect(body.items[0].email).toBe(actors.member.email);
    expect(body.pageSize).toBe(25);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users?page=0',
      headers: cookieOf('admin'),
    });
    expect(bad.statusCode).toBe(400);
  });
});
