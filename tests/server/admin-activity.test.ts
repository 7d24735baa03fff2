/**
 * The admin panel reads the activity the member's own streak reads (the activity log): a member
 * active minutes ago is "last active" then, and every member active today counts in the
 * figures at once, whatever their time zone, even when an admin looked a moment before.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../helpers/app.ts';

const app = useTestApp({}, { admin: { role: 'admin' }, ana: {}, luis: {} });

describe('admin: who was active', () => {
  it('two members active today: both last active minutes ago, both counted in the figures', async () => {
    const figures = async () =>
      (await app.call(app.admin, 'GET', '/api/admin/stats')).json().members as {
        active7: number;
        active30: number;
      };
    const lastActive = async (id: string) =>
      (await app.call(app.admin, 'GET', `/api/admin/users/${id}`)).json().lastActiveAt as
        string | null;
    // Ana lives in Mexico City, Luis in Tokyo: their local days differ from the server's.
    await app.call(app.ana, 'PATCH', '/api/user/preferences', { timeZone: 'America/Mexico_City' });
    await app.call(app.luis, 'PATCH', '/api/user/preferences', { timeZone: 'Asia/Tokyo' });
    expect(await figures()).toMatchObject({ active7: 0, active30: 0 });

    const start = Date.now();
    const prayed = await app.call(app.ana, 'POST', '/api/prayer-sessions', { minutes: 5 });
    expect(prayed.statusCode).toBe(201);
    // An admin looks between the two members' activity.
    expect(await figures()).toMatchObject({ active7: 1, active30: 1 });
    const wrote = await app.call(app.luis, 'POST', '/api/journal', {
      title: 'Hoy',
      content: 'Gracias por este día.',
      status: 'published',
    });
    expect(wrote.statusCode).toBe(201);

    // Each one's own streak says "active today"...
    for (const who of [app.ana, app.luis]) {
      const dashboard = (await app.call(who, 'GET', '/api/dashboard')).json();
      expect(dashboard.streak).toMatchObject({ current: 1, today: true });
    }
    // ...and so does the admin panel, at once.
    expect(await figures()).toMatchObject({ active7: 2, active30: 2 });
    for (const who of [app.ana, app.luis]) {
      const at = await lastActive(who.id);
      expect(at).not.toBeNull();
      expect(Date.parse(at!)).toBeGreaterThanOrEqual(start - 1000);
    }
  });
});
