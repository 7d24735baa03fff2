import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { groupAttendance, groupMeeting, groupMember } from '#server/db/schema.ts';
import { MEETING_DAYS_BACK } from '#shared/meetings.ts';
import { ABOUT_A_MEMBER } from '#shared/values/what-others-see.ts';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * Meeting reports (issue 38 item 3): the leaders record and read them; each member reads only
 * their own attendance; a report made offline and sent late, or twice, is made once.
 */
const app = useTestApp();
const call = app.call;

const dayOffset = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/Mexico_City',
  });

/** The fields a report carries to the leaders: a member's appear only as `ABOUT_A_MEMBER.attendance`. */
const REPORT_FIELDS = [
  'id',
  ...ABOUT_A_MEMBER.attendance,
  'members',
  'visitors',
  'visitorNames',
  'covered',
  'covered.kind',
  'covered.id',
  'covered.title',
  'prayer',
  'note',
  'createdAt',
];
const under = (prefix: string, fields: readonly string[]) => fields.map((f) => `${prefix}.${f}`);
const LIST = {
  leaders: [
    'canRecord',
    'reports',
    ...under('reports[]', REPORT_FIELDS),
    'mine',
    'mine[].heldOn',
    'mine[].present',
  ],
  member: ['canRecord', 'reports', 'mine', 'mine[].heldOn', 'mine[].present'],
};

async function groupOf(leader: TestUser, members: TestUser[]) {
  await call(leader, 'PATCH', '/api/user/preferences', { timeZone: 'America/Mexico_City' });
  const created = await call(leader, 'POST', '/api/groups', {
    name: 'Célula Emaús',
    language: 'es',
    path: { kind: 'course', courseId: '101' },
    startsOn: dayOffset(-30),
  });
  expect(created.statusCode, created.body).toBe(201);
  const groupId = created.json().id as string;
  const link = await call(leader, 'POST', `/api/groups/${groupId}/invitations`, { maxUses: 20 });
  for (const who of members) {
    const joined = await call(who, 'POST', `/api/invitations/${link.json().token}/accept`, {
      level: 'membership',
    });
    expect(joined.statusCode).toBe(200);
  }
  // Joined a week ago: the reports of the last days are from their time in the group.
  await app.t.database.db
    .update(groupMember)
    .set({ joinedAt: new Date(Date.now() - 8 * 86_400_000) })
    .where(eq(groupMember.groupId, groupId));
  const rows = await app.t.database.db
    .select()
    .from(groupMember)
    .where(eq(groupMember.groupId, groupId));
  const idOf = (who: TestUser) => rows.find((r) => r.userId === who.id)!.id;
  return { groupId, idOf };
}

