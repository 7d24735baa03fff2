import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { activity } from '#server/db/schema.ts';
import { and, eq } from 'drizzle-orm';
import { useTestApp } from '../helpers/app.ts';

/**
 * Writes the browser may send twice (its answer lost on the way back, then retried): each names
 * what it makes with an id the browser chose, and the same id answers what the first one made
 * instead of making it again (docs/decisions/0039). Another member's id: 409, nothing shown.
 */
const app = useTestApp({}, { member: {}, other: {} });
const call = app.call;

describe('writes sent twice with the id the browser chose', () => {
  it('a prayer request is added once', async () => {
    const id = randomUUID();
    const body = { id, title: 'For my neighbour', category: 'family' };
    const first = await call(app.member, 'POST', '/api/prayers', body);
    expect(first.statusCode).toBe(201);
    expect(first.json().id).toBe(id);
    const again = await call(app.member, 'POST', '/api/prayers', body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const list = (await call(app.member, 'GET', '/api/prayers')).json();
    expect(list.items.filter((p: { id: string }) => p.id === id)).toHaveLength(1);
    expect(list.counts.active).toBe(1);
    // Two copies at the same time make one too.
    const both = { id: randomUUID(), title: 'Twice at once', category: 'personal' };
    const answers = await Promise.all([
      call(app.member, 'POST', '/api/prayers', both),
      call(app.member, 'POST', '/api/prayers', both),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    expect((await call(app.member, 'GET', '/api/prayers')).json().counts.active).toBe(2);
    // Without an id, each request is a new one (as before).
    await call(app.member, 'POST', '/api/prayers', { title: 'No id', category: 'personal' });
    await call(app.member, 'POST', '/api/prayers', { title: 'No id', category: 'personal' });
    expect((await call(app.member, 'GET', '/api/prayers')).json().counts.active).toBe(4);
  });

  it('prayer minutes are counted once (the session, the activity behind streaks and goals)', async () => {
    const id = randomUUID();
    const first = await call(app.member, 'POST', '/api/prayer-sessions', { id, minutes: 10 });
    expect(first.statusCode).toBe(201);
    expect(first.json().minutesToday).toBe(10);
    const again = await call(app.member, 'POST', '/api/prayer-sessions', { id, minutes: 10 });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ id, minutes: 10, minutesToday: 10, badgesAwarded: [] });
    const logged = await app.t.database.db
      .select()
      .from(activity)
      .where(and(eq(activity.userId, app.member.id), eq(activity.kind, 'prayer')));
    expect(logged.map((a) => a.subject)).toEqual([id]);
    const another = await call(app.member, 'POST', '/api/prayer-sessions', {
      id: randomUUID(),
      minutes: 5,
    });
    expect(another.json().minutesToday).toBe(15);
  });

  it('a support ticket is filed once (one acknowledgement), and a reply written once', async () => {
    const id = randomUUID();
    const form = {
      id,
      name: 'Lucía Fernández',
      email: app.member.email,
      subject: 'account',
      message: 'How do I change the e-mail address of my account?',
    };
    const file = () =>
      app.t.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: { cookie: app.member.cookie },
        payload: form,
      });
    const mailsBefore = app.t.mail.length;
    const first = await file();
    expect(first.statusCode).toBe(201);
    const again = await file();
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(app.t.mail.length - mailsBefore).toBe(1);
    const mine = (await call(app.member, 'GET', '/api/support/tickets')).json().items;
    expect(mine).toHaveLength(1);
    expect(mine[0].id).toBe(id);

    const reply = { id: randomUUID(), body: 'Here is my new address: lucia@example.org.' };
    const url = `/api/support/tickets/${id}/replies`;
    expect((await call(app.member, 'POST', url, reply)).statusCode).toBe(201);
    expect((await call(app.member, 'POST', url, reply)).statusCode).toBe(200);
    const thread = (await call(app.member, 'GET', '/api/support/tickets')).json().items[0].messages;
    expect(thread.map((m: { body: string }) => m.body)).toEqual([form.message, reply.body]);
  });

  it("another member's id is refused (409), and what it names stays theirs", async () => {
    const id = randomUUID();
    await call(app.member, 'POST', '/api/prayers', { id, title: 'Mine', category: 'personal' });
    const taken = await call(
      app.other,
      'POST',
      '/api/prayers',
      { id, title: 'Theirs', category: 'personal' },
      'es',
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'ID_TAKEN',
      message: 'Eso ya se envió desde otra cuenta.',
    });
    expect(JSON.stringify(taken.json())).not.toContain('Mine');
    const session = randomUUID();
    await call(app.member, 'POST', '/api/prayer-sessions', { id: session, minutes: 3 });
    expect(
      (await call(app.other, 'POST', '/api/prayer-sessions', { id: session, minutes: 3 }))
        .statusCode,
    ).toBe(409);
    // Someone else's ticket id, from another address.
    const [ticket] = (await call(app.member, 'GET', '/api/support/tickets')).json().items;
    const stranger = await app.t.app.inject({
      method: 'POST',
      url: '/api/support/tickets',
      payload: {
        id: ticket.id,
        name: 'Someone',
        email: 'someone@example.com',
        subject: 'general',
        message: 'Trying to see another ticket.',
      },
    });
    expect(stranger.statusCode).toBe(409);
    expect(stranger.json()).not.toHaveProperty('number');
  });

  it('refuses an id that is not a UUID with a translated 400, writing nothing', async () => {
    const before = (await call(app.other, 'GET', '/api/prayers')).json().counts.active;
    const bad = await call(
      app.other,
      'POST',
      '/api/prayers',
      { id: 'not-a-uuid', title: 'x', category: 'personal' },
      'es',
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toContainEqual({ path: 'id', message: expect.any(String) });
    expect((await call(app.other, 'GET', '/api/prayers')).json().counts.active).toBe(before);
  });
});
