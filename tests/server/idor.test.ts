import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  bibleStudy,
  church,
  churchGroup,
  churchInvitation,
  churchPastor,
  favoriteVerse,
  groupPrayer,
  goal,
  groupInvitation,
  groupMember,
  groupMessage,
  groupReflection,
  studyGroup,
  studySheet,
  groupMeeting,
  journalEntry,
  memoryVerse,
  notification,
  prayerRequest,
  supportTicket,
  user,
} from '#server/db/schema.ts';
import { notify } from '#server/notifications/notify.ts';
import { ROUTE_ACCESS, type AccessClass } from '#server/routes/registry.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

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
  'PATCH /api/memory-verses/:id': { practiceIn: 'both' },
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
  // A Strong's number: the dictionary's, the same for every member.
  'GET /api/bible/words/:number',
  'GET /api/bible/words/:number/occurrences',
  // A part of the offline pack, named by the SHA-256 of its bytes: Bible text or a course's
  // lessons, nobody's own (a premium course's only with a membership).
  'GET /api/offline/parts/:id',
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

/** Group routes: membership decides, not ownership; their own matrix is below. */
const isGroupRoute = (key: string) => /^\w+ \/api\/(groups|invitations)\//.test(key);
/** Church routes: being one of its pastors decides; their own matrix is below. */
const isChurchRoute = (key: string) => /^\w+ \/api\/(churches|church-invitations)\//.test(key);

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
      .filter((key) => !isGroupRoute(key) && !isChurchRoute(key))
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
      ([key]) =>
        !SHARED.includes(key) &&
        !(key in CHECKED_ELSEWHERE) &&
        !isGroupRoute(key) &&
        !isChurchRoute(key),
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

/** A valid body for each group route that takes one (so a 404 cannot come from validation). */
const GROUP_BODIES = (memberId: string): Record<string, object> => ({
  'PATCH /api/groups/:id': { name: 'A was here' },
  'PATCH /api/groups/:id/membership': { muted: true },
  'POST /api/groups/:id/transfer': { memberId },
  'POST /api/groups/:id/members/:memberId/role': { role: 'co-leader' },
  'POST /api/groups/:id/messages': { to: memberId, body: 'A was here' },
  'POST /api/groups/:id/reflections': { lessonId: '101-1' },
  'PATCH /api/groups/:id/reflections/:reflectionId': { hidden: true },
  'PUT /api/groups/:id/reflections/:reflectionId/audience': { audience: 'leaders' },
  'POST /api/groups/:id/invitations': {},
  'POST /api/groups/:id/invitations/email': { email: 'someone@example.com' },
  'POST /api/groups/:id/sheets': { title: 'A was here', passages: [], questions: [] },
  'PUT /api/groups/:id/sheets/:sheetId': {
    title: 'A was here',
    passages: ['John.3.16'],
    questions: [],
    prayer: '',
    note: '',
    audience: 'public',
  },
  'POST /api/groups/:id/meetings': { heldOn: new Date().toISOString().slice(0, 10), present: [] },
  'PUT /api/groups/:id/church': { code: 'ABCD-EFGH' },
  'PUT /api/groups/:id/rhythm': { aim: 3 },
  'POST /api/invitations/received/:id/accept': { level: 'progress' },
  'POST /api/invitations/:token/accept': { level: 'progress' },
});

