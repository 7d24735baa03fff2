import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bibleStudy,
  favoriteVerse,
  goal,
  journalEntry,
  memoryVerse,
  notification,
  prayerRequest,
  supportTicket,
  user,
} from '#server/db/schema.ts';
import { notify } from '#server/notifications/notify.ts';
import { ROUTE_ACCESS, type AccessClass } from '#server/routes/registry.ts';
import { useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * The authorization matrix's IDOR cases (DESIGN §6, issue 12): member A, on every member route
 * that takes the id of something a member owns, with member B's id → 404 (as for an id that
 * does not exist: A learns nothing), and B's data unchanged. Each request is valid apart from
 * the owner, so a 404 cannot come from validation. A new route with an id fails this test until
 * it is listed below: as an owned resource, or as something every member shares.
 */
const app = useTestApp({ bibles: true }, { a: { isPremium: true }, b: {} });

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * How B creates one of each owned resource: the answer's `id`, or, where the answer carries
 * none (a support ticket answers its number), the first item of `list`.
 */
const OWNED: Record<
  string,
  {
    create: [string, object];
    table: { userId: unknown };
    list?: string;
    make?: (who: TestUser) => Promise<string>;
  }
> = {
  studies: {
    create: ['/api/studies', { reference: 'jn 3:16', translation: 'WEB', observation: 'B only' }],
    table: bibleStudy,
  },
  'memory-verses': {
    create: ['/api/memory-verses', { reference: 'John 3:16', category: 'love' }],
    table: memoryVerse,
  },
  journal: { create: ['/api/journal', { content: 'B only' }], table: journalEntry },
  prayers: {
    create: ['/api/prayers', { title: 'B only', category: 'family' }],
    table: prayerRequest,
  },
  goals: {
    create: ['/api/goals', { preset: 'pray-10-minutes-daily', title: 'Pray 10 minutes daily' }],
    table: goal,
  },
  'favorite-verses': {
    create: ['/api/favorite-verses', { reference: 'Romans 8:28' }],
    table: favoriteVerse,
  },
  notifications: {
    // Raised by the app, not posted: B's is made as a badge would make it.
    create: ['', {}],
    table: notification,
    make: async (who) => {
      await notify(app.t.database.db, who.id, 'badgeEarned', { badge: 'first-lesson' });
      return (await app.call(who, 'GET', '/api/notifications')).json().items[0].id;
    },
  },
  support: {
    create: [
      '/api/support/tickets',
      {
        name: 'Rut Moabita',
        email: 'b@example.com',
        subject: 'account',
        message: 'B only: a question about my account.',
      },
    ],
    table: supportTicket,
    list: '/api/support/tickets',
  },
};

/** A valid body for each owned route that takes one. */
const BODIES: Record<string, object> = {
  'PATCH /api/studies/:id': { title: 'A was here' },
  'POST /api/memory-verses/:id/review': { rating: 'easy' },
  'PATCH /api/journal/:id': { title: 'A was here' },
  'PATCH /api/prayers/:id': { title: 'A was here' },
  'POST /api/prayers/:id/answer': { note: 'A was here' },
  'PATCH /api/goals/:id': { title: 'A was here' },
  'POST /api/goals/:id/progress': { amount: 5 },
  'POST /api/support/tickets/:id/replies': { body: 'A was here, or B on their own ticket.' },
};

/** Routes with an id that names something shared by every member, not owned by one. */
const SHARED = [
  'GET /api/bible/chapter/:translation/:book/:chapter',
  'GET /api/bible/parallel/:first/:second/:book/:chapter',
  'GET /api/courses/:id',
  'GET /api/lessons/:id',
  'PUT /api/lessons/:id/response',
  'POST /api/lessons/:id/complete',
  'POST /api/reading-plans/:id/start',
  // The library's content; a read mark is kept for the member who asks, by their own id.
  'GET /api/library/sermons/:id',
  'GET /api/library/heroes/:id',
  'GET /api/library/resources/:id',
  'PUT /api/library/read/:kind/:id',
];

