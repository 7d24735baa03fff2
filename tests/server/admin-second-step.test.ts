import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { adminAudit, passkey, session, twoFactor, user } from '#server/db/schema.ts';
import { createUser, injectWithLogin, useTestApp, type TestUser } from '../helpers/app.ts';

/**
 * A member whose second step was a passkey (or an app) on devices they all lost has a way back
 * through support (issue 38 item 5, ADR 0044): an admin records what they checked, types the
 * member's address, and turns the second step off; the member is signed out everywhere, told by
 * e-mail in their language, and the audit log keeps who did it and why.
 */
const app = useTestApp({}, { admin: { role: 'admin' }, other: {} });
const db = () => app.t.database.db;
const CHECKS =
  'Replied from the account address; named their last ticket and the month they joined.';

/** A member with an authenticator app and two passkeys, signed in. */
async function memberWithSecondSteps(): Promise<TestUser> {
  const member = await createUser(app.t, { twoFactorEnabled: true });
  await db()
    .update(user)
    .set({ preferences: { language: 'es' } })
    .where(eq(user.id, member.id));
  await db()
    .insert(twoFactor)
    .values({ id: randomUUID(), secret: 'x', backupCodes: 'y', userId: member.id });
  for (const name of ['Teléfono', 'Portátil']) {
    await db().insert(passkey).values({
      id: randomUUID(),
      userId: member.id,
      name,
      credentialId: randomUUID(),
      publicKey: 'pk',
      deviceType: 'singleDevice',
    });
  }
  return member;
}

const detailOf = async (id: string) =>
  (await app.call(app.admin, 'GET', `/api/admin/users/${id}`)).json() as {
    secondStep: { authenticatorApp: boolean; passkeys: number };
  };

describe("turning off a member's second step", () => {
  it('shows what the member has, refuses without the checks or the right address, in words', async () => {
    const member = await memberWithSecondSteps();
    expect((await detailOf(member.id)).secondStep).toEqual({ authenticatorApp: true, passkeys: 2 });
    const url = `/api/admin/users/${member.id}/second-step/remove`;
    const short = await app.call(
      app.admin,
      'POST',
      url,
      { confirmEmail: member.email, checks: 'asked' },
      'es',
    );
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(short.json())).toContain('Anota qué comprobaste');
    const wrong = await app.call(app.admin, 'POST', url, {
      confirmEmail: 'someone@example.com',
      checks: CHECKS,
    });
    expect(wrong.statusCode).toBe(400);
    // Members cannot, and an admin does not do it to themselves here.
    expect(
      (await app.call(app.other, 'POST', url, { confirmEmail: member.email, checks: CHECKS }))
        .statusCode,
    ).toBe(403);
    const self = await app.call(
      app.admin,
      'POST',
      `/api/admin/users/${app.admin.id}/second-step/remove`,
      { confirmEmail: app.admin.email, checks: CHECKS },
    );
    expect(self.statusCode).toBe(409);
    // Nothing changed.
    expect((await detailOf(member.id)).secondStep).toEqual({ authenticatorApp: true, passkeys: 2 });
  });

  it('removes the app and the passkeys, signs the member out everywhere, tells them, and audits why', async () => {
    const member = await memberWithSecondSteps();
    app.t.mail.length = 0;
    const res = await app.call(
      app.admin,
      'POST',
      `/api/admin/users/${member.id}/second-step/remove`,
      { confirmEmail: member.email.toUpperCase(), checks: CHECKS },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, emailed: true });
    expect(await db().select().from(twoFactor).where(eq(twoFactor.userId, member.id))).toEqual([]);
    expect(await db().select().from(passkey).where(eq(passkey.userId, member.id))).toEqual([]);
    const [row] = await db().select().from(user).where(eq(user.id, member.id));
    expect(row!.twoFactorEnabled).toBe(false);
    expect(await db().select().from(session).where(eq(session.userId, member.id))).toEqual([]);
    expect(
      (await injectWithLogin(app.t.app, member, { method: 'GET', url: '/api/auth/user' }))
        .statusCode,
    ).toBe(401);
    // In Spanish, the member's saved language, with where to turn it on again and to object.
    expect(app.t.mail).toHaveLength(1);
    expect(app.t.mail[0]).toMatchObject({
      to: member.email,
      subject: 'Se desactivó la verificación en dos pasos de tu cuenta de Camino',
    });
    expect(app.t.mail[0]!.text).toContain('/account-settings#two-factor');
    expect(app.t.mail[0]!.text).toContain('/support');
    const [audit] = await db()
      .select()
      .from(adminAudit)
      .where(
        and(eq(adminAudit.action, 'member.second-step-remove'), eq(adminAudit.targetId, member.id)),
      );
    expect(audit).toMatchObject({
      actorId: app.admin.id,
      targetLabel: member.email,
      detail: { checks: CHECKS, authenticatorApp: true, passkeys: 2 },
    });
    expect((await detailOf(member.id)).secondStep).toEqual({
      authenticatorApp: false,
      passkeys: 0,
    });
    // Once off, there is nothing to turn off.
    const again = await app.call(
      app.admin,
      'POST',
      `/api/admin/users/${member.id}/second-step/remove`,
      { confirmEmail: member.email, checks: CHECKS },
      'es',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Este miembro no tiene un segundo paso que desactivar.');
  });
});