describe('groups: the authorization matrix', () => {
  const NOT_FOUND = [
    'No se encontró el recurso solicitado.',
    'Esta invitación no existe. Pide al líder del grupo un enlace nuevo.',
  ];
  const today = new Date().toISOString().slice(0, 10);

  async function makeGroup(leader: TestUser, name: string) {
    const res = await app.call(leader, 'POST', '/api/groups', {
      name,
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: today,
    });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const link = (await app.call(leader, 'POST', `/api/groups/${id}/invitations`, {})).json();
    return { id, token: link.token as string, invitationId: link.invitation.id as string };
  }

  async function memberId(groupId: string, who: TestUser) {
    const rows = await app.t.database.db
      .select()
      .from(groupMember)
      .where(eq(groupMember.groupId, groupId));
    return rows.find((r) => r.userId === who.id)!.id;
  }

  async function groupSnapshot(groupId: string) {
    const db = app.t.database.db;
    return {
      group: await db.select().from(studyGroup).where(eq(studyGroup.id, groupId)),
      members: await db.select().from(groupMember).where(eq(groupMember.groupId, groupId)),
      reflections: await db
        .select()
        .from(groupReflection)
        .where(eq(groupReflection.groupId, groupId)),
      invitations: await db
        .select()
        .from(groupInvitation)
        .where(eq(groupInvitation.groupId, groupId)),
      messages: await db.select().from(groupMessage).where(eq(groupMessage.groupId, groupId)),
      sheets: await db.select().from(studySheet).where(eq(studySheet.groupId, groupId)),
      meetings: await db.select().from(groupMeeting).where(eq(groupMeeting.groupId, groupId)),
      church: await db.select().from(churchGroup).where(eq(churchGroup.groupId, groupId)),
      prayers: await db.select().from(groupPrayer).where(eq(groupPrayer.groupId, groupId)),
    };
  }

  it('answers 404 to a leader of another group, a removed member and an outsider, on every group route', async () => {
    const leaderA = await createUser(app.t);
    const leaderB = await createUser(app.t);
    const memberB = await createUser(app.t);
    const removed = await createUser(app.t);
    const outsider = await createUser(app.t);
    const invitedB = await createUser(app.t);
    const groupA = await makeGroup(leaderA, 'Group A');
    const groupB = await makeGroup(leaderB, 'Group B');
    for (const who of [memberB, removed]) {
      const joined = await app.call(who, 'POST', `/api/invitations/${groupB.token}/accept`, {
        level: 'reflections',
      });
      expect(joined.statusCode).toBe(200);
    }
    await app.call(memberB, 'PUT', '/api/lessons/101-1/response', { response: 'B only' });
    const reflection = await app.call(memberB, 'POST', `/api/groups/${groupB.id}/reflections`, {
      lessonId: '101-1',
    });
    expect(reflection.statusCode).toBe(201);
    await app.call(leaderB, 'POST', `/api/groups/${groupB.id}/invitations/email`, {
      email: invitedB.email,
    });
    const received = (await app.call(invitedB, 'GET', '/api/invitations/received')).json();
    const sheet = await app.call(leaderB, 'POST', `/api/groups/${groupB.id}/sheets`, {
      title: 'B only',
      passages: ['Ps.23.1-Ps.23.6'],
      questions: ['B only'],
    });
    expect(sheet.statusCode).toBe(201);
    const meeting = await app.call(leaderB, 'POST', `/api/groups/${groupB.id}/meetings`, {
      heldOn: today,
      present: [],
      note: 'B only',
    });
    expect(meeting.statusCode).toBe(201);
    // A prayer request member B shared with B's group.
    const bPrayer = (
      await app.call(memberB, 'POST', '/api/prayers', { title: 'B only', category: 'family' })
    ).json().id as string;
    expect(
      (await app.call(memberB, 'PUT', `/api/groups/${groupB.id}/prayers/${bPrayer}`)).statusCode,
    ).toBe(200);
    const removedId = await memberId(groupB.id, removed);
    expect(
      (await app.call(leaderB, 'POST', `/api/groups/${groupB.id}/members/${removedId}/remove`))
        .statusCode,
    ).toBe(204);
    // A live link of B's group, made after the other one: the matrix uses the revoked one.
    const bIds = {
      id: groupB.id,
      memberId: await memberId(groupB.id, memberB),
      reflectionId: reflection.json().id as string,
      invitationId: groupB.invitationId,
      received: received.items[0].id as string,
      sheetId: sheet.json().id as string,
      meetingId: meeting.json().id as string,
      prayerId: bPrayer,
    };
    const guessed = () => crypto.randomUUID();
    const before = await groupSnapshot(groupB.id);

    const groupRoutes = Object.keys(ROUTE_ACCESS).filter(
      (key) => isGroupRoute(key) && key.includes('/:') && !key.includes(':token'),
    );
    expect(groupRoutes.length).toBeGreaterThanOrEqual(20);
    const url = (pattern: string, ids: typeof bIds) =>
      pattern
        .replace('/api/invitations/received/:id', `/api/invitations/received/${ids.received}`)
        .replace(':id', ids.id)
        .replace(':memberId', ids.memberId)
        .replace(':reflectionId', ids.reflectionId)
        .replace(':invitationId', ids.invitationId)
        .replace(':sheetId', ids.sheetId)
        .replace(':meetingId', ids.meetingId)
        .replace(':prayerId', ids.prayerId);
    const cases: [string, TestUser, typeof bIds][] = [
      ['leader of A on B', leaderA, bIds],
      // A's own group with B's ids inside it.
      ['leader of A on A with B ids', leaderA, { ...bIds, id: groupA.id }],
      ['removed member', removed, bIds],
      [
        'outsider guessing',
        outsider,
        {
          id: guessed(),
          memberId: guessed(),
          reflectionId: guessed(),
          invitationId: guessed(),
          received: guessed(),
          sheetId: guessed(),
          meetingId: guessed(),
          prayerId: guessed(),
        },
      ],
    ];
    for (const [label, who, ids] of cases) {
      for (const key of groupRoutes) {
        const [method, pattern] = key.split(' ') as [Method, string];
        // On A's own group, only the routes that name a member, reflection or invitation of B.
        if (label === 'leader of A on A with B ids') {
          const namesB =
            /:(memberId|reflectionId|invitationId|sheetId|meetingId|prayerId)|transfer|messages/.test(
              pattern,
            );
          if (!namesB || pattern.startsWith('/api/invitations/')) continue;
        }
        const res = await app.call(
          who,
          method,
          url(pattern, ids),
          GROUP_BODIES(ids.memberId)[key],
          'es',
        );
        expect({ label, key, status: res.statusCode }).toEqual({ label, key, status: 404 });
        expect(NOT_FOUND, `${label} ${key}`).toContain(res.json().message);
      }
    }
    expect(await groupSnapshot(groupB.id)).toEqual(before);

    // A guessed link answers 404; a revoked or expired one says so, and nobody joins.
    const guessedLink = await app.call(
      outsider,
      'POST',
      '/api/invitations/not-a-token/accept',
      { level: 'progress' },
      'es',
    );
    expect(guessedLink.statusCode).toBe(404);
    const fresh = (
      await app.call(leaderB, 'POST', `/api/groups/${groupB.id}/invitations`, {})
    ).json();
    const revoked = await app.call(outsider, 'POST', `/api/invitations/${groupB.token}/accept`, {
      level: 'progress',
    });
    expect(revoked.statusCode).toBe(410);
    await app.t.database.db
      .update(groupInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInvitation.id, fresh.invitation.id));
    const expired = await app.call(outsider, 'POST', `/api/invitations/${fresh.token}/accept`, {
      level: 'progress',
    });
    expect(expired.statusCode).toBe(410);
    expect((await app.call(outsider, 'GET', `/api/groups/${groupB.id}`)).statusCode).toBe(404);
    // And the same requests by B's own leader succeed: the 404s above were the membership check.
    expect((await app.call(leaderB, 'GET', `/api/groups/${groupB.id}/members`)).statusCode).toBe(
      200,
    );
    expect(
      (
        await app.call(
          leaderB,
          'PATCH',
          `/api/groups/${groupB.id}/reflections/${bIds.reflectionId}`,
          { hidden: true },
        )
      ).statusCode,
    ).toBe(204);
  });
});