/** Routes whose id names something kept outside our tables, with the test that checks them. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  // A Stripe Checkout session: another member's answers 404 (needs the Stripe stand-in).
  'GET /api/subscription/checkout/:sessionId': 'tests/server/subscription.test.ts',
  // A signed-in device: another member's answers 404 (it needs the caller's password, and
  // the caller's own current device answers 400, so the shared bodies above do not fit).
  'POST /api/user/sessions/:id/sign-out': 'tests/server/account-data.test.ts',
  // A passkey: another member's answers 404 (it is made by a WebAuthn ceremony and removed with
  // the caller's password, ADR 0044).
  'POST /api/user/passkeys/:id/remove': 'tests/server/passkeys.test.ts',
};

const routesWithIds = Object.entries(ROUTE_ACCESS as Record<string, AccessClass>).filter(
  ([key, cls]) => key.includes('/:') && (cls === 'member' || cls === 'premium'),
);

async function snapshot(who: TestUser) {
  const rows: Record<string, unknown[]> = {};
  for (const [kind, { table }] of Object.entries(OWNED)) {
    const t = table as typeof journalEntry;
    rows[kind] = await app.t.database.db.select().from(t).where(eq(t.userId, who.id));
  }
  rows.user = await app.t.database.db.select().from(user).where(eq(user.id, who.id));
  return rows;
}

describe("member A on member B's resources", () => {
  it('every member route with an id is owned (tested below), shared or checked elsewhere', () => {
    const unclassified = routesWithIds
      .map(([key]) => key)
      .filter((key) => !SHARED.includes(key) && !(key in CHECKED_ELSEWHERE))
      .filter((key) => !(key.split('/')[2]! in OWNED));
    expect(unclassified).toEqual([]);
  });

  it('answers 404 on every method of every owned resource, and changes nothing of B', async () => {
    const ids: Record<string, string> = {};
    for (const [kind, { create, list, make }] of Object.entries(OWNED)) {
      if (make) {
        ids[kind] = await make(app.b);
        continue;
      }
      const res = await app.call(app.b, 'POST', create[0], create[1]);
      expect(res.statusCode, kind).toBeLessThan(300);
      ids[kind] = list ? (await app.call(app.b, 'GET', list)).json().items[0].id : res.json().id;
      expect(ids[kind], kind).toEqual(expect.any(String));
    }
    const before = await snapshot(app.b);
    const owned = routesWithIds.filter(
      ([key]) => !SHARED.includes(key) && !(key in CHECKED_ELSEWHERE),
    );
    expect(owned.length).toBeGreaterThanOrEqual(15);
    for (const [key] of owned) {
      const [method, pattern] = key.split(' ') as [Method, string];
      const kind = pattern.split('/')[2]!;
      const url = pattern.replace(':id', ids[kind]!);
      const res = await app.call(app.a, method, url, BODIES[key], 'es');
      expect({ key, status: res.statusCode }).toEqual({ key, status: 404 });
      expect(res.json().message, key).toBe('No se encontró el recurso solicitado.');
      // The same request on B's own resource is accepted: the 404 above is the owner check.
      if (method === 'GET') {
        expect((await app.call(app.b, method, url)).statusCode, key).toBe(200);
      }
    }
    expect(await snapshot(app.b)).toEqual(before);
    // And B's own writes with the same bodies succeed: A's 404s were not validation errors.
    for (const [key, body] of Object.entries(BODIES)) {
      const [method, pattern] = key.split(' ') as [Method, string];
      const url = pattern.replace(':id', ids[pattern.split('/')[2]!]!);
      expect({ key, status: (await app.call(app.b, method, url, body)).statusCode }).toEqual({
        key,
        status: expect.toSatisfy((s: number) => s < 300),
      });
    }
  });
});
