import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { groupMember } from '#server/db/schema.ts';
import { ABOUT_A_MEMBER, PATH_PROGRESS_FIELDS } from '#shared/values/what-others-see.ts';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * The groups' contract (issue 25, ADR 0052): every field any group endpoint may return, listed
 * per role (leader, co-leader, member, removed member, outsider) and per consent level. Each
 * answer's fields are collected as paths (`leaderRows[].progress.path.nextLesson.title`) and must
 * be exactly the listed ones: a field added to an answer fails here until it is listed, and so
 * does a field shown at a level that does not allow it. Nothing of a member's account (e-mail
 * address, user id) nor their journal, prayers, memory verses or studies appears anywhere.
 * What one member's fields are to the others comes from `ABOUT_A_MEMBER` (shared), which the page
 * "What others see of me" says in words: the page and this test read one list.
 */
const app = useTestApp();
const call = app.call;
const today = new Date().toISOString().slice(0, 10);

const under = (prefix: string, fields: readonly string[]) => fields.map((f) => `${prefix}.${f}`);

const PATH = ['kind', 'courseId', 'lessonsPerWeek'];
const PATH_PROGRESS = PATH_PROGRESS_FIELDS;
const MEMBER_PROGRESS = ABOUT_A_MEMBER.leaderProgress;
const GROUP_BASE = [
  'id',
  'name',
  'description',
  'language',
  'path',
  ...under('path', PATH),
  'pathTitle',
  'startsOn',
  'meetingNote',
  'memberCount',
  'pathNeedsPremium',
  'createdAt',
];
/** `me`: whether the row is the reader's own (nothing about the member). */
const VISIBLE_ROW = [...ABOUT_A_MEMBER.memberRow, 'me'];
/** `memberId` names the row for the leaders' actions; `progress` is null below level Progress. */
const LEADER_ROW = ['memberId', ...ABOUT_A_MEMBER.leaderRow, 'progress'];
const DETAIL_COMMON = [
  ...GROUP_BASE,
  'membersSeeReflections',
  'me',
  ...under('me', ['memberId', 'role', 'level', 'muted', 'joinedAt']),
  'myProgress',
  ...under('myProgress', MEMBER_PROGRESS),
  'iNeedPremium',
  'pace',
  'pace.expected',
  'pace.total',
  'lessons',
  'lessons[].id',
  'lessons[].title',
  'leaders',
  ...under('leaders[]', VISIBLE_ROW),
  'stats',
];
const STATS = ['memberCount', 'completion', 'activeThisWeek', 'sharingProgress', 'behindCount'];

/** The listed fields of each answer, by who reads it. */
const CONTRACT = {
  list: [
    'items',
    ...under('items[]', [
      ...GROUP_BASE,
      'membersSeeReflections',
      'role',
      'level',
      'muted',
      'pace',
      'pace.expected',
      'pace.total',
      'myProgress',
      ...under('myProgress', PATH_PROGRESS),
    ]),
    'pendingInvitations',
    'canCreate',
  ],
  detail: {
    leaders: [...DETAIL_COMMON, ...under('stats', STATS)],
    member: DETAIL_COMMON,
  },
  members: {
    /** The rows of members at `membership` carry `progress: null`: no progress fields. */
    leaders: (levels: string[]) => [
      'kind',
      'leaderRows',
      ...under('leaderRows[]', [
        ...LEADER_ROW,
        ...(levels.some((l) => l !== 'membership') ? under('progress', MEMBER_PROGRESS) : []),
      ]),
      'visibleRows',
      'total',
      'page',
      'pageSize',
    ],
    member: [
      'kind',
      'leaderRows',
      'visibleRows',
      ...under('visibleRows[]', VISIBLE_ROW),
      'total',
      'page',
      'pageSize',
    ],
  },
  feed: [
    'items',
    // `message`: a leader's message to all, shown in the activity too.
    ...under('items[]', ['id', 'kind', ...ABOUT_A_MEMBER.milestone, 'message']),
  ],
  reflections: [
    'items',
    ...under('items[]', ['id', ...ABOUT_A_MEMBER.reflection, 'hidden', 'audience', 'mine']),
  ],
  invitations: [
    'items',
    ...under('items[]', ['id', 'status', 'expiresAt', 'maxUses', 'uses', 'createdAt']),
  ],
  createdInvitation: [
    'invitation',
    ...under('invitation', ['id', 'status', 'expiresAt', 'maxUses', 'uses', 'createdAt']),
    'token',
    'url',
  ],
  preview: [
    'status',
    'group',
    ...under('group', [
      'name',
      'leaderFirstName',
      'language',
      'path',
      ...under('path', PATH),
      'pathTitle',
      'startsOn',
      'meetingNote',
    ]),
  ],
  received: [
    'items',
    ...under('items[]', [
      'id',
      'status',
      'expiresAt',
      'group',
      ...under('group', [
        'name',
        'leaderFirstName',
        'path',
        ...under('path', PATH),
        'pathTitle',
        'startsOn',
        'meetingNote',
      ]),
    ]),
  ],
  membership: ['memberId', 'role', 'level', 'muted', 'joinedAt'],
  messageSent: ['recipients', 'remainingToday'],
  joined: ['groupId'],
  refused: ['code', 'message'],
};