/** A valid body for each church route that takes one. */
const CHURCH_BODIES: Record<string, object> = {
  'PATCH /api/churches/:id': { name: 'A was here' },
};

describe('churches: the authorization matrix', () => {
  it('answers 404 to everyone but its pastors, on every church route, and changes nothing', async () => {
    const pastor = await createUser(app.t);
    const former = await createUser(app.t);
    const leader = await createUser(app.t);
    const otherPastor = await createUser(app.t);
    const outsider = await createUser(app.t);
    const made = await app.call(pastor, 'POST', '/api/churches', { name: 'Church B' });
    expect(made.statusCode, made.body).toBe(201);
    const churchId = made.json().id as string;
    const mine = await app.call(otherPastor, 'POST', '/api/churches', { name: 'Church A' });
    expect(mine.statusCode).toBe(201);
    // A pastor who left: no longer one of its pastors.
    const link = (
      await app.call(pastor, 'POST', `/api/churches/${churchId}/pastor-invitations`)
    ).json();
    expect(
      (await app.call(former, 'POST', `/api/church-invitations/${link.token}/accept`)).statusCode,
    ).toBe(200);
    expect((await app.call(former, 'POST', `/api/churches/${churchId}/leave`)).statusCode).toBe(
      204,
    );
    // A leader whose group is attached to the church: still not a pastor of it.
    const group = await app.call(leader, 'POST', '/api/groups', {
      name: 'Cell of B',
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: new Date().toISOString().slice(0, 10),
    });
    const groupId = group.json().id as string;
    await app.call(leader, 'PUT', `/api/groups/${groupId}/church`, { code: made.json().code });
    const pending = await app.call(pastor, 'GET', `/api/churches/${churchId}`);
    expect(pending.json().requests).toHaveLength(1);

    const db = app.t.database.db;
    const snapshot = async () => ({
      church: await db.select().from(church).where(eq(church.id, churchId)),
      pastors: await db.select().from(churchPastor).where(eq(churchPastor.churchId, churchId)),
      groups: await db.select().from(churchGroup).where(eq(churchGroup.churchId, churchId)),
      invitations: await db
        .select()
        .from(churchInvitation)
        .where(eq(churchInvitation.churchId, churchId)),
    });
    const before = await snapshot();
    const routes = Object.keys(ROUTE_ACCESS).filter(
      (key) => isChurchRoute(key) && key.includes('/:id'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(10);
    const cases: [string, TestUser, string][] = [
      ['a former pastor', former, churchId],
      ['a leader of one of its groups', leader, churchId],
      ['a pastor of another church', otherPastor, churchId],
      ['an outsider guessing', outsider, crypto.randomUUID()],
    ];
    for (const [label, who, id] of cases) {
      for (const key of routes) {
        const [method, pattern] = key.split(' ') as [Method, string];
        const url = pattern.replace(':id', id).replace(':groupId', groupId);
        const res = await app.call(who, method, url, CHURCH_BODIES[key], 'es');
        expect({ label, key, status: res.statusCode }).toEqual({ label, key, status: 404 });
        expect(res.json().message, `${label} ${key}`).toBe('Esta iglesia no está disponible.');
      }
    }
    expect(await snapshot()).toEqual(before);
    // The same reads by its pastor succeed: the 404s were the pastor check.
    for (const path of ['', '/report']) {
      expect((await app.call(pastor, 'GET', `/api/churches/${churchId}${path}`)).statusCode).toBe(
        200,
      );
    }
  });
});
