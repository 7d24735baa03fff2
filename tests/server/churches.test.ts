import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { deleteAccountData } from '#server/account/deletion.ts';
import { activityDay, church, churchGroup, groupMember, user } from '#server/db/schema.ts';
import { CHURCH_WEEKS_BACK } from '#shared/churches.ts';
import { addDays, periodOf } from '#shared/values/time.ts';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';
import { unzip } from '../helpers/unzip.ts';

/**
 * Churches (issue 38 item 4): a pastor's church, a leader's request and the pastor's approval,
 * the weekly roll-up (counts only, and only over the members who share their progress), its CSV,
 * pastors invited by a one-use link, and the group's own rhythm (a count, never who).
 */
const app = useTestApp();
const call = app.call;
const ZONE = 'America/Mexico_City';

const today = () => new Date().toLocaleDateString('en-CA', { timeZone: ZONE });
const thisMonday = () => periodOf('weekly', today()).start;
const lastMonday = () => addDays(thisMonday(), -7);

/** The fields pastors receive, each answer: the contract (no member's name, day or text). */
const CHURCH_FIELDS = [
  'id',
  'name',
  'code',
  'timeZone',
  'thisWeek',
  'pastors',
  'pastors[].name',
  'pastors[].me',
  'groups',
  'groups[].groupId',
  'groups[].name',
  'groups[].leader',
  'groups[].members',
  'groups[].since',
  'requests',
].sort();
const REPORT_FIELDS = [
  'churchId',
  'churchName',
  'weekStart',
  'weekEnd',
  'aim',
  'groups',
  ...[
    'groupId',
    'name',
    'leader',
    'members',
    'meetings',
    'attendance',
    'places',
    'visitors',
    'covered',
    'sharing',
    'reachedAim',
  ].map((f) => `groups[].${f}`),
].sort();
const RHYTHM_FIELDS = ['weekStart', 'weekEnd', 'aim', 'myDays', 'reached', 'sharing', 'counted'];

async function named(first: string, last: string) {
  const who = await createUser(app.t);
  await app.t.database.db
    .update(user)
    .set({ firstName: first, lastName: last })
    .where(eq(user.id, who.id));
  await call(who, 'PATCH', '/api/user/preferences', { timeZone: ZONE });
  return who;
}

async function makeChurch(pastor: TestUser, name = 'Iglesia Betania') {
  const made = await call(pastor, 'POST', '/api/churches', { id: randomUUID(), name });
  expect(made.statusCode, made.body).toBe(201);
  return made.json() as { id: string; code: string };
}

/** A group led by `leader`, with `members` joined at the given levels. */
async function makeGroup(
  leader: TestUser,
  name: string,
  members: [TestUser, 'membership' | 'progress' | 'reflections'][],
) {
  const created = await call(leader, 'POST', '/api/groups', {
    name,
    language: 'es',
    path: { kind: 'course', courseId: '101' },
    startsOn: addDays(today(), -30),
  });
  expect(created.statusCode, created.body).toBe(201);
  const groupId = created.json().id as string;
  const link = await call(leader, 'POST', `/api/groups/${groupId}/invitations`, { maxUses: 50 });
  for (const [who, level] of members) {
    const joined = await call(who, 'POST', `/api/invitations/${link.json().token}/accept`, {
      level,
    });
    expect(joined.statusCode, joined.body).toBe(200);
  }
  const rows = await app.t.database.db
    .select()
    .from(groupMember)
    .where(eq(groupMember.groupId, groupId));
  return { groupId, idOf: (who: TestUser) => rows.find((r) => r.userId === who.id)!.id };
}

/** `count` active days for `who` in the week starting `monday`. */
async function activeDays(who: TestUser, monday: string, count: number) {
  if (count === 0) return;
  await app.t.database.db
    .insert(activityDay)
    .values(Array.from({ length: count }, (_, i) => ({ userId: who.id, day: addDays(monday, i) })))
    .onConflictDoNothing();
}

