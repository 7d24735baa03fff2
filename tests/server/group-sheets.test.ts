import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SHEET_VERSES_MAX } from '#shared/sheets.ts';
import { pathSet } from '../helpers/json-paths.ts';
import { createUser, useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * Study sheets (issue 38 item 2): leaders make, edit, share and delete them; every member lists
 * them; the link's page reads fully without JavaScript, in each reader's language and
 * translation, and only for whom the leaders chose (the group, or anyone with the link).
 */
const app = useTestApp({ bibles: true });
const call = app.call;
const today = new Date().toISOString().slice(0, 10);

/** The fields a sheet's answer may carry, to leaders and members alike: nobody's data. */
const SHEET_FIELDS = [
  'id',
  'title',
  'passages',
  'passages[].osis',
  'passages[].reference',
  'questions',
  'prayer',
  'note',
  'audience',
  'url',
  'updatedAt',
];
const LIST_FIELDS = ['items', ...SHEET_FIELDS.map((f) => `items[].${f}`), 'canEdit'];

async function groupWith(leader: TestUser, members: [TestUser, string][], name = 'Célula Norte') {
  const created = await call(leader, 'POST', '/api/groups', {
    name,
    language: 'es',
    path: { kind: 'course', courseId: '101' },
    startsOn: today,
  });
  expect(created.statusCode).toBe(201);
  const groupId = created.json().id as string;
  const link = await call(leader, 'POST', `/api/groups/${groupId}/invitations`, { maxUses: 20 });
  const token = link.json().token as string;
  for (const [who, level] of members) {
    const joined = await call(who, 'POST', `/api/invitations/${token}/accept`, { level });
    expect(joined.statusCode).toBe(200);
  }
  return groupId;
}

const page = (url: string, headers: Record<string, string> = {}) =>
  app.t.app.inject({ method: 'GET', url, headers });

const SHEET = {
  title: 'El buen pastor',
  passages: ['John.10.11-John.10.14', 'Ps.23.1-Ps.23.6'],
  questions: ['¿Qué hace el buen pastor por sus ovejas?', 'Where do you need his care this week?'],
  prayer: 'Oremos por los que están lejos del redil.',
  note: 'Traigan sus Biblias.\n\nNos vemos el jueves a las 7.',
};

describe('study sheets', () => {
  it('a leader makes one; members list it; its link reads without JavaScript in each reader’s language', async () => {
    const leader = await createUser(app.t);
    const member = await createUser(app.t);
    const groupId = await groupWith(leader, [[member, 'membership']]);
    const id = crypto.randomUUID();
    const made = await call(
      leader,
      'POST',
      `/api/groups/${groupId}/sheets`,
      { id, ...SHEET },
      'es',
    );
    expect(made.statusCode).toBe(201);
    expect(pathSet(made.json())).toEqual([...SHEET_FIELDS].sort());
    expect(made.json().passages.map((p: { reference: string }) => p.reference)).toEqual([
      'Juan 10:11-14',
      'Salmo 23',
    ]);
    expect(made.json().audience).toBe('group');
    // The same id again (an answer lost on the way): the same sheet, not a second one.
    const again = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, { id, ...SHEET });
    expect(again.statusCode).toBe(200);
    const listed = await call(member, 'GET', `/api/groups/${groupId}/sheets`);
    expect(listed.statusCode).toBe(200);
    expect(pathSet(listed.json())).toEqual([...new Set(LIST_FIELDS)].sort());
    expect(listed.json().items).toHaveLength(1);
    expect(listed.json().canEdit).toBe(false);
    expect(listed.json().items[0].passages[0].reference).toBe('John 10:11-14');
    const url = made.json().url as string;
    expect(url).toMatch(/^\/sheet\/[\w-]{24}$/);

    // The member, in Spanish: Reina-Valera 1909, the questions, the prayer, a way back.
    await call(member, 'PATCH', '/api/user/preferences', { language: 'es' });
    const asMember = await page(url, { cookie: member.cookie, 'accept-encoding': 'gzip' });
    expect(asMember.statusCode).toBe(200);
    expect(asMember.headers['content-encoding']).toBe('gzip');
    const html = gzipDecoded(asMember.rawPayload);
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('Hoja de estudio · Célula Norte');
    expect(html).toContain('Juan 10:11-14');
    expect(html).toContain('Yo soy el buen pastor');
    expect(html).toContain('JEHOVÁ es mi pastor; nada me faltará.');
    expect(html).toContain('¿Qué hace el buen pastor por sus ovejas?');
    expect(html).toContain('Oremos por los que están lejos del redil.');
    expect(html).toContain('Texto: Reina-Valera 1909 (dominio público)');
    expect(html).toContain(`href="/groups/${groupId}"`);
    // Reads whole without a script: the only one is optional (Print, offline copy).
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).toContain('<button type="button" data-print hidden');
    // Well under 60 KB on the wire, the app's stylesheet included.
    expect(asMember.rawPayload.length).toBeLessThan(60 * 1024);

    // The leader, in English: their own language and translation.
    const asLeader = await page(url, { cookie: leader.cookie });
    expect(asLeader.body).toContain('<html lang="en">');
    expect(asLeader.body).toContain('John 10:11-14');
    expect(asLeader.body).toContain('I am the good shepherd');
    expect(asLeader.body).toContain('Psalm 23');
    // The link's ?lang= wins (the page's own language link).
    const switched = await page(`${url}?lang=es`, { cookie: leader.cookie });
    expect(switched.body).toContain('<html lang="es">');
    expect(switched.body).toContain('href="/sheet/');
  });

  it('group-only sheets ask a visitor to sign in and refuse an outsider; public ones open for anyone', async () => {
    const leader = await createUser(app.t);
    const outsider = await createUser(app.t);
    const groupId = await groupWith(leader, []);
    const made = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, SHEET);
    const url = made.json().url as string;
    const visitor = await page(url, { 'accept-language': 'es-MX,es;q=0.9' });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.body).toContain('Esta hoja es para los miembros del grupo');
    expect(visitor.body).toContain(`/sign-in?next=${encodeURIComponent(url)}`);
    expect(visitor.body).not.toContain('El buen pastor');
    const stranger = await page(url, { cookie: outsider.cookie });
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('El buen pastor');
    // Its outsider cannot read it through the API either, nor change it.
    expect((await call(outsider, 'GET', `/api/groups/${groupId}/sheets`)).statusCode).toBe(404);

    const sheetId = made.json().id as string;
    const opened = await call(leader, 'PUT', `/api/groups/${groupId}/sheets/${sheetId}`, {
      ...SHEET,
      audience: 'public',
    });
    expect(opened.json().audience).toBe('public');
    const anyone = await page(url, { 'accept-language': 'en-US' });
    expect(anyone.statusCode).toBe(200);
    expect(anyone.body).toContain('El buen pastor');
    expect(anyone.body).toContain('The LORD is my shepherd');
    expect(anyone.body).toContain('Text: King James Version (public domain)');
    // A visitor gets no way into the group, and no member's name is on the page.
    expect(anyone.body).not.toContain('/groups/');
    expect(anyone.body).not.toContain('Test');
  });

  it('a new link stops the old one; deleting it or ending the group closes its page', async () => {
    const leader = await createUser(app.t);
    const groupId = await groupWith(leader, []);
    const made = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, {
      ...SHEET,
      audience: 'public',
    });
    const old = made.json().url as string;
    const sheetId = made.json().id as string;
    const renewed = await call(leader, 'POST', `/api/groups/${groupId}/sheets/${sheetId}/link`);
    const fresh = renewed.json().url as string;
    expect(fresh).not.toBe(old);
    const gone = await page(old, { 'accept-language': 'es' });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('Este enlace ya no abre ninguna hoja');
    expect((await page(fresh)).statusCode).toBe(200);

    const second = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, SHEET);
    const removed = await call(
      leader,
      'DELETE',
      `/api/groups/${groupId}/sheets/${second.json().id}`,
    );
    expect(removed.statusCode).toBe(204);
    expect((await page(second.json().url)).statusCode).toBe(404);

    await call(leader, 'POST', `/api/groups/${groupId}/end`);
    expect((await page(fresh)).statusCode).toBe(404);
  });

  it('only leaders and co-leaders write; another group’s leader cannot reach a sheet by its id', async () => {
    const leader = await createUser(app.t);
    const member = await createUser(app.t);
    const otherLeader = await createUser(app.t);
    const groupId = await groupWith(leader, [[member, 'progress']]);
    const otherGroup = await groupWith(otherLeader, [], 'Otra');
    const made = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, SHEET);
    const sheetId = made.json().id as string;
    const byMember = await call(member, 'POST', `/api/groups/${groupId}/sheets`, SHEET);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().code).toBe('LEADERS_ONLY');
    for (const [method, url] of [
      ['PUT', `/api/groups/${groupId}/sheets/${sheetId}`],
      ['POST', `/api/groups/${groupId}/sheets/${sheetId}/link`],
      ['DELETE', `/api/groups/${groupId}/sheets/${sheetId}`],
    ] as const) {
      const res = await call(
        member,
        method,
        url,
        method === 'PUT' ? SHEET_WITH_AUDIENCE : undefined,
      );
      expect(res.statusCode, `${method} ${url} by a member`).toBe(403);
    }
    // The other group's leader, naming this sheet under their own group or under this one.
    for (const [method, url] of [
      ['PUT', `/api/groups/${otherGroup}/sheets/${sheetId}`],
      ['POST', `/api/groups/${otherGroup}/sheets/${sheetId}/link`],
      ['DELETE', `/api/groups/${otherGroup}/sheets/${sheetId}`],
      ['PUT', `/api/groups/${groupId}/sheets/${sheetId}`],
      ['DELETE', `/api/groups/${groupId}/sheets/${sheetId}`],
    ] as const) {
      const res = await call(
        otherLeader,
        method,
        url,
        method === 'PUT' ? SHEET_WITH_AUDIENCE : undefined,
      );
      expect(res.statusCode, `${method} ${url} by another group's leader`).toBe(404);
    }
    // Nor take its id for a sheet of their own.
    const taken = await call(otherLeader, 'POST', `/api/groups/${otherGroup}/sheets`, {
      id: sheetId,
      ...SHEET,
    });
    expect(taken.statusCode).toBe(409);
    const still = await call(leader, 'GET', `/api/groups/${groupId}/sheets`);
    expect(still.json().items[0].title).toBe(SHEET.title);
    expect(still.json().canEdit).toBe(true);
  });

  it('refuses a passage that is not in the Bible, and more than the verses a meeting reads, in the member’s language', async () => {
    const leader = await createUser(app.t);
    const groupId = await groupWith(leader, []);
    const bad = await call(
      leader,
      'POST',
      `/api/groups/${groupId}/sheets`,
      { ...SHEET, passages: ['John.30.1-John.30.3'] },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      'Uno de los pasajes no está en la Biblia. Quítalo y agrégalo de nuevo.',
    );
    const long = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, {
      ...SHEET,
      passages: ['Ps.119.1-Ps.119.176'],
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe(
      `A sheet’s passages can have at most ${SHEET_VERSES_MAX} verses together.`,
    );
    const noTitle = await call(leader, 'POST', `/api/groups/${groupId}/sheets`, {
      ...SHEET,
      title: '   ',
    });
    expect(noTitle.statusCode).toBe(400);
    expect((await call(leader, 'GET', `/api/groups/${groupId}/sheets`)).json().items).toEqual([]);
  });
});

const SHEET_WITH_AUDIENCE = { ...SHEET, audience: 'group' };

const gzipDecoded = (bytes: Buffer) => gunzipSync(bytes).toString('utf8');