describe('meeting reports', () => {
  it('a leader records who came; members read only whether they came', async () => {
    const leader = await createUser(app.t);
    const [ana, beto, caro] = [
      await createUser(app.t),
      await createUser(app.t),
      await createUser(app.t),
    ];
    const { groupId, idOf } = await groupOf(leader, [ana!, beto!, caro!]);
    const sheet = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, {
      title: 'El hijo pródigo',
      passages: ['Luke.15.11-Luke.15.32'],
      questions: [],
    });
    const made = await call(
      leader,
      'POST',
      `/api/groups/${groupId}/meetings`,
      {
        id: randomUUID(),
        heldOn: dayOffset(-1),
        present: [idOf(leader), idOf(ana!), idOf(beto!)],
        visitors: 2,
        visitorNames: 'Lucía, Tomás',
        covered: { kind: 'sheet', id: sheet.json().id },
        prayer: 'La mamá de Beto, en el hospital',
        note: 'Cantamos y compartimos la cena',
      },
      'es',
    );
    expect(made.statusCode, made.body).toBe(201);
    expect(pathSet(made.json())).toEqual([...REPORT_FIELDS].sort());
    expect(made.json().covered).toEqual({
      kind: 'sheet',
      id: sheet.json().id,
      title: 'El hijo pródigo',
    });
    const lesson = await call(leader, 'POST', `/api/groups/${groupId}/meetings`, {
      heldOn: dayOffset(0),
      present: [idOf(caro!)],
      covered: { kind: 'lesson', id: '101-1' },
    });
    expect(lesson.statusCode).toBe(201);
    expect(lesson.json().covered.title).not.toBe('101-1');

    const asLeader = (await call(leader, 'GET', `/api/groups/${groupId}/meetings`)).json();
    expect(pathSet(asLeader)).toEqual([...new Set(LIST.leaders)].sort());
    expect(asLeader.canRecord).toBe(true);
    expect(asLeader.reports.map((r: { heldOn: string }) => r.heldOn)).toEqual([
      dayOffset(0),
      dayOffset(-1),
    ]);
    expect([...asLeader.reports[1].present].sort()).toEqual(
      [idOf(leader), idOf(ana!), idOf(beto!)].sort(),
    );
    expect(asLeader.reports[1].prayer).toBe('La mamá de Beto, en el hospital');
    expect(asLeader.reports[1].members).toBe(4);

    const asAna = (await call(ana!, 'GET', `/api/groups/${groupId}/meetings`)).json();
    expect(pathSet(asAna)).toEqual([...LIST.member].sort());
    expect(asAna).toEqual({
      canRecord: false,
      reports: null,
      mine: [
        { heldOn: dayOffset(0), present: false },
        { heldOn: dayOffset(-1), present: true },
      ],
    });
    // Nothing of the report but her own attendance: no names, no prayer, no note.
    const raw = JSON.stringify(asAna);
    for (const secret of ['Lucía', 'hospital', 'cena', 'pródigo']) {
      expect(raw).not.toContain(secret);
    }
    // Members neither record nor delete.
    const byAna = await call(ana!, 'POST', `/api/groups/${groupId}/meetings`, {
      heldOn: dayOffset(0),
      present: [],
    });
    expect(byAna.statusCode).toBe(403);
    const deleteByAna = await call(
      ana!,
      'DELETE',
      `/api/groups/${groupId}/meetings/${made.json().id}`,
    );
    expect(deleteByAna.statusCode).toBe(403);

    // Beto leaves: his attendance goes with him; the report stays.
    expect((await call(beto!, 'POST', `/api/groups/${groupId}/leave`)).statusCode).toBe(204);
    const after = (await call(leader, 'GET', `/api/groups/${groupId}/meetings`)).json();
    expect(after.reports[1].present).not.toContain(idOf(beto!));
    expect(after.reports[1].present).toHaveLength(2);

    const removed = await call(
      leader,
      'DELETE',
      `/api/groups/${groupId}/meetings/${made.json().id}`,
    );
    expect(removed.statusCode).toBe(204);
    const rows = await app.t.database.db
      .select()
      .from(groupAttendance)
      .where(eq(groupAttendance.meetingId, made.json().id));
    expect(rows).toEqual([]);
  });

  it('ten reports kept offline for a week, then sent (and sent again), arrive once each', async () => {
    const leader = await createUser(app.t);
    const member = await createUser(app.t);
    const { groupId, idOf } = await groupOf(leader, [member]);
    // Made on the leader's phone over seven days without a connection: each with its own id.
    const queued = Array.from({ length: 10 }, (_, i) => ({
      id: randomUUID(),
      heldOn: dayOffset(-7 + Math.floor((i * 7) / 9)),
      present: i % 2 ? [idOf(member)] : [],
      visitors: i,
    }));
    // The connection comes back: the outbox sends them in order; two answers are lost on the
    // way back and sent again, and a second tab replays the same queue at the same time.
    const first = await Promise.all(
      queued.map((body) => call(leader, 'POST', `/api/groups/${groupId}/meetings`, body)),
    );
    const again = await Promise.all(
      [...queued, queued[3]!, queued[3]!].map((body) =>
        call(leader, 'POST', `/api/groups/${groupId}/meetings`, body),
      ),
    );
    expect(first.map((r) => r.statusCode)).toEqual(Array(10).fill(201));
    expect(new Set(again.map((r) => r.statusCode))).toEqual(new Set([200]));
    const meetings = await app.t.database.db
      .select()
      .from(groupMeeting)
      .where(eq(groupMeeting.groupId, groupId));
    expect(meetings.map((m) => m.id).sort()).toEqual(queued.map((q) => q.id).sort());
    const attendance = await app.t.database.db
      .select()
      .from(groupAttendance)
      .where(eq(groupAttendance.memberId, idOf(member)));
    expect(attendance).toHaveLength(5);
    const mine = (await call(member, 'GET', `/api/groups/${groupId}/meetings`)).json().mine;
    expect(mine).toHaveLength(10);
    expect(mine.filter((m: { present: boolean }) => m.present)).toHaveLength(5);
  });

  it('refuses a date in the future or too long ago, in the member’s words; a member who left is left out', async () => {
    const leader = await createUser(app.t);
    const member = await createUser(app.t);
    const { groupId, idOf } = await groupOf(leader, [member]);
    for (const heldOn of [dayOffset(2), dayOffset(-MEETING_DAYS_BACK - 2)]) {
      const res = await call(
        leader,
        'POST',
        `/api/groups/${groupId}/meetings`,
        { heldOn, present: [] },
        'es',
      );
      expect(res.statusCode, heldOn).toBe(400);
      expect(res.json().message).toBe(
        `Elige la fecha de una reunión de los últimos ${MEETING_DAYS_BACK} días.`,
      );
    }
    // Sent late, after the member left and with a sheet of another group: the rest is kept.
    const memberId = idOf(member);
    await call(member, 'POST', `/api/groups/${groupId}/leave`);
    const late = await call(leader, 'POST', `/api/groups/${groupId}/meetings`, {
      heldOn: dayOffset(-3),
      present: [memberId, idOf(leader)],
      visitors: 1,
      covered: { kind: 'sheet', id: randomUUID() },
    });
    expect(late.statusCode).toBe(201);
    expect(late.json().present).toEqual([idOf(leader)]);
    expect(late.json().covered).toBeNull();
    expect(late.json().visitors).toBe(1);
  });
});