describe('churches', () => {
  it('a leader asks with the code, a pastor approves; only pastors read the church', async () => {
    const pastor = await named('Marta', 'Ríos');
    const leader = await named('Jorge', 'Pérez');
    const member = await named('Ana', 'Gómez');
    const stranger = await named('Luis', 'Soto');
    const id = randomUUID();
    const made = await call(pastor, 'POST', '/api/churches', { id, name: 'Iglesia Betania' });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    // The same id again (an answer lost on the way): the same church, not a second one.
    const again = await call(pastor, 'POST', '/api/churches', { id, name: 'Iglesia Betania' });
    expect(again.statusCode).toBe(200);
    expect(again.json().id).toBe(id);
    expect((await call(pastor, 'GET', '/api/churches')).json()).toHaveLength(1);
    // Another's id is not theirs to read.
    expect((await call(stranger, 'POST', '/api/churches', { id, name: 'X' })).statusCode).toBe(409);

    const { groupId } = await makeGroup(leader, 'Célula Norte', [[member, 'progress']]);
    // Only the leader asks; a member is refused, and a wrong code is said in words.
    expect(
      (await call(member, 'PUT', `/api/groups/${groupId}/church`, { code: made.json().code }))
        .statusCode,
    ).toBe(403);
    const wrong = await call(
      leader,
      'PUT',
      `/api/groups/${groupId}/church`,
      { code: 'AAAA-AAAA' },
      'es',
    );
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json().message).toBe('Ninguna iglesia tiene este código. Revísalo con tu pastor.');
    // Typed as read aloud: lower case, a space instead of the dash.
    const typed = (made.json().code as string).toLowerCase().replace('-', ' ');
    const asked = await call(leader, 'PUT', `/api/groups/${groupId}/church`, { code: typed });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({
      church: { name: 'Iglesia Betania', status: 'pending' },
      canChange: true,
    });
    // Everyone in the group sees it; only the leader may change it.
    expect((await call(member, 'GET', `/api/groups/${groupId}/church`)).json()).toEqual({
      church: { name: 'Iglesia Betania', status: 'pending' },
      canChange: false,
    });
    expect((await call(stranger, 'GET', `/api/groups/${groupId}/church`)).statusCode).toBe(404);

    const detail = await call(pastor, 'GET', `/api/churches/${id}`);
    expect(detail.json().requests).toEqual([
      expect.objectContaining({ groupId, name: 'Célula Norte', leader: 'Jorge Pérez', members: 2 }),
    ]);
    expect(detail.json().groups).toEqual([]);
    const approved = await call(pastor, 'POST', `/api/churches/${id}/groups/${groupId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(pathSet(approved.json())).toEqual(CHURCH_FIELDS);
    expect(approved.json().groups).toHaveLength(1);
    expect((await call(member, 'GET', `/api/groups/${groupId}/church`)).json().church.status).toBe(
      'attached',
    );

    // A church answers 404 to anyone who is not its pastor (the leader of one of its groups too).
    for (const who of [leader, member, stranger]) {
      expect((await call(who, 'GET', `/api/churches/${id}`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/churches/${id}/report`)).statusCode).toBe(404);
      expect((await call(who, 'GET', `/api/churches/${id}/report.csv`)).statusCode).toBe(404);
      expect(
        (await call(who, 'POST', `/api/churches/${id}/groups/${groupId}/remove`)).statusCode,
      ).toBe(404);
    }
    // A new code: the old one stops.
    const renewed = await call(pastor, 'POST', `/api/churches/${id}/code`);
    expect(renewed.json().code).not.toBe(made.json().code);
    const other = await makeGroup(stranger, 'Célula Sur', []);
    expect(
      (
        await call(stranger, 'PUT', `/api/groups/${other.groupId}/church`, {
          code: made.json().code,
        })
      ).statusCode,
    ).toBe(404);

    // The leader takes the group out: the church no longer lists it.
    const out = await call(leader, 'DELETE', `/api/groups/${groupId}/church`);
    expect(out.json()).toEqual({ church: null, canChange: true });
    expect((await call(pastor, 'GET', `/api/churches/${id}`)).json().groups).toEqual([]);
  });

  it('the week rolls up counts only, over the members who share their progress', async () => {
    const pastor = await named('Marta', 'Ríos');
    const leader = await named('Jorge', 'Pérez');
    const [ana, beto, caro, dani] = [
      await named('Ana', 'Gómez'),
      await named('Beto', 'Luna'),
      await named('Caro', 'Vega'),
      await named('Dani', 'Mora'),
    ];
    const c = await makeChurch(pastor);
    const g = await makeGroup(leader, '=HYPERLINK("http://x")', [
      [ana!, 'progress'],
      [beto!, 'reflections'],
      [caro!, 'progress'],
      // Keeps everything but membership: never counted, whatever they did.
      [dani!, 'membership'],
    ]);
    await call(leader, 'PUT', `/api/groups/${g.groupId}/church`, { code: c.code });
    await call(pastor, 'POST', `/api/churches/${c.id}/groups/${g.groupId}/approve`);
    const monday = lastMonday();
    await activeDays(ana!, monday, 5);
    await activeDays(beto!, monday, 4);
    await activeDays(caro!, monday, 3);
    await activeDays(dani!, monday, 7);
    await activeDays(leader, monday, 1);
    // Days outside the week do not count.
    await activeDays(caro!, addDays(monday, 7), 2);
    await activeDays(caro!, addDays(monday, -3), 3);
    for (const [day, present, visitors] of [
      [monday, [g.idOf(leader), g.idOf(ana!), g.idOf(dani!)], 2],
      [addDays(monday, 3), [g.idOf(leader), g.idOf(beto!)], 1],
    ] as const) {
      const reported = await call(leader, 'POST', `/api/groups/${g.groupId}/meetings`, {
        heldOn: day,
        present,
        visitors,
        covered: { kind: 'lesson', id: '101-1' },
        prayer: 'Una petición que nunca llega al pastor',
        note: 'Una nota de los líderes',
      });
      expect(reported.statusCode, reported.body).toBe(201);
    }
    const report = await call(
      pastor,
      'GET',
      `/api/churches/${c.id}/report?week=${monday}`,
      undefined,
      'es',
    );
    expect(report.statusCode, report.body).toBe(200);
    expect(pathSet(report.json())).toEqual(REPORT_FIELDS);
    const [row] = report.json().groups;
    expect(row).toEqual({
      groupId: g.groupId,
      name: '=HYPERLINK("http://x")',
      leader: 'Jorge Pérez',
      members: 5,
      meetings: 2,
      attendance: 5,
      places: 10,
      visitors: 3,
      covered: [expect.any(String)],
      // The leader (progress by default), Ana, Beto and Caro share progress; Dani does not.
      sharing: 4,
      reachedAim: 2,
    });
    // Nothing a member wrote or is called reaches the pastor.
    for (const text of ['Gómez', 'Luna', 'Vega', 'Mora', 'petición', 'nota']) {
      expect(report.body).not.toContain(text);
    }
    // This week: no meeting yet.
    const now = await call(pastor, 'GET', `/api/churches/${c.id}/report`);
    expect(now.json().weekStart).toBe(thisMonday());
    expect(now.json().groups[0]).toMatchObject({ meetings: 0, attendance: 0 });

    // Weeks: a Monday, not in the future, at most CHURCH_WEEKS_BACK back.
    for (const week of [
      addDays(monday, 1),
      addDays(thisMonday(), 7),
      addDays(thisMonday(), -7 * (CHURCH_WEEKS_BACK + 1)),
      'soon',
    ]) {
      expect(
        (await call(pastor, 'GET', `/api/churches/${c.id}/report?week=${week}`)).statusCode,
      ).toBe(400);
    }

    // The CSV: in the pastor's saved language, a name a spreadsheet would run kept as text.
    await call(pastor, 'PATCH', '/api/user/preferences', { language: 'es' });
    const csv = await call(pastor, 'GET', `/api/churches/${c.id}/report.csv?week=${monday}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(csv.headers['content-disposition'])).toContain(`${monday}.csv`);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Grupo,Líder,Miembros,Reuniones,Asistencia,Lugares en reuniones,Visitas,Estudiado,Miembros que comparten su progreso,Llegaron a 4+ días activos',
    );
    expect(lines[1]).toMatch(/^"'=HYPERLINK\(""http:\/\/x""\)",Jorge Pérez,5,2,5,10,3,.+,4,2$/);
  });

  it('the group sees how many reached their own aim, never who', async () => {
    const leader = await named('Jorge', 'Pérez');
    const [ana, beto, caro] = [
      await named('Ana', 'Gómez'),
      await named('Beto', 'Luna'),
      await named('Caro', 'Vega'),
    ];
    const g = await makeGroup(leader, 'Célula Centro', [
      [ana!, 'progress'],
      [beto!, 'progress'],
      [caro!, 'membership'],
    ]);
    const monday = thisMonday();
    const daysSoFar = Math.min(
      7,
      1 + Math.round((Date.parse(today()) - Date.parse(monday)) / 86_400_000),
    );
    // One day each: Ana, with an aim of 1, reached it; Beto, with the default aim (4), did not.
    // Caro was active every day so far, but shares only her membership: never counted.
    await activeDays(ana!, monday, 1);
    await activeDays(beto!, monday, 1);
    await activeDays(caro!, monday, daysSoFar);
    const set = await call(ana!, 'PUT', `/api/groups/${g.groupId}/rhythm`, { aim: 1 });
    expect(set.statusCode, set.body).toBe(200);
    expect(Object.keys(set.json()).sort()).toEqual([...RHYTHM_FIELDS].sort());
    expect(set.json()).toMatchObject({ aim: 1, myDays: 1, reached: 1, sharing: 3, counted: true });
    const beto_ = await call(beto!, 'GET', `/api/groups/${g.groupId}/rhythm`);
    expect(beto_.json()).toMatchObject({ aim: 4, myDays: 1, reached: 1, sharing: 3 });
    const caro_ = await call(caro!, 'GET', `/api/groups/${g.groupId}/rhythm`);
    expect(caro_.json()).toMatchObject({ counted: false, reached: 1, sharing: 3 });
    for (const aim of [0, 8, 2.5]) {
      expect((await call(ana!, 'PUT', `/api/groups/${g.groupId}/rhythm`, { aim })).statusCode).toBe(
        400,
      );
    }
  });

  it('pastors: a one-use invitation, never fewer than one, and the church goes with its last', async () => {
    const pastor = await named('Marta', 'Ríos');
    const second = await named('Pablo', 'Díaz');
    const third = await named('Rut', 'Sanz');
    const leader = await named('Jorge', 'Pérez');
    const c = await makeChurch(pastor);
    expect((await call(pastor, 'POST', `/api/churches/${c.id}/leave`)).statusCode).toBe(409);
    const link = await call(pastor, 'POST', `/api/churches/${c.id}/pastor-invitations`);
    expect(link.statusCode).toBe(200);
    expect(link.json().url).toContain(`/churches?invite=${link.json().token}`);
    const token = link.json().token as string;
    expect((await call(second, 'GET', `/api/church-invitations/${token}`)).json()).toEqual({
      churchName: 'Iglesia Betania',
      usable: true,
      alreadyPastor: false,
    });
    const accepted = await call(second, 'POST', `/api/church-invitations/${token}/accept`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ id: c.id, pastors: 2 });
    // Used once.
    expect((await call(third, 'POST', `/api/church-invitations/${token}/accept`)).statusCode).toBe(
      410,
    );
    expect((await call(third, 'GET', `/api/church-invitations/${token}`)).json().usable).toBe(
      false,
    );
    expect((await call(third, 'GET', `/api/churches/${c.id}`)).statusCode).toBe(404);
    expect((await call(second, 'GET', `/api/churches/${c.id}`)).json().pastors).toEqual([
      { name: 'Marta Ríos', me: false },
      { name: 'Pablo Díaz', me: true },
    ]);
    // A pastor's own data export lists the churches they pastor.
    const exported = await call(second, 'GET', '/api/user/export');
    const data = JSON.parse(unzip(exported.rawPayload).get('data.json')!.toString('utf8'));
    expect(data.tables.church_pastor).toEqual([expect.objectContaining({ churchId: c.id })]);
    expect((await call(pastor, 'POST', `/api/churches/${c.id}/leave`)).statusCode).toBe(204);
    expect((await call(pastor, 'GET', `/api/churches/${c.id}`)).statusCode).toBe(404);

    // A group of the church; its last pastor's account is deleted: the church goes, the group stays.
    const g = await makeGroup(leader, 'Célula Este', []);
    await call(leader, 'PUT', `/api/groups/${g.groupId}/church`, { code: c.code });
    await deleteAccountData(app.t.database.db, { id: second.id, email: second.email });
    expect(await app.t.database.db.select().from(church).where(eq(church.id, c.id))).toEqual([]);
    expect((await call(leader, 'GET', `/api/groups/${g.groupId}/church`)).json().church).toBeNull();
    expect((await call(leader, 'GET', `/api/groups/${g.groupId}`)).statusCode).toBe(200);
  });

  it('a group that ends leaves its church; a deleted church leaves its groups as they were', async () => {
    const pastor = await named('Marta', 'Ríos');
    const leader = await named('Jorge', 'Pérez');
    const c = await makeChurch(pastor);
    const a = await makeGroup(leader, 'Célula A', []);
    const b = await makeGroup(leader, 'Célula B', []);
    for (const g of [a, b]) {
      await call(leader, 'PUT', `/api/groups/${g.groupId}/church`, { code: c.code });
      await call(pastor, 'POST', `/api/churches/${c.id}/groups/${g.groupId}/approve`);
    }
    expect((await call(leader, 'POST', `/api/groups/${a.groupId}/end`)).statusCode).toBe(204);
    const rows = await app.t.database.db
      .select()
      .from(churchGroup)
      .where(eq(churchGroup.churchId, c.id));
    expect(rows.map((r) => r.groupId)).toEqual([b.groupId]);
    expect((await call(pastor, 'DELETE', `/api/churches/${c.id}`)).statusCode).toBe(204);
    expect((await call(leader, 'GET', `/api/groups/${b.groupId}/church`)).json().church).toBeNull();
    expect((await call(pastor, 'GET', '/api/churches')).json()).toEqual([]);
  });
});
