import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adminAudit, session, supportTicket, user } from '#server/db/schema.ts';
import { ROUTE_ACCESS } from '#server/routes/registry.ts';
import { signIn, useTestApp, type TestUser } from '../helpers/app.ts';

const app = useTestApp(
  {},
  {
    member: {},
    premium: { isPremium: true },
    admin: { role: 'admin' },
    other: {},
  },
);

let ipCounter = 0;
/** A fresh client address, so the per-IP limit of one test never touches another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function fileTicket(
  payload: Record<string, unknown>,
  opts: { lang?: string; who?: TestUser; ip?: string } = {},
) {
  return app.t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    remoteAddress: opts.ip ?? freshIp(),
    headers: {
      'accept-language': opts.lang ?? 'en',
      ...(opts.who ? { cookie: opts.who.cookie } : {}),
    },
    payload,
  });
}

const ticket = (over: Record<string, unknown> = {}) => ({
  name: 'María López',
  email: `maria-${Date.now()}-${Math.random()}@example.com`,
  phone: '+34 600 123 456',
  subject: 'account',
  message: 'No puedo cambiar mi contraseña desde la configuración.',
  ...over,
});

async function ticketRow(number: number) {
  const [row] = await app.t.database.db
    .select()
    .from(supportTicket)
    .where(eq(supportTicket.number, number));
  return row!;
}

describe('admin routes', () => {
  it('refuse visitors (401), members and premium members (403) on every admin route', async () => {
    const routes = Object.entries(ROUTE_ACCESS).filter(([, cls]) => cls === 'admin');
    expect(routes.length).toBeGreaterThanOrEqual(12);
    for (const [key] of routes) {
      const [method, pattern] = key.split(' ') as ['GET', string];
      const url = pattern.replace(':id', app.member.id);
      const payload = method === 'GET' ? undefined : { isPremium: true, body: 'hello there!' };
      const anon = await app.t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect({ key, status: anon.statusCode }).toEqual({ key, status: 401 });
      for (const who of [app.member, app.premium]) {
        const res = await app.call(who, method, url, payload);
        expect({ key, status: res.statusCode, code: res.json().code }).toEqual({
          key,
          status: 403,
          code: 'ADMIN_ONLY',
        });
      }
    }
  });
});

describe('support tickets', () => {
  it('visitor files in Spanish → acknowledgement e-mail → admin reply e-mailed, audited', async () => {
    const input = ticket();
    const res = await fileTicket(input, { lang: 'es' });
    expect(res.statusCode).toBe(201);
    const { number } = res.json() as { number: number };
    expect(number).toBeGreaterThan(1000);
    const ack = app.t.mail.find((m) => m.to === input.email)!;
    expect(ack.subject).toBe(`Recibimos tu mensaje (ticket #${number})`);
    expect(ack.text).toContain('24 horas');
    const row = await ticketRow(number);
    expect(row).toMatchObject({ status: 'open', language: 'es', userId: null, priority: 'normal' });

    // The queue shows it; the admin reads the thread, notes, replies.
    const queue = await app.call(app.admin, 'GET', '/api/admin/tickets?status=open');
    expect(queue.json().items.map((i: { number: number }) => i.number)).toContain(number);
    const note = await app.call(app.admin, 'POST', `/api/admin/tickets/${row.id}/notes`, {
      body: 'Parece un problema de caché del navegador.',
    });
    expect(note.statusCode).toBe(201);
    const reply = await app.call(app.admin, 'POST', `/api/admin/tickets/${row.id}/replies`, {
      body: 'Hola María, prueba cerrar sesión y volver a entrar.',
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ emailed: true });
    const answer = app.t.mail.filter((m) => m.to === input.email).at(-1)!;
    expect(answer.subject).toBe(`Respuesta a tu ticket #${number}`);
    expect(answer.text).toContain('prueba cerrar sesión y volver a entrar');
    expect(answer.text).not.toContain('caché del navegador');

    const detail = (await app.call(app.admin, 'GET', `/api/admin/tickets/${row.id}`)).json();
    expect(detail.status).toBe('answered');
    expect(detail.assigneeId).toBe(app.admin.id);
    expect(detail.messages.map((m: { author: string }) => m.author)).toEqual([
      'requester',
      'note',
      'staff',
    ]);
    const closed = await app.call(app.admin, 'PATCH', `/api/admin/tickets/${row.id}`, {
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    const audit = await app.t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.targetId, row.id));
    expect(audit.map((a) => a.action).sort()).toEqual([
      'ticket.close',
      'ticket.note',
      'ticket.reply',
    ]);
    expect(audit.every((a) => a.actorId === app.admin.id)).toBe(true);

    const stats = (await app.call(app.admin, 'GET', '/api/admin/stats')).json();
    expect(stats.tickets.medianFirstReplyMinutes).toBe(0);
  });

  it('a member sees their own tickets and replies, never notes, never another member’s', async () => {
    const filed = await fileTicket(ticket({ email: app.premium.email }), { who: app.premium });
    const { number } = filed.json();
    const row = await ticketRow(number);
    expect(row.userId).toBe(app.premium.id);
    expect(row.priority).toBe('high'); // premium members get priority support
    await app.call(app.admin, 'POST', `/api/admin/tickets/${row.id}/notes`, {
      body: 'secret note here',
    });
    await app.call(app.admin, 'POST', `/api/admin/tickets/${row.id}/replies`, {
      body: 'Could you send us a screenshot?',
      status: 'waiting_on_member',
    });
    const mine = (await app.call(app.premium, 'GET', '/api/support/tickets')).json();
    const t = mine.items.find((i: { number: number }) => i.number === number);
    expect(t.status).toBe('waiting_on_member');
    expect(t.messages.map((m: { body: string }) => m.body)).not.toContain('secret note here');
    expect(t.messages.at(-1).body).toBe('Could you send us a screenshot?');
    // The answer is also in the member's notifications (the bell), linking to their tickets.
    const bell = (await app.call(app.premium, 'GET', '/api/notifications')).json();
    expect(bell.items[0]).toMatchObject({
      kind: 'supportAnswered',
      url: '/account-settings?tab=support',
      readAt: null,
      data: { number },
    });

    const answer = await app.call(app.premium, 'POST', `/api/support/tickets/${row.id}/replies`, {
      body: 'Here it is, attached below.',
    });
    expect(answer.statusCode).toBe(201);
    expect((await ticketRow(number)).status).toBe('open');
    const stranger = await app.call(app.other, 'POST', `/api/support/tickets/${row.id}/replies`, {
      body: 'I should not be able to write here.',
    });
    expect(stranger.statusCode).toBe(404);
    const others = (await app.call(app.other, 'GET', '/api/support/tickets')).json();
    expect(others.items).toEqual([]);
  });

  it('validates on the server with translated messages, and loses nothing', async () => {
    const res = await fileTicket(
      { name: '', email: 'not-an-email', subject: 'nope', message: 'short', phone: 'call me' },
      { lang: 'es' },
    );
    expect(res.statusCode).toBe(400);
    const errors = Object.fromEntries(
      (res.json().errors as { path: string; message: string }[]).map((e) => [e.path, e.message]),
    );
    expect(errors).toMatchObject({
      name: 'Este campo es obligatorio',
      email: 'Por favor ingresa un correo electrónico válido',
      message: 'Se requieren mínimo 10 caracteres',
      phone: 'Por favor ingresa un número de teléfono válido',
    });
    expect(errors.subject).toBeTruthy();
    const long = await fileTicket(ticket({ message: 'x'.repeat(5001) }));
    expect(long.json().errors[0]).toEqual({
      path: 'message',
      message: 'Maximum 5000 characters allowed',
    });
  });

  it('assigning to "", an unknown id or a member answers a translated 400 and writes nothing', async () => {
    const filed = await fileTicket(ticket());
    const row = await ticketRow(filed.json().number);
    for (const [assigneeId, lang, message] of [
      ['', 'en', 'Tickets can only be assigned to an admin.'],
      ['no-such-user', 'es', 'Los tickets solo se pueden asignar a un administrador.'],
      [app.member.id, 'en', 'Tickets can only be assigned to an admin.'],
    ] as const) {
      const res = await app.call(
        app.admin,
        'PATCH',
        `/api/admin/tickets/${row.id}`,
        { assigneeId, priority: 'urgent' },
        lang,
      );
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'NOT_AN_ADMIN', message });
    }
    // Nothing of the refused changes was kept, nor audited.
    expect(await ticketRow(row.number)).toMatchObject({ assigneeId: null, priority: 'normal' });
    // null still unassigns, and an admin's id still assigns.
    const assign = await app.call(app.admin, 'PATCH', `/api/admin/tickets/${row.id}`, {
      assigneeId: app.admin.id,
    });
    expect(assign.statusCode).toBe(200);
    const unassign = await app.call(app.admin, 'PATCH', `/api/admin/tickets/${row.id}`, {
      assigneeId: null,
    });
    expect(unassign.statusCode).toBe(200);
    expect((await ticketRow(row.number)).assigneeId).toBeNull();
  });

  it('a filled honeypot is answered like a success and keeps nothing', async () => {
    const input = ticket({ website: 'http://spam.example' });
    const before = app.t.mail.length;
    const res = await fileTicket(input);
    expect(res.statusCode).toBe(201);
    const rows = await app.t.database.db
      .select()
      .from(supportTicket)
      .where(eq(supportTicket.email, input.email));
    expect(rows).toEqual([]);
    expect(app.t.mail.length).toBe(before);
  });

  it('limits tickets per IP address and per e-mail address, with a translated 429', async () => {
    const ip = freshIp();
    for (let i = 0; i < 10; i += 1) {
      expect((await fileTicket(ticket(), { ip })).statusCode).toBe(201);
    }
    const blocked = await fileTicket(ticket(), { ip, lang: 'es' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeTruthy();
    expect(blocked.json().message).toMatch(/^Enviaste varias solicitudes/);

    const email = `same-${Date.now()}@example.com`;
    for (let i = 0; i < 5; i += 1) {
      expect((await fileTicket(ticket({ email }))).statusCode).toBe(201);
    }
    expect((await fileTicket(ticket({ email: email.toUpperCase() }))).statusCode).toBe(429);
  });
});

describe('admin member actions', () => {
  it('guards the last admin and the admin’s own account', async () => {
    const self = await app.call(app.admin, 'PATCH', `/api/admin/users/${app.admin.id}`, {
      role: 'member',
    });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('SELF_CHANGE');
    const lockSelf = await app.call(app.admin, 'PATCH', `/api/admin/users/${app.admin.id}`, {
      locked: true,
    });
    expect(lockSelf.json().code).toBe('SELF_CHANGE');
    const deleteSelf = await app.call(app.admin, 'DELETE', `/api/admin/users/${app.admin.id}`, {
      confirmEmail: app.admin.email,
    });
    expect(deleteSelf.json().code).toBe('SELF_CHANGE');

    // A second admin cannot remove the first while the first is the only other one left.
    const grant = await app.call(app.admin, 'PATCH', `/api/admin/users/${app.other.id}`, {
      role: 'admin',
    });
    expect(grant.json().role).toBe('admin');
    // A new admin turns on two-step verification before the admin routes open to them.
    const before2fa = await app.call(app.other, 'PATCH', `/api/admin/users/${app.admin.id}`, {
      role: 'member',
    });
    expect(before2fa.json().code).toBe('TWO_FACTOR_REQUIRED');
    await app.t.database.db
      .update(user)
      .set({ twoFactorEnabled: true })
      .where(eq(user.id, app.other.id));
    app.t.app.sessionCache.forgetUser(app.other.id);
    const demoteFirst = await app.call(app.other, 'PATCH', `/api/admin/users/${app.admin.id}`, {
      role: 'member',
    });
    expect(demoteFirst.statusCode).toBe(200);
    // Now `other` is the last admin: nobody may demote them, not even themself.
    const demoteLast = await app.call(app.other, 'PATCH', `/api/admin/users/${app.other.id}`, {
      role: 'member',
    });
    expect(demoteLast.json().code).toBe('SELF_CHANGE');
    const restore = await app.call(app.other, 'PATCH', `/api/admin/users/${app.admin.id}`, {
      role: 'admin',
    });
    expect(restore.statusCode).toBe(200);
    const lastGuard = await app.call(app.admin, 'PATCH', `/api/admin/users/${app.other.id}`, {
      role: 'member',
    });
    expect(lastGuard.statusCode).toBe(200);
    const es = await app.call(
      app.admin,
      'PATCH',
      `/api/admin/users/${app.admin.id}`,
      { role: 'member' },
      'es',
    );
    expect(es.json().message).toBe('No puedes hacer esto con tu propia cuenta.');
  });

  it('two admins demoting each other at once leave one admin (the last-admin guard)', async () => {
    const { createUser } = await import('../helpers/app.ts');
    // Only these two admins: the others step down first.
    const a = await createUser(app.t, { role: 'admin' });
    const b = await createUser(app.t, { role: 'admin' });
    await app.call(a, 'PATCH', `/api/admin/users/${app.admin.id}`, { role: 'member' });
    const [x, y] = await Promise.all([
      app.call(a, 'PATCH', `/api/admin/users/${b.id}`, { role: 'member' }),
      app.call(b, 'PATCH', `/api/admin/users/${a.id}`, { role: 'member' }),
    ]);
    const statuses = [x.statusCode, y.statusCode].sort();
    expect(statuses[0]).toBe(200);
    const refused = [x, y].find((r) => r.statusCode !== 200)!;
    expect(refused.json().code).toMatch(/^(LAST_ADMIN|ADMIN_ONLY)$/);
    const admins = await app.t.database.db.select().from(user).where(eq(user.role, 'admin'));
    expect(admins.map((u) => u.id)).toHaveLength(1);
    const last = admins[0]!.id === a.id ? a : b;
    await app.call(last, 'PATCH', `/api/admin/users/${app.admin.id}`, { role: 'admin' });
  });

  it('locks sign-in (sessions revoked), unlocks, sends a reset e-mail, deletes with confirmation', async () => {
    const victim = await (async () => {
      const { createUser } = await import('../helpers/app.ts');
      return createUser(app.t);
    })();
    const lock = await app.call(app.admin, 'PATCH', `/api/admin/users/${victim.id}`, {
      locked: true,
    });
    expect(lock.json().locked).toBe(true);
    const sessions = await app.t.database.db
      .select()
      .from(session)
      .where(eq(session.userId, victim.id));
    expect(sessions).toEqual([]);
    expect((await app.call(victim, 'GET', '/api/auth/user')).statusCode).toBe(401);
    const refused = await signIn(app.t.app, victim.email, victim.password);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('ACCOUNT_LOCKED');
    await app.call(app.admin, 'PATCH', `/api/admin/users/${victim.id}`, { locked: false });
    expect((await signIn(app.t.app, victim.email, victim.password)).statusCode).toBe(200);

    const reset = await app.call(app.admin, 'POST', `/api/admin/users/${victim.id}/password-reset`);
    expect(reset.statusCode).toBe(200);
    const mail = app.t.mail.filter((m) => m.to === victim.email).at(-1)!;
    expect(mail.text).toMatch(/reset-password/);

    const detail = (await app.call(app.admin, 'GET', `/api/admin/users/${victim.id}`)).json();
    expect(detail.premium).toMatchObject({ active: false, source: 'none' });
    expect(detail.lastActiveAt).not.toBeNull();

    const mismatch = await app.call(app.admin, 'DELETE', `/api/admin/users/${victim.id}`, {
      confirmEmail: 'someone@else.com',
    });
    expect(mismatch.statusCode).toBe(400);
    type Entry = { id: string; action: string; targetId: string; targetLabel: string };
    const auditLog = async () =>
      (await app.call(app.admin, 'GET', '/api/admin/audit')).json().items as Entry[];
    const about = (await auditLog()).filter((i) => i.targetId === victim.id);
    expect(about.map((i) => i.action)).toEqual([
      'member.password-reset',
      'member.unlock',
      'member.lock',
    ]);
    const gone = await app.call(app.admin, 'DELETE', `/api/admin/users/${victim.id}`, {
      confirmEmail: victim.email.toUpperCase(),
    });
    expect(gone.statusCode).toBe(200);
    expect((await app.call(app.admin, 'GET', `/api/admin/users/${victim.id}`)).statusCode).toBe(
      404,
    );
    // The log keeps what was done, and forgets whom it was done to (the account is gone).
    const after = await auditLog();
    expect(after[0]).toMatchObject({
      action: 'member.delete',
      targetId: 'deleted',
      targetLabel: '',
    });
    for (const entry of about) {
      expect(after.find((i) => i.id === entry.id)).toMatchObject({
        action: entry.action,
        targetId: 'deleted',
        targetLabel: '',
      });
    }
    const text = JSON.stringify(after);
    expect(text).not.toContain(victim.id);
    expect(text.toLowerCase()).not.toContain(victim.email.toLowerCase());
  });

  it('grants premium with its source, filters the list, and the audit log has no write route', async () => {
    await app.call(app.admin, 'PATCH', `/api/admin/users/${app.member.id}`, { isPremium: true });
    const detail = (await app.call(app.admin, 'GET', `/api/admin/users/${app.member.id}`)).json();
    expect(detail.premium).toMatchObject({ active: true, source: 'admin_grant' });
    expect(detail.premium.since).not.toBeNull();
    const premiumOnly = (await app.call(app.admin, 'GET', '/api/admin/users?premium=yes')).json();
    expect(premiumOnly.items.every((u: { isPremium: boolean }) => u.isPremium)).toBe(true);
    const admins = (await app.call(app.admin, 'GET', '/api/admin/users?admin=yes')).json();
    expect(admins.items.map((u: { id: string }) => u.id)).toContain(app.admin.id);
    const today = new Date().toISOString().slice(0, 10);
    const joined = (
      await app.call(app.admin, 'GET', `/api/admin/users?joinedFrom=${today}&joinedTo=${today}`)
    ).json();
    expect(joined.total).toBeGreaterThan(0);
    const bad = await app.call(app.admin, 'GET', '/api/admin/users?joinedFrom=yesterday');
    expect(bad.statusCode).toBe(400);
    const writes = Object.keys(ROUTE_ACCESS).filter(
      (k) => k.includes('/api/admin/audit') && !k.startsWith('GET'),
    );
    expect(writes).toEqual([]);
  });
});
