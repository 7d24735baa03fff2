import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { adminAudit, ageBlock, mailOutbox, rateLimit } from '#server/db/schema.ts';
import { emailHash } from '#server/auth/age-block.ts';
import { MAIL_OUTBOX_RETENTION_DAYS, purgeOldMail } from '#server/mail/mailer.ts';
import { databaseRateLimitStore } from '#server/security/rate-limit-store.ts';
import {
  cookieFrom,
  createTestApp,
  createUser,
  injectWithLogin,
  signIn,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';
import { freshTotp, secretOf } from '../helpers/totp.ts';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  // The real mailer: mail is kept in mail_outbox (no SMTP), as in production without SMTP.
  t = await createTestApp({ deps: { mailer: undefined } });
  admin = await createUser(t, { role: 'admin' });
});
afterAll(async () => t?.close());

/**
 * Every row, in every table, whose text (any text or JSON column) names the person: their id
 * or their e-mail address. Tables added later are covered without changing this test.
 */
async function rowsAbout(person: TestUser): Promise<Record<string, number>> {
  const columns = await t.database.db.execute<{ table_name: string; column_name: string }>(sql`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`);
  const found: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const result = await t.database.db.execute<{ n: number }>(sql`
      select count(*)::int as n from ${sql.identifier(table)}
      where position(${person.id} in ${sql.identifier(column)}::text) > 0
         or position(${person.email.toLowerCase()} in lower(${sql.identifier(column)}::text)) > 0`);
    const n = Number(result.rows[0]!.n);
    if (n > 0) found[table] = (found[table] ?? 0) + n;
  }
  return found;
}

/**
 * A member who has written, turned on two-step sign-in (and has a sign-in waiting for its
 * code), been granted premium by an admin (an audit row names them), been mailed a reset link
 * and holds a live reset token.
 */
async function activeMember(): Promise<TestUser> {
  const member = await createUser(t);
  const as = (method: 'POST', url: string, payload: object) =>
    injectWithLogin(t.app, member, { method, url, payload });
  expect((await as('POST', '/api/journal', { content: 'Grace today' })).statusCode).toBe(201);
  expect(
    (await as('POST', '/api/prayers', { title: 'For my sister', category: 'family' })).statusCode,
  ).toBe(201);
  const goal = { preset: 'pray-10-minutes-daily', title: 'Pray 10 minutes daily' };
  expect((await as('POST', '/api/goals', goal)).statusCode).toBe(201);
  const enable = await as('POST', '/api/auth/two-factor/enable', { password: member.password });
  const secret = secretOf((enable.json() as { totpURI: string }).totpURI);
  const confirm = await as('POST', '/api/auth/two-factor/verify-totp', {
    code: await freshTotp(secret),
  });
  expect(confirm.statusCode).toBe(200);
  member.cookie = cookieFrom(confirm);
  const pending = await signIn(t.app, member.email, member.password);
  expect(pending.json()).toMatchObject({ twoFactorRedirect: true });
  const grant = await injectWithLogin(t.app, admin, {
    method: 'PATCH',
    url: `/api/admin/users/${member.id}`,
    payload: { isPremium: true },
  });
  expect(grant.statusCode).toBe(200);
  const reset = await t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: member.email.toUpperCase(), redirectTo: '/reset-password' },
  });
  expect(reset.statusCode).toBe(200);
  return member;
}

describe('account deletion leaves nothing about the person', () => {
  it('deleting the account removes every row: owned data, mail sent, tokens issued', async () => {
    const member = await activeMember();
    const other = await activeMember();
    const before = await rowsAbout(member);
    expect(Object.keys(before)).toEqual(
      expect.arrayContaining([
        'user',
        'journal_entry',
        'prayer_request',
        'mail_outbox',
        'verification',
        'two_factor',
        'admin_audit',
      ]),
    );

    const res = await injectWithLogin(t.app, member, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: member.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await rowsAbout(member)).toEqual({});
    // Someone else's rows stay (and show that the search finds what is there).
    expect(await rowsAbout(other)).toEqual(before);
  });

  it('the under-13 path removes every row too, keeping only a hash of the address', async () => {
    const child = await activeMember();
    const res = await injectWithLogin(t.app, child, {
      method: 'POST',
      url: '/api/user/verify-age',
      payload: { ageVerified: false },
    });
    expect(res.json()).toEqual({ ageVerified: false, restricted: true });
    expect(await rowsAbout(child)).toEqual({});
    const blocked = await t.database.db
      .select()
      .from(ageBlock)
      .where(eq(ageBlock.emailHash, emailHash(child.email)));
    expect(blocked).toHaveLength(1);
  });
});

