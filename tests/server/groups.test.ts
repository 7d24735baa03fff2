import { beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  groupInvitation,
  groupMember,
  groupMessage,
  groupReflection,
  notification,
  notificationDelivery,
  rateLimit,
  studyGroup,
  user,
} from '#server/db/schema.ts';
import { hashToken } from '#server/groups/service.ts';
import { addDays } from '#shared/values/time.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';
import { unzip } from '../helpers/unzip.ts';

const app = useTestApp(
  {},
  { leader: {}, member: {}, other: {}, outsider: {}, unverified: { ageVerified: false } },
);
const call = app.call;
const db = () => app.t.database.db;
const today = () => new Date().toISOString().slice(0, 10);

// Each test starts with fresh rate-limit counters (the limits have tests of their own below).
beforeEach(async () => {
  await db().delete(rateLimit);
});

async function createGroup(
  who: TestUser,
  overrides: Record<string, unknown> = {},
): Promise<{ id: string }> {
  const res = await call(who, 'POST', '/api/groups', {
    name: 'New believers',
    language: 'en',
    path: { kind: 'course', courseId: '101' },
    startsOn: today(),
    meetingNote: 'Thursdays 7 pm',
    ...overrides,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function invite(who: TestUser, groupId: string, body: object = {}) {
  const res = await call(who, 'POST', `/api/groups/${groupId}/invitations`, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { token: string; url: string; invitation: { id: string; status: string } };
}

async function joinWith(who: TestUser, token: string, level = 'progress') {
  return call(who, 'POST', `/api/invitations/${token}/accept`, { level });
}

async function groupWith(...members: [TestUser, string][]) {
  const group = await createGroup(app.leader);
  const { token } = await invite(app.leader, group.id);
  for (const [who, level] of members) {
    const res = await joinWith(who, token, level);
    expect(res.statusCode, res.body).toBe(200);
  }
  return group;
}

/** The `groupNews` notifications a member got, as their payloads. */
async function groupNewsOf(who: TestUser) {
  const rows = await db()
    .select({ data: notification.data })
    .from(notification)
    .where(and(eq(notification.userId, who.id), eq(notification.kind, 'groupNews')));
  return rows.map((r) => r.data);
}

async function memberIdOf(groupId: string, who: TestUser): Promise<string> {
  const [row] = await db()
    .select({ id: groupMember.id })
    .from(groupMember)
    .where(and(eq(groupMember.groupId, groupId), eq(groupMember.userId, who.id)));
  return row!.id;
}

describe('creating a group', () => {
  it('makes the creator its leader, with the path, the pace and no one else', async () => {
    const group = await createGroup(app.leader, { description: 'A first look at the faith' });
    const detail = (await call(app.leader, 'GET', `/api/groups/${group.id}`)).json();
    expect(detail).toMatchObject({
      name: 'New believers',
      description: 'A first look at the faith',
      path: { kind: 'course', courseId: '101', lessonsPerWeek: 1 },
      pathTitle: expect.any(String),
      meetingNote: 'Thursdays 7 pm',
      memberCount: 1,
      pathNeedsPremium: false,
      me: { role: 'leader', level: 'progress', muted: false },
      pace: { expected: 1, total: 18 },
      stats: { memberCount: 1, completion: 0 },
    });
    expect(detail.lessons).toHaveLength(18);
    const list = (await call(app.leader, 'GET', '/api/groups')).json();
    expect(list.items.map((g: { id: string }) => g.id)).toContain(group.id);
    expect(list.canCreate).toBe(true);
  });

  it('refuses bad input with translated messages in both languages', async () => {
    const bad = await call(app.leader, 'POST', '/api/groups', {
      name: '',
      language: 'en',
      path: { kind: 'course', courseId: '999' },
      startsOn: 'tomorrow',
    });
    expect(bad.statusCode).toBe(400);
    const far = await call(
      app.leader,
      'POST',
      '/api/groups',
      {
        name: 'Later',
        language: 'es',
        path: { kind: 'plan', planId: 'gospels', duration: 90 },
        startsOn: addDays(today(), 800),
      },
      'es',
    );
    expect(far.statusCode).toBe(400);
    expect(far.json().message).toBe(
      'Elige una fecha de inicio que esté a menos de un año de hoy, antes o después.',
    );
    const long = await call(app.leader, 'POST', '/api/groups', {
      name: 'x'.repeat(81),
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: today(),
    });
    expect(long.statusCode).toBe(400);
  });

  it('makes one group for one chosen id sent twice', async () => {
    const id = crypto.randomUUID();
    const body = {
      id,
      name: 'Twice',
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: today(),
    };
    expect((await call(app.other, 'POST', '/api/groups', body)).statusCode).toBe(201);
    expect((await call(app.other, 'POST', '/api/groups', body)).statusCode).toBe(200);
    expect((await call(app.member, 'POST', '/api/groups', body)).statusCode).toBe(409);
    const rows = await db().select().from(studyGroup).where(eq(studyGroup.id, id));
    expect(rows).toHaveLength(1);
  });

  it('lets a member lead at most 20 groups', async () => {
    const busy = await createUser(app.t);
    const now = new Date();
    for (let i = 0; i < 20; i++) {
      const id = crypto.randomUUID();
      await db()
        .insert(studyGroup)
        .values({
          id,
          name: `G${i}`,
          language: 'en',
          pathKind: 'course',
          courseId: '101',
          lessonsPerWeek: 1,
          startsOn: today(),
          timeZone: 'UTC',
        });
      await db().insert(groupMember).values({
        id: crypto.randomUUID(),
        groupId: id,
        userId: busy.id,
        role: 'leader',
        joinedAt: now,
      });
    }
    const res = await call(
      busy,
      'POST',
      '/api/groups',
      {
        name: 'One more',
        language: 'en',
        path: { kind: 'course', courseId: '101' },
        startsOn: today(),
      },
      'es',
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/^Ya lideras 20 grupos/);
    expect((await call(busy, 'GET', '/api/groups')).json().canCreate).toBe(false);
  });
});

describe('rate limits', () => {
  it('limits group creation and invitation acceptance per member (a leaked link tried by a script)', async () => {
    const maker = await createUser(app.t);
    const body = {
      name: 'G',
      language: 'en',
      path: { kind: 'course', courseId: '101' },
      startsOn: today(),
    };
    for (let i = 0; i < 10; i++) {
      expect((await call(maker, 'POST', '/api/groups', body)).statusCode).toBe(201);
    }
    const limited = await call(maker, 'POST', '/api/groups', body, 'es');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    expect(limited.json().message).toMatch(/^Demasiados intentos/);

    const joiner = await createUser(app.t);
    for (let i = 0; i < 20; i++) {
      expect((await joinWith(joiner, `guessed-${i}`)).statusCode).toBe(404);
    }
    expect((await joinWith(joiner, 'guessed-again')).statusCode).toBe(429);
  });
});

describe('invitations', () => {
  it('shows a visitor only the name, the leader’s first name, the path and the meeting note', async () => {
    const group = await createGroup(app.leader);
    const { token, url } = await invite(app.leader, group.id);
    expect(url).toBe(`http://localhost:5000/invitations/${token}`);
    const res = await app.t.app.inject({ method: 'GET', url: `/api/invitations/${token}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.status).toBe('open');
    expect(Object.keys(body.group).sort()).toEqual(
      [
        'language',
        'leaderFirstName',
        'meetingNote',
        'name',
        'path',
        'pathTitle',
        'startsOn',
      ].sort(),
    );
    expect(body.group.leaderFirstName).toBe('Test');
    // The token is stored hashed.
    const [row] = await db()
      .select()
      .from(groupInvitation)
      .where(eq(groupInvitation.groupId, group.id));
    expect(row!.tokenHash).not.toContain(token);
    expect(row!.tokenHash).toHaveLength(64);
    const unknown = await app.t.app.inject({
      method: 'GET',
      url: '/api/invitations/nope',
      headers: { 'accept-language': 'es' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toMatch(/^Esta invitación no existe/);
  });

  it('assumes no level: joining without one is refused in words, and joins nobody', async () => {
    const group = await createGroup(app.leader);
    const { token } = await invite(app.leader, group.id);
    const joiner = await createUser(app.t);
    const none = await call(joiner, 'POST', `/api/invitations/${token}/accept`, {}, 'es');
    expect(none.statusCode).toBe(400);
    expect(JSON.stringify(none.json())).toContain(
      'Elige qué pueden ver el líder y los colíderes y luego únete.',
    );
    expect((await call(joiner, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    expect((await joinWith(joiner, token, 'membership')).statusCode).toBe(200);
  });

  it('needs a member past the age gate to join', async () => {
    const group = await createGroup(app.leader);
    const { token } = await invite(app.leader, group.id);
    const visitor = await app.t.app.inject({
      method: 'POST',
      url: `/api/invitations/${token}/accept`,
      payload: {},
    });
    expect(visitor.statusCode).toBe(401);
    expect((await joinWith(app.unverified, token)).statusCode).toBe(403);
    const joined = await joinWith(app.member, token, 'membership');
    expect(joined.json()).toEqual({ groupId: group.id });
    // Twice: the group opens, nothing more counted.
    expect((await joinWith(app.member, token)).json()).toEqual({ groupId: group.id });
    const [row] = await db()
      .select()
      .from(groupInvitation)
      .where(eq(groupInvitation.groupId, group.id));
    expect(row!.uses).toBe(1);
    const detail = (await call(app.member, 'GET', `/api/groups/${group.id}`)).json();
    expect(detail.me).toMatchObject({ role: 'member', level: 'membership' });
  });

  it('says when a link expired, was revoked, is used up, or the group ended (both languages)', async () => {
    const group = await createGroup(app.leader);
    const first = await invite(app.leader, group.id, { maxUses: 1, expiresInDays: 1 });
    // A new link revokes the previous one.
    const second = await invite(app.leader, group.id, { maxUses: 1 });
    const revoked = await joinWith(app.member, first.token);
    expect(revoked.statusCode).toBe(410);
    expect(revoked.json().message).toMatch(/withdrawn/);
    expect((await joinWith(app.member, second.token)).statusCode).toBe(200);
    const usedUp = await call(
      app.other,
      'POST',
      `/api/invitations/${second.token}/accept`,
      { level: 'progress' },
      'es',
    );
    expect(usedUp.statusCode).toBe(410);
    expect(usedUp.json().message).toMatch(/^Esta invitación ya se usó/);
    const preview = await app.t.app.inject({
      method: 'GET',
      url: `/api/invitations/${second.token}`,
    });
    expect(preview.json()).toEqual({ status: 'used-up', group: null });

    const third = await invite(app.leader, group.id);
    await db()
      .update(groupInvitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(groupInvitation.id, third.invitation.id));
    const expired = await joinWith(app.other, third.token);
    expect(expired.statusCode).toBe(410);
    expect(expired.json().message).toMatch(/expired/);

    const expiredPreview = await app.t.app.inject({
      method: 'GET',
      url: `/api/invitations/${third.token}`,
    });
    expect(expiredPreview.json()).toEqual({ status: 'expired', group: null });

    const fourth = await invite(app.leader, group.id);
    const listed = (await call(app.leader, 'GET', `/api/groups/${group.id}/invitations`)).json();
    // The third had expired before the fourth replaced it: it says so (the first two were
    // replaced while still open).
    expect(listed.items.map((i: { status: string }) => i.status)).toEqual([
      'open',
      'expired',
      'revoked',
      'revoked',
    ]);
    expect((await call(app.leader, 'POST', `/api/groups/${group.id}/end`)).statusCode).toBe(204);
    const ended = await call(
      app.other,
      'POST',
      `/api/invitations/${fourth.token}/accept`,
      { level: 'progress' },
      'es',
    );
    expect(ended.statusCode).toBe(410);
    expect(ended.json().message).toBe('Este grupo ha terminado.');
  });

  it('revokes a link on request, for the group’s leaders only', async () => {
    const group = await groupWith([app.member, 'progress']);
    const { token, invitation } = await invite(app.leader, group.id);
    const url = `/api/groups/${group.id}/invitations/${invitation.id}/revoke`;
    const byMember = await call(app.member, 'POST', url, undefined, 'es');
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().message).toBe('Solo los líderes del grupo pueden hacer esto.');
    expect((await call(app.leader, 'POST', url)).statusCode).toBe(204);
    expect((await joinWith(app.other, token)).statusCode).toBe(410);
  });

  it('a link that expired and was then replaced by a new one says expired, not revoked', async () => {
    const group = await createGroup(app.leader);
    const { token: old, invitation } = await invite(app.leader, group.id, { expiresInDays: 1 });
    // Its day passed; the leader then makes a new link (which revokes every older one).
    await db()
      .update(groupInvitation)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(groupInvitation.id, invitation.id));
    const { token: fresh } = await invite(app.leader, group.id);
    const preview = (token: string) => app.t.app.inject({ url: `/api/invitations/${token}` });
    expect((await preview(old)).json().status).toBe('expired');
    expect((await preview(fresh)).json().status).toBe('open');
    // Revoked while still open: revoked, also once its day has passed (here: revoked two
    // minutes ago, its day ended one minute ago).
    const { token: third } = await invite(app.leader, group.id);
    await db()
      .update(groupInvitation)
      .set({
        revokedAt: new Date(Date.now() - 120_000),
        expiresAt: new Date(Date.now() - 60_000),
      })
      .where(eq(groupInvitation.tokenHash, hashToken(fresh)));
    expect((await preview(fresh)).json().status).toBe('revoked');
    expect((await preview(third)).json().status).toBe('open');
  });

  it('invites an existing member by e-mail, who must accept; any address gets the same answer', async () => {
    const group = await createGroup(app.leader);
    const invitee = await createUser(app.t);
    const known = await call(app.leader, 'POST', `/api/groups/${group.id}/invitations/email`, {
      email: invitee.email.toUpperCase(),
    });
    const unknown = await call(app.leader, 'POST', `/api/groups/${group.id}/invitations/email`, {
      email: 'nobody-here@example.com',
    });
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    // Not a member yet: an invitation in the app, and an e-mail by the notification settings.
    expect((await call(invitee, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    const notes = await db().select().from(notification).where(eq(notification.userId, invitee.id));
    expect(notes.map((n) => n.kind)).toContain('groupInvitation');
    const list = (await call(invitee, 'GET', '/api/groups')).json();
    expect(list.pendingInvitations).toBe(1);
    const received = (await call(invitee, 'GET', '/api/invitations/received')).json();
    expect(received.items).toHaveLength(1);
    expect(received.items[0].group.name).toBe('New believers');
    // Someone else cannot accept it.
    const stolen = await call(
      app.outsider,
      'POST',
      `/api/invitations/received/${received.items[0].id}/accept`,
      { level: 'progress' },
    );
    expect(stolen.statusCode).toBe(404);
    const accepted = await call(
      invitee,
      'POST',
      `/api/invitations/received/${received.items[0].id}/accept`,
      { level: 'reflections' },
    );
    expect(accepted.json()).toEqual({ groupId: group.id });
    expect((await call(invitee, 'GET', '/api/invitations/received')).json().items).toEqual([]);
    // Already in the group: the same answer, and no new invitation.
    const again = await call(app.leader, 'POST', `/api/groups/${group.id}/invitations/email`, {
      email: invitee.email,
    });
    expect(again.body).toBe(unknown.body);
    const personal = await db()
      .select()
      .from(groupInvitation)
      .where(eq(groupInvitation.inviteeId, invitee.id));
    expect(personal).toHaveLength(1);
  });
});

describe('what leaders and members see', () => {
  it('shows leaders each member by their level, and members only names that are visible', async () => {
    const group = await groupWith([app.member, 'progress'], [app.other, 'membership']);
    await call(app.member, 'PUT', '/api/lessons/101-1/response', { response: 'Grace.' });
    await call(app.member, 'POST', '/api/lessons/101-1/complete');
    const page = (
      await call(app.leader, 'GET', `/api/groups/${group.id}/members?sort=progress&order=desc`)
    ).json();
    expect(page.kind).toBe('leader');
    expect(page.total).toBe(3);
    const [first, , last] = page.leaderRows;
    expect(first.progress.path).toMatchObject({
      kind: 'course',
      lessonsDone: 1,
      lessonsTotal: 18,
      nextLesson: { id: '101-2' },
      percent: 5,
    });
    expect(first.progress.lastActiveDay).toBe(today());
    expect(first.progress.currentStreak).toBe(1);
    // Membership only: the name and that they joined, sorted last.
    expect(last).toMatchObject({ level: 'membership', progress: null });

    // A member sees the leaders and themselves; the others once their profile is visible.
    const seen = (await call(app.member, 'GET', `/api/groups/${group.id}/members`)).json();
    expect(seen.kind).toBe('member');
    expect(seen.leaderRows).toEqual([]);
    expect(
      seen.visibleRows.map((r: { role: string; me: boolean }) => [r.role, r.me]).sort(),
    ).toEqual(
      [
        ['leader', false],
        ['member', true],
      ].sort(),
    );
    await call(app.other, 'PATCH', '/api/user/preferences', { profileVisibility: true });
    const after = (await call(app.member, 'GET', `/api/groups/${group.id}/members`)).json();
    expect(after.total).toBe(3);
    await call(app.other, 'PATCH', '/api/user/preferences', { profileVisibility: false });
    const memberDetail = (await call(app.member, 'GET', `/api/groups/${group.id}`)).json();
    expect(memberDetail.stats).toBeNull();
    expect(memberDetail.myProgress.path.lessonsDone).toBe(1);
  });

  it('follows a plan: the day reached against the group’s day, and 3 or more days behind', async () => {
    const reader = await createUser(app.t);
    const group = await createGroup(app.leader, {
      path: { kind: 'plan', planId: 'gospels', duration: 90 },
      startsOn: addDays(today(), -5),
    });
    const { token } = await invite(app.leader, group.id);
    await joinWith(reader, token);
    await call(reader, 'POST', '/api/reading-plans/gospels/start', { duration: 90 });
    await call(reader, 'POST', '/api/daily-reading/complete', { day: 1 });
    const page = (
      await call(app.leader, 'GET', `/api/groups/${group.id}/members?sort=behind&order=desc`)
    ).json();
    const row = page.leaderRows.find((r: { role: string }) => r.role === 'member');
    expect(row.progress.path).toMatchObject({
      kind: 'plan',
      onPlan: true,
      dayReached: 1,
      expectedDay: 6,
      daysBehind: 4,
      behind: true,
    });
    const detail = (await call(app.leader, 'GET', `/api/groups/${group.id}`)).json();
    expect(detail.pace).toEqual({ expected: 6, total: 90 });
    expect(detail.stats.behindCount).toBeGreaterThanOrEqual(1);
  });

  it('tells a member of a premium course that they need Premium, and the leader only that the path needs it', async () => {
    const group = await createGroup(app.leader, { path: { kind: 'course', courseId: '202' } });
    const { token } = await invite(app.leader, group.id);
    await joinWith(app.member, token);
    const mine = (await call(app.member, 'GET', `/api/groups/${group.id}`)).json();
    expect(mine).toMatchObject({ pathNeedsPremium: true, iNeedPremium: true });
    const page = (await call(app.leader, 'GET', `/api/groups/${group.id}/members`)).json();
    expect(JSON.stringify(page)).not.toMatch(/premium/i);
  });
});

describe('consent, leaving and roles', () => {
  it('changes the level at once, and leaving takes the member’s data out of the group', async () => {
    const group = await groupWith([app.member, 'progress']);
    const url = `/api/groups/${group.id}/members`;
    const row = async () =>
      (await call(app.leader, 'GET', url))
        .json()
        .leaderRows.find((r: { role: string }) => r.role === 'member');
    expect((await row()).progress).not.toBeNull();
    const patched = await call(app.member, 'PATCH', `/api/groups/${group.id}/membership`, {
      level: 'membership',
      muted: true,
    });
    expect(patched.json()).toMatchObject({ level: 'membership', muted: true });
    const nothing = await call(app.member, 'PATCH', `/api/groups/${group.id}/membership`, {});
    expect(nothing.json()).toMatchObject({ level: 'membership', muted: true });
    expect((await row()).progress).toBeNull();
    expect((await call(app.member, 'POST', `/api/groups/${group.id}/leave`)).statusCode).toBe(204);
    expect(await row()).toBeUndefined();
    expect((await call(app.member, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
  });

  it('makes the leader hand over or end the group before leaving; co-leaders up to 5', async () => {
    const group = await groupWith([app.member, 'progress'], [app.other, 'progress']);
    const leave = await call(app.leader, 'POST', `/api/groups/${group.id}/leave`, undefined, 'es');
    expect(leave.statusCode).toBe(409);
    expect(leave.json().message).toMatch(/^Como líder, entrega el grupo/);
    const memberId = await memberIdOf(group.id, app.member);
    const otherId = await memberIdOf(group.id, app.other);
    const promote = await call(
      app.leader,
      'POST',
      `/api/groups/${group.id}/members/${memberId}/role`,
      {
        role: 'co-leader',
      },
    );
    expect(promote.statusCode).toBe(204);
    // The new co-leader is told, by the leader's first name (they now see everyone's progress).
    const leaderFirst = (await db().select().from(user).where(eq(user.id, app.leader.id)))[0]!
      .firstName;
    expect(await groupNewsOf(app.member)).toContainEqual({
      event: 'coLeader',
      group: 'New believers',
      sender: leaderFirst,
      url: `/groups/${group.id}`,
    });
    // A co-leader sees as the leader does, may remove members but not end or transfer.
    expect((await call(app.member, 'GET', `/api/groups/${group.id}/members`)).json().kind).toBe(
      'leader',
    );
    const end = await call(app.member, 'POST', `/api/groups/${group.id}/end`, undefined, 'es');
    expect(end.statusCode).toBe(403);
    expect(end.json().message).toBe('Solo el líder del grupo puede hacer esto.');
    expect(
      (await call(app.member, 'POST', `/api/groups/${group.id}/members/${otherId}/remove`))
        .statusCode,
    ).toBe(204);
    expect((await call(app.other, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);

    // Five co-leaders at most.
    const { token } = await invite(app.leader, group.id);
    for (let i = 0; i < 5; i++) {
      const extra = await createUser(app.t);
      await joinWith(extra, token);
      const id = await memberIdOf(group.id, extra);
      const res = await call(app.leader, 'POST', `/api/groups/${group.id}/members/${id}/role`, {
        role: 'co-leader',
      });
      expect(res.statusCode).toBe(i < 4 ? 204 : 409);
    }

    const transfer = await call(app.leader, 'POST', `/api/groups/${group.id}/transfer`, {
      memberId,
    });
    expect(transfer.statusCode).toBe(200);
    expect(transfer.json().me.role).toBe('co-leader');
    expect((await call(app.member, 'GET', `/api/groups/${group.id}`)).json().me.role).toBe(
      'leader',
    );
    expect((await call(app.leader, 'POST', `/api/groups/${group.id}/leave`)).statusCode).toBe(204);
  });

  it('ending keeps each member’s own progress and removes the group’s shared data', async () => {
    const group = await groupWith([app.member, 'reflections']);
    await call(app.member, 'PUT', '/api/lessons/101-1/response', { response: 'Mine to keep.' });
    const shared = await call(app.member, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
    });
    expect(shared.statusCode).toBe(201);
    await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'Well done',
    });
    const before = (await groupNewsOf(app.leader)).length;
    expect((await call(app.leader, 'POST', `/api/groups/${group.id}/end`)).statusCode).toBe(204);
    // Every member is told who ended it (in the app now; e-mail and push by the worker); the
    // leader who ended it is not.
    const leaderFirst = (await db().select().from(user).where(eq(user.id, app.leader.id)))[0]!
      .firstName;
    expect(await groupNewsOf(app.member)).toContainEqual({
      event: 'ended',
      group: 'New believers',
      sender: leaderFirst,
      url: '/groups',
    });
    expect(await groupNewsOf(app.leader)).toHaveLength(before);
    const [delivery] = await db()
      .select()
      .from(notificationDelivery)
      .where(
        and(
          eq(notificationDelivery.userId, app.member.id),
          eq(notificationDelivery.dedupeKey, `group-ended:${group.id}`),
        ),
      );
    expect(delivery).toMatchObject({ kind: 'groupNews' });
    expect(
      await db().select().from(groupReflection).where(eq(groupReflection.groupId, group.id)),
    ).toEqual([]);
    expect(
      await db().select().from(groupMessage).where(eq(groupMessage.groupId, group.id)),
    ).toEqual([]);
    expect(await db().select().from(groupMember).where(eq(groupMember.groupId, group.id))).toEqual(
      [],
    );
    const lesson = (await call(app.member, 'GET', '/api/lessons/101-1')).json();
    expect(JSON.stringify(lesson)).toContain('Mine to keep.');
    expect((await call(app.leader, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
  });
});

describe('encouragement', () => {
  it('sends to one or all, per recipient language, 3 a day per leader and group, not to the muted', async () => {
    const spanish = await createUser(app.t);
    await call(spanish, 'PATCH', '/api/user/preferences', { language: 'es' });
    const group = await groupWith(
      [app.member, 'progress'],
      [spanish, 'progress'],
      [app.other, 'progress'],
    );
    await call(app.other, 'PATCH', `/api/groups/${group.id}/membership`, { muted: true });
    const byMember = await call(app.member, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'Hi',
    });
    expect(byMember.statusCode).toBe(403);
    const all = await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'Keep going, friends!',
    });
    expect(all.statusCode).toBe(201);
    expect(all.json()).toEqual({ recipients: 3, remainingToday: 2 });
    const kinds = async (who: TestUser) =>
      (await db().select().from(notification).where(eq(notification.userId, who.id)))
        .filter((n) => n.kind === 'groupMessage')
        .map((n) => n.data);
    expect(await kinds(app.other)).toEqual([]);
    expect(await kinds(spanish)).toEqual([
      expect.objectContaining({ message: 'Keep going, friends!', group: 'New believers' }),
    ]);
    const deliveries = await db()
      .select()
      .from(notificationDelivery)
      .where(eq(notificationDelivery.userId, spanish.id));
    expect(deliveries.some((d) => d.kind === 'groupMessage')).toBe(true);

    const one = await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: await memberIdOf(group.id, app.member),
      body: 'You are doing well',
    });
    expect(one.json()).toEqual({ recipients: 1, remainingToday: 1 });
    await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'Third',
    });
    const fourth = await call(
      app.leader,
      'POST',
      `/api/groups/${group.id}/messages`,
      { to: 'all', body: 'Fourth' },
      'es',
    );
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().message).toMatch(/^Hoy ya enviaste 3 mensajes/);
    const long = await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'x'.repeat(501),
    });
    expect(long.statusCode).toBe(400);
  });
});

describe('shared reflections and the feed', () => {
  it('shares a reflection at level 3 only, live edits show, a leader can hide it', async () => {
    const group = await groupWith([app.member, 'reflections'], [app.other, 'progress']);
    await call(app.member, 'PUT', '/api/lessons/101-1/response', { response: 'First thoughts' });
    const notLevel = await call(app.other, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
    });
    expect(notLevel.statusCode).toBe(409);
    expect(
      (await call(app.member, 'POST', `/api/groups/${group.id}/reflections`, { lessonId: '202-1' }))
        .statusCode,
    ).toBe(400);
    const shared = await call(app.member, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
    });
    expect(shared.json()).toMatchObject({ text: 'First thoughts', mine: true, hidden: false });
    await call(app.member, 'PUT', '/api/lessons/101-1/response', { response: 'Edited thoughts' });
    const leaderList = (
      await call(app.leader, 'GET', `/api/groups/${group.id}/reflections`)
    ).json();
    expect(leaderList.items.map((r: { text: string }) => r.text)).toEqual(['Edited thoughts']);
    // Shared while only the leaders read reflections: members never read it, even once the
    // leader opens reflections to members, until its author chooses so (and is asked).
    expect(shared.json().audience).toBe('leaders');
    const othersRead = async () =>
      (await call(app.other, 'GET', `/api/groups/${group.id}/reflections`)).json().items;
    expect(await othersRead()).toEqual([]);
    await call(app.leader, 'PATCH', `/api/groups/${group.id}`, { membersSeeReflections: true });
    expect(await othersRead()).toEqual([]);
    expect(await groupNewsOf(app.member)).toContainEqual({
      event: 'reflectionsOpened',
      group: 'New believers',
      url: `/groups/${group.id}`,
    });
    // Nobody else is asked: they shared nothing with the leaders only.
    expect((await groupNewsOf(app.other)).filter((d) => d.event === 'reflectionsOpened')).toEqual(
      [],
    );
    const id = shared.json().id;
    const widen = (who: TestUser, audience: string, lang?: 'en' | 'es') =>
      call(who, 'PUT', `/api/groups/${group.id}/reflections/${id}/audience`, { audience }, lang);
    // Only its author widens it.
    expect((await widen(app.leader, 'members')).statusCode).toBe(404);
    expect((await widen(app.member, 'everyone')).statusCode).toBe(400);
    expect((await widen(app.member, 'members')).statusCode).toBe(204);
    expect(await othersRead()).toHaveLength(1);
    // Closing reflections to members closes them at once; opening again restores what the
    // author chose (and asks no one: nothing is shared with the leaders only).
    await call(app.leader, 'PATCH', `/api/groups/${group.id}`, { membersSeeReflections: false });
    expect(await othersRead()).toEqual([]);
    const closed = await widen(app.member, 'members', 'es');
    expect(closed.statusCode).toBe(409);
    expect(closed.json().message).toBe(
      'Los líderes de este grupo no permiten que los miembros lean las reflexiones.',
    );
    await call(app.leader, 'PATCH', `/api/groups/${group.id}`, { membersSeeReflections: true });
    expect(await othersRead()).toHaveLength(1);
    expect(
      (await groupNewsOf(app.member)).filter((d) => d.event === 'reflectionsOpened'),
    ).toHaveLength(1);
    // The author narrows it back to the leaders.
    expect((await widen(app.member, 'leaders')).statusCode).toBe(204);
    expect(await othersRead()).toEqual([]);
    expect((await widen(app.member, 'members')).statusCode).toBe(204);
    expect(
      (
        await call(app.leader, 'PATCH', `/api/groups/${group.id}/reflections/${id}`, {
          hidden: true,
        })
      ).statusCode,
    ).toBe(204);
    expect(
      (await call(app.other, 'GET', `/api/groups/${group.id}/reflections`)).json().items,
    ).toEqual([]);
    expect(
      (await call(app.member, 'GET', `/api/groups/${group.id}/reflections`)).json().items[0],
    ).toMatchObject({
      hidden: true,
      mine: true,
    });
    // Lowering the level unshares everything at once.
    await call(app.member, 'PATCH', `/api/groups/${group.id}/membership`, { level: 'progress' });
    expect(
      (await call(app.leader, 'GET', `/api/groups/${group.id}/reflections`)).json().items,
    ).toEqual([]);
  });

  it('keeps the audience the author was shown: never wider than the group allows when shared', async () => {
    const group = await groupWith([app.member, 'reflections'], [app.other, 'reflections']);
    await call(app.member, 'PUT', '/api/lessons/101-1/response', { response: 'For all' });
    await call(app.other, 'PUT', '/api/lessons/101-1/response', { response: 'For the leaders' });
    // The group keeps reflections to the leaders: a share asking for the members gets the leaders.
    const early = await call(app.member, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
      audience: 'members',
    });
    expect(early.json().audience).toBe('leaders');
    await call(app.member, 'DELETE', `/api/groups/${group.id}/reflections/${early.json().id}`);
    await call(app.leader, 'PATCH', `/api/groups/${group.id}`, { membersSeeReflections: true });
    const toAll = await call(app.member, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
      audience: 'members',
    });
    expect(toAll.json().audience).toBe('members');
    // Shown "the leaders" (or an older app that sends no audience): the leaders only.
    const toLeaders = await call(app.other, 'POST', `/api/groups/${group.id}/reflections`, {
      lessonId: '101-1',
    });
    expect(toLeaders.json().audience).toBe('leaders');
    const seenBy = async (who: TestUser) =>
      (await call(who, 'GET', `/api/groups/${group.id}/reflections`))
        .json()
        .items.map((r: { text: string }) => r.text)
        .sort();
    expect(await seenBy(app.other)).toEqual(['For all', 'For the leaders']);
    expect(await seenBy(app.member)).toEqual(['For all']);
    expect(await seenBy(app.leader)).toEqual(['For all', 'For the leaders']);
  });

  it('shows milestones only of members who share activity, and messages to all', async () => {
    const sharer = await createUser(app.t);
    const group = await groupWith([sharer, 'progress'], [app.other, 'progress']);
    await call(sharer, 'PATCH', '/api/user/preferences', { activitySharing: true });
    // The feed names them: nothing of theirs while they keep their name from other members.
    await call(sharer, 'PUT', '/api/lessons/101-1/response', { response: 'ok' });
    await call(sharer, 'POST', '/api/lessons/101-1/complete');
    const hidden = (await call(app.other, 'GET', `/api/groups/${group.id}/feed`)).json();
    expect(hidden.items).toEqual([]);
    await call(sharer, 'PATCH', '/api/user/preferences', { profileVisibility: true });
    await call(app.other, 'PUT', '/api/lessons/101-1/response', { response: 'ok' });
    await call(app.other, 'POST', '/api/lessons/101-1/complete');
    await call(app.leader, 'POST', `/api/groups/${group.id}/messages`, {
      to: 'all',
      body: 'Hello all',
    });
    const feed = (await call(app.other, 'GET', `/api/groups/${group.id}/feed`)).json();
    const otherName = (await db().select().from(user).where(eq(user.id, app.other.id)))[0]!
      .lastName;
    expect(feed.items.some((i: { lastName: string }) => i.lastName === otherName)).toBe(false);
    expect(feed.items.map((i: { kind: string }) => i.kind)).toEqual(
      expect.arrayContaining(['message', 'lesson-completed', 'badge', 'joined']),
    );
    await call(sharer, 'PATCH', '/api/user/preferences', { activitySharing: false });
    const after = (await call(app.other, 'GET', `/api/groups/${group.id}/feed`)).json();
    expect(after.items.map((i: { kind: string }) => i.kind)).toEqual(['message']);
  });
});

describe('data rights', () => {
  it('exports memberships, levels and shared reflections', async () => {
    const exporter = await createUser(app.t);
    const group = await createGroup(app.leader);
    const { token } = await invite(app.leader, group.id);
    await joinWith(exporter, token, 'reflections');
    await call(exporter, 'PUT', '/api/lessons/101-1/response', { response: 'Shared words' });
    await call(exporter, 'POST', `/api/groups/${group.id}/reflections`, { lessonId: '101-1' });
    const res = await call(exporter, 'GET', '/api/user/export');
    expect(res.statusCode).toBe(200);
    const data = JSON.parse(unzip(res.rawPayload).get('data.json')!.toString('utf8'));
    expect(data.tables.groups).toEqual([
      expect.objectContaining({
        groupId: group.id,
        name: 'New believers',
        role: 'member',
        level: 'reflections',
        activeDaysAim: 4,
      }),
    ]);
    expect(data.tables.group_member).toHaveLength(1);
    expect(data.tables.group_shared_reflections).toEqual([
      expect.objectContaining({ groupId: group.id, lessonId: '101-1', hidden: false }),
    ]);
  });

  it('deleting an account takes the person out of every group; a group they lead passes to a co-leader or ends with an e-mail', async () => {
    const leaving = await createUser(app.t);
    const coLed = await createGroup(leaving, { name: 'Co-led' });
    const alone = await createGroup(leaving, { name: 'Alone' });
    const spanish = await createUser(app.t);
    await call(spanish, 'PATCH', '/api/user/preferences', { language: 'es' });
    const a = await invite(leaving, coLed.id);
    await joinWith(app.member, a.token);
    await joinWith(spanish, a.token);
    const b = await invite(leaving, alone.id);
    await joinWith(spanish, b.token);
    await call(
      leaving,
      'POST',
      `/api/groups/${coLed.id}/members/${await memberIdOf(coLed.id, app.member)}/role`,
      {
        role: 'co-leader',
      },
    );
    const memberGroup = await groupWith([leaving, 'progress']);
    app.t.mail.length = 0;

    const res = await call(leaving, 'POST', '/api/auth/delete-user', {
      password: leaving.password,
    });
    expect(res.statusCode).toBe(200);
    expect(await db().select().from(groupMember).where(eq(groupMember.userId, leaving.id))).toEqual(
      [],
    );
    expect((await call(app.member, 'GET', `/api/groups/${coLed.id}`)).json().me.role).toBe(
      'leader',
    );
    expect((await call(spanish, 'GET', `/api/groups/${alone.id}`)).statusCode).toBe(404);
    const mails = app.t.mail.filter((m) => m.to === spanish.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('El grupo «Alone» ha terminado');
    const page = (await call(app.leader, 'GET', `/api/groups/${memberGroup.id}/members`)).json();
    expect(page.total).toBe(1);
  });
});

describe('admin', () => {
  it('lists groups without member data, counts them, and audits ending one', async () => {
    const admin = await createUser(app.t, { role: 'admin' });
    const group = await groupWith([app.member, 'progress']);
    const list = await call(admin, 'GET', '/api/admin/groups');
    expect(list.statusCode).toBe(200);
    const item = list.json().items.find((g: { id: string }) => g.id === group.id);
    expect(Object.keys(item).sort()).toEqual([
      'createdAt',
      'endedAt',
      'id',
      'leaderName',
      'name',
      'size',
    ]);
    expect(item.size).toBe(2);
    const stats = (await call(admin, 'GET', '/api/admin/stats')).json();
    expect(stats.groups.active).toBeGreaterThan(0);
    expect(stats.groups.membersInGroups).toBeGreaterThanOrEqual(2);
    expect((await call(app.leader, 'GET', '/api/admin/groups')).statusCode).toBe(403);
    expect((await call(admin, 'POST', `/api/admin/groups/${group.id}/end`)).statusCode).toBe(204);
    const audit = (await call(admin, 'GET', '/api/admin/audit')).json();
    expect(audit.items[0]).toMatchObject({
      action: 'group.end',
      targetType: 'group',
      targetId: group.id,
      targetLabel: 'New believers',
    });
    expect((await call(app.member, 'GET', `/api/groups/${group.id}`)).statusCode).toBe(404);
    // Its leader and members are told that Camino's team ended it.
    for (const who of [app.leader, app.member]) {
      expect(await groupNewsOf(who)).toContainEqual({
        event: 'endedByTeam',
        group: 'New believers',
        url: '/groups',
      });
    }
  });
});
