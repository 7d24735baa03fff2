import { describe, expect, it } from 'vitest';
import { ABOUT_A_MEMBER } from '#shared/values/what-others-see.ts';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * Prayer requests shared with a group (issue 38 item 3): a member shares their own requests one
 * by one; the leaders read exactly those (the fields of ABOUT_A_MEMBER.prayer), members read
 * only their own list; unsharing, leaving or deleting the request takes it away.
 */
const app = useTestApp();
const call = app.call;

const MINE = ['mine', 'mine[].prayerId', 'mine[].title', 'mine[].status', 'mine[].shared'];
const LEADERS = [
  ...MINE,
  'shared',
  'shared[].prayerId',
  ...ABOUT_A_MEMBER.prayer.map((f) => `shared[].${f}`),
].sort();

async function groupWith(leader: TestUser, members: TestUser[]) {
  const made = await call(leader, 'POST', '/api/groups', {
    name: 'Célula Filipos',
    language: 'es',
    path: { kind: 'course', courseId: '101' },
    startsOn: new Date().toISOString().slice(0, 10),
  });
  const id = made.json().id as string;
  const link = await call(leader, 'POST', `/api/groups/${id}/invitations`, { maxUses: 10 });
  for (const m of members) {
    const joined = await call(m, 'POST', `/api/invitations/${link.json().token}/accept`, {
      level: 'membership',
    });
    expect(joined.statusCode).toBe(200);
  }
  return id;
}

async function prayer(who: TestUser, title: string, description = '') {
  const res = await call(who, 'POST', '/api/prayers', { title, category: 'family', description });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json().id as string;
}

describe('prayer requests shared with a group', () => {
  it('a member shares one request; the leaders read only that one, members nothing of others', async () => {
    const leader = await createUser(app.t);
    const [lidia, aquila] = [await createUser(app.t), await createUser(app.t)];
    const groupId = await groupWith(leader, [lidia!, aquila!]);
    const shared = await prayer(lidia!, 'La salud de mi madre', 'Operación el jueves');
    const kept = await prayer(lidia!, 'Algo solo mío');
    const before = await call(lidia!, 'GET', `/api/groups/${groupId}/prayers`);
    expect(before.json().shared).toBeNull();
    expect(before.json().mine.map((p: { shared: boolean }) => p.shared)).toEqual([false, false]);

    const put = await call(lidia!, 'PUT', `/api/groups/${groupId}/prayers/${shared}`);
    expect(put.statusCode, put.body).toBe(200);
    // Twice is once.
    await call(lidia!, 'PUT', `/api/groups/${groupId}/prayers/${shared}`);
    await prayer(leader, 'Sabiduría para guiar');
    const leaders = await call(leader, 'GET', `/api/groups/${groupId}/prayers`);
    expect(pathSet(leaders.json())).toEqual(LEADERS);
    expect(leaders.json().shared).toEqual([
      expect.objectContaining({
        prayerId: shared,
        title: 'La salud de mi madre',
        description: 'Operación el jueves',
        status: 'active',
      }),
    ]);
    expect(leaders.body).not.toContain('Algo solo mío');
    // Another member reads their own list only.
    const other = await call(aquila!, 'GET', `/api/groups/${groupId}/prayers`);
    expect(other.json()).toEqual({ mine: [], shared: null });

    // Another's request is not theirs to share, and an outsider gets nothing.
    expect((await call(aquila!, 'PUT', `/api/groups/${groupId}/prayers/${kept}`)).statusCode).toBe(
      404,
    );
    const outsider = await createUser(app.t);
    expect((await call(outsider, 'GET', `/api/groups/${groupId}/prayers`)).statusCode).toBe(404);

    // Unshared: gone for the leaders at once.
    await call(lidia!, 'DELETE', `/api/groups/${groupId}/prayers/${shared}`);
    expect((await call(leader, 'GET', `/api/groups/${groupId}/prayers`)).json().shared).toEqual([]);
    // Shared again, then the request deleted: gone too; and leaving takes the rest away.
    await call(lidia!, 'PUT', `/api/groups/${groupId}/prayers/${shared}`);
    await call(lidia!, 'PUT', `/api/groups/${groupId}/prayers/${kept}`);
    expect((await call(lidia!, 'DELETE', `/api/prayers/${shared}`)).statusCode).toBeLessThan(300);
    expect(
      (await call(leader, 'GET', `/api/groups/${groupId}/prayers`))
        .json()
        .shared.map((p: { prayerId: string }) => p.prayerId),
    ).toEqual([kept]);
    expect((await call(lidia!, 'POST', `/api/groups/${groupId}/leave`)).statusCode).toBeLessThan(
      300,
    );
    expect((await call(leader, 'GET', `/api/groups/${groupId}/prayers`)).json().shared).toEqual([]);
  });
});