describe('an admin deletes an account', () => {
  it('removes every row about the member; the audit log keeps the action, naming no one', async () => {
    const member = await activeMember();
    const res = await injectWithLogin(t.app, admin, {
      method: 'DELETE',
      url: `/api/admin/users/${member.id}`,
      payload: { confirmEmail: member.email },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsAbout(member)).toEqual({});
    const rows = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.actorId, admin.id));
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['member.premium.grant', 'member.delete']),
    );
    expect(rows.find((r) => r.action === 'member.delete')).toMatchObject({
      targetId: 'deleted',
      targetLabel: '',
      detail: {},
    });
  });

  it('forgets a deleted admin in the log they wrote, and the log refuses any other change', async () => {
    const other = await createUser(t, { role: 'admin' });
    const member = await createUser(t);
    const lock = await injectWithLogin(t.app, other, {
      method: 'PATCH',
      url: `/api/admin/users/${member.id}`,
      payload: { locked: true },
    });
    expect(lock.statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.actorId, other.id));
    expect(row).toMatchObject({ action: 'member.lock', targetLabel: member.email });

    // Not through the app, not through SQL: no delete, no truncate, no rewriting.
    const db = t.database.db;
    await expect(db.delete(adminAudit).where(eq(adminAudit.id, row!.id))).rejects.toThrow();
    await expect(db.execute(sql`truncate admin_audit`)).rejects.toThrow();
    for (const change of [
      { action: 'member.unlock' },
      { targetLabel: 'someone-else@example.com' },
      { actorEmail: 'ghost@example.com' },
      { targetId: 'another-id' },
      { detail: { forged: true } },
    ]) {
      await expect(
        db.update(adminAudit).set(change).where(eq(adminAudit.id, row!.id)),
        JSON.stringify(change),
      ).rejects.toThrow();
    }

    const res = await injectWithLogin(t.app, other, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: other.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await rowsAbout(other)).toEqual({});
    const [after] = await db.select().from(adminAudit).where(eq(adminAudit.id, row!.id));
    expect(after).toMatchObject({ actorId: null, actorEmail: '', action: 'member.lock' });
    expect(after!.targetLabel).toBe(member.email);
  });
});

describe('retention', () => {
  it(`the outbox keeps mail ${MAIL_OUTBOX_RETENTION_DAYS} days`, async () => {
    const day = 86_400_000;
    const now = new Date();
    const message = { to: 'old@example.com', subject: 's', text: 't', status: 'sent' as const };
    await t.database.db.insert(mailOutbox).values([
      { ...message, id: 'old', createdAt: new Date(now.getTime() - 31 * day) },
      { ...message, id: 'recent', createdAt: new Date(now.getTime() - 29 * day) },
    ]);
    await purgeOldMail(t.database.db, now);
    const left = await t.database.db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'old@example.com'));
    expect(left).toEqual([{ id: 'recent' }]);
  });

  it('each instance clears the outbox at start and every few hours, mail or not', async () => {
    await t.database.db.insert(mailOutbox).values({
      id: 'quiet',
      to: 'quiet@example.com',
      subject: 's',
      text: 't',
      status: 'sent',
      createdAt: new Date(Date.now() - 40 * 86_400_000),
    });
    const other = await createTestApp({ database: t.database });
    try {
      await expect
        .poll(
          async () =>
            (await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, 'quiet')))
              .length,
        )
        .toBe(0);
    } finally {
      await other.close();
    }
  });

  it('rate-limit counters whose window has ended are cleared', async () => {
    await t.database.db
      .insert(rateLimit)
      .values({ key: 'auth:203.0.113.9/sign-in/email', count: 3, windowEndsAt: new Date(0) });
    await databaseRateLimitStore(t.database.db).consume('auth:198.51.100.1/x', {
      window: 60,
      max: 10,
    });
    const keys = (await t.database.db.select({ key: rateLimit.key }).from(rateLimit)).map(
      (r) => r.key,
    );
    expect(keys).not.toContain('auth:203.0.113.9/sign-in/email');
    expect(keys).toContain('auth:198.51.100.1/x');
  });
});