/**
 * The answer's fields are exactly the listed ones: none that is not listed, and every listed one
 * whose parent is there (the fields under a null, or under an empty list, cannot be).
 */
function expectExactly(value: unknown, listed: string[], label: string) {
  const actual = pathSet(value);
  const parentThere = (p: string) => {
    const cut = p.lastIndexOf('.');
    if (cut < 0) return true;
    const parent = p.slice(0, cut);
    return actual.some((a) => a.startsWith(`${parent}.`));
  };
  expect(actual, label).toEqual([...new Set(listed)].filter(parentThere).sort());
}

/** A refusal: a translated message, and perhaps a code; nothing of the group. */
function expectRefusal(value: unknown, label: string) {
  const actual = pathSet(value);
  expect(actual, label).toContain('message');
  expect(
    actual.filter((p) => !CONTRACT.refused.includes(p)),
    label,
  ).toEqual([]);
}

describe('the groups contract', () => {
  it('lists every field each role sees, at each consent level, and nothing else', async () => {
    const leader = await createUser(app.t);
    const coLeader = await createUser(app.t);
    const atMembership = await createUser(app.t);
    const atProgress = await createUser(app.t);
    const atReflections = await createUser(app.t);
    const removed = await createUser(app.t);
    const outsider = await createUser(app.t);
    const everyone: TestUser[] = [
      leader,
      coLeader,
      atMembership,
      atProgress,
      atReflections,
      removed,
      outsider,
    ];
    // Each writes what must never reach a group: a journal entry, a prayer, a memory verse.
    for (const who of everyone) {
      await call(who, 'POST', '/api/journal', { content: `SECRET-JOURNAL-${who.id}` });
      await call(who, 'POST', '/api/prayers', {
        title: `SECRET-PRAYER-${who.id}`,
        category: 'family',
      });
      await call(who, 'PUT', '/api/lessons/101-1/response', {
        response: 'What this lesson taught me',
      });
      await call(who, 'POST', '/api/lessons/101-1/complete');
      await call(who, 'PATCH', '/api/user/preferences', {
        activitySharing: true,
        profileVisibility: true,
      });
    }
    const created = await call(leader, 'POST', '/api/groups', {
      name: 'Contract',
      description: 'Checked field by field',
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: today,
      meetingNote: 'Sundays',
    });
    const groupId = created.json().id as string;
    expectExactly(created.json(), CONTRACT.detail.leaders, 'create');
    const link = await call(leader, 'POST', `/api/groups/${groupId}/invitations`, { maxUses: 50 });
    expectExactly(link.json(), CONTRACT.createdInvitation, 'invitation link');
    const token = link.json().token as string;
    const preview = await app.t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expectExactly(preview.json(), CONTRACT.preview, 'preview (visitor)');

    const joins: [TestUser, string][] = [
      [coLeader, 'progress'],
      [atMembership, 'membership'],
      [atProgress, 'progress'],
      [atReflections, 'reflections'],
      [removed, 'progress'],
    ];
    for (const [who, level] of joins) {
      const res = await call(who, 'POST', `/api/invitations/${token}/accept`, { level });
      expectExactly(res.json(), CONTRACT.joined, 'joined');
    }
    const rows = await app.t.database.db
      .select()
      .from(groupMember)
      .where(eq(groupMember.groupId, groupId));
    const idOf = (who: TestUser) => rows.find((r) => r.userId === who.id)!.id;
    await call(leader, 'POST', `/api/groups/${groupId}/members/${idOf(coLeader)}/role`, {
      role: 'co-leader',
    });
    await call(leader, 'POST', `/api/groups/${groupId}/members/${idOf(removed)}/remove`);
    const shared = await call(atReflections, 'POST', `/api/groups/${groupId}/reflections`, {
      lessonId: '101-1',
    });
    expectExactly(
      shared.json(),
      CONTRACT.reflections.slice(1).map((p) => p.replace('items[].', '')),
      'shared',
    );
    const sent = await call(leader, 'POST', `/api/groups/${groupId}/messages`, {
      to: 'all',
      body: 'Encouragement',
    });
    expectExactly(sent.json(), CONTRACT.messageSent, 'message sent');
    await call(leader, 'PATCH', `/api/groups/${groupId}`, { membersSeeReflections: true });
    await call(leader, 'POST', `/api/groups/${groupId}/invitations/email`, {
      email: outsider.email,
    });

    const answers: string[] = [];
    const get = async (who: TestUser, url: string) => {
      const res = await call(who, 'GET', url);
      answers.push(res.body);
      return res;
    };

    // Leaders (the leader and a co-leader see the same).
    for (const who of [leader, coLeader]) {
      const detail = await get(who, `/api/groups/${groupId}`);
      expectExactly(detail.json(), CONTRACT.detail.leaders, 'leader detail');
      const page = (await get(who, `/api/groups/${groupId}/members`)).json();
      expectExactly(page, CONTRACT.members.leaders(['progress']), 'leader members');
      const byLevel = new Map(page.leaderRows.map((r: { level: string }) => [r.level, r] as const));
      // Membership only: the name and that they joined, nothing of their progress.
      const membershipRow = page.leaderRows.find(
        (r: { memberId: string }) => r.memberId === idOf(atMembership),
      );
      expectExactly(membershipRow, LEADER_ROW, 'membership row');
      expect(membershipRow).toMatchObject({ progress: null, sharedReflections: 0 });
      const progressRow = page.leaderRows.find(
        (r: { memberId: string }) => r.memberId === idOf(atProgress),
      );
      expect(progressRow.progress.path.lessonsDone).toBe(1);
      expect(byLevel.get('reflections')).toMatchObject({ sharedReflections: 1 });
      expectExactly((await get(who, `/api/groups/${groupId}/feed`)).json(), CONTRACT.feed, 'feed');
      expectExactly(
        (await get(who, `/api/groups/${groupId}/reflections`)).json(),
        CONTRACT.reflections,
        'leader reflections',
      );
      expectExactly(
        (await get(who, `/api/groups/${groupId}/invitations`)).json(),
        CONTRACT.invitations,
        'invitations',
      );
      expectExactly((await get(who, '/api/groups')).json(), CONTRACT.list, 'list');
    }

    // Members, at each level: their own progress, names, no one else's progress.
    for (const who of [atMembership, atProgress, atReflections]) {
      const detail = await get(who, `/api/groups/${groupId}`);
      expectExactly(detail.json(), CONTRACT.detail.member, 'member detail');
      expect(detail.json().stats).toBeNull();
      const page = await get(who, `/api/groups/${groupId}/members`);
      expectExactly(page.json(), CONTRACT.members.member, 'member members');
      expectExactly((await get(who, `/api/groups/${groupId}/feed`)).json(), CONTRACT.feed, 'feed');
      expectExactly(
        (await get(who, `/api/groups/${groupId}/reflections`)).json(),
        CONTRACT.reflections,
        'member reflections',
      );
      expectExactly((await get(who, '/api/groups')).json(), CONTRACT.list, 'member list');
      const refused = await call(who, 'GET', `/api/groups/${groupId}/invitations`);
      expect(refused.statusCode).toBe(403);
      expectRefusal(refused.json(), 'member on invitations');
      const mine = await call(who, 'PATCH', `/api/groups/${groupId}/membership`, { muted: false });
      expectExactly(mine.json(), CONTRACT.membership, 'membership');
    }
    // The feed shows the milestones of members who share activity and progress, not of the one
    // at membership only.
    const feed = (await get(atProgress, `/api/groups/${groupId}/feed`)).json();
    const membershipUser = await call(atMembership, 'GET', '/api/auth/user');
    const hiddenName = membershipUser.json().lastName as string;
    expect(
      feed.items.filter(
        (i: { lastName: string; kind: string }) =>
          i.lastName === hiddenName && i.kind !== 'message',
      ),
    ).toEqual([]);

    // A removed member and an outsider: 404 with a message, nothing else, on every group read.
    for (const who of [removed, outsider]) {
      for (const suffix of ['', '/members', '/feed', '/reflections', '/invitations']) {
        const res = await call(who, 'GET', `/api/groups/${groupId}${suffix}`);
        expect(res.statusCode, suffix).toBe(404);
        expectRefusal(res.json(), `outsider ${suffix}`);
      }
    }
    // The outsider invited by e-mail sees the invitation's preview fields only.
    expectExactly(
      (await get(outsider, '/api/invitations/received')).json(),
      CONTRACT.received,
      'received',
    );

    // Nothing of anyone's account or private writing, in any answer.
    const all = answers.join('\n');
    for (const who of everyone) {
      expect(all).not.toContain(who.email);
      expect(all).not.toContain(who.id);
      expect(all).not.toContain(`SECRET-JOURNAL-${who.id}`);
      expect(all).not.toContain(`SECRET-PRAYER-${who.id}`);
    }
  });
});
