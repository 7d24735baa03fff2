import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ADMIN_PAGE_SIZE,
  adminDeleteUserSchema,
  adminRemoveSecondStepSchema,
  adminStatsSchema,
  adminUserDetailSchema,
  adminUserPageSchema,
  adminUserSchema,
  adminUserUpdateSchema,
  adminUsersQuerySchema,
  auditPageSchema,
} from '#shared/schemas/admin.ts';
import type { Auth } from '../auth/auth.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { passkey, session, twoFactor, user } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { DELETED_ACCOUNT, deleteAccountData } from '../account/deletion.ts';
import { auditPage, recordAudit, type AuditDetail } from './audit.ts';
import {
  adminCount,
  listMembers,
  memberById,
  memberColumns,
  memberDetail,
  toAdminUser,
} from './members.ts';
import { StatsCache } from './stats.ts';
import { registerAdminTicketRoutes, type AdminTicketDeps } from './tickets.ts';

export interface AdminDeps extends AdminTicketDeps {
  db: Database;
  auth: Auth;
  sessionCache: SessionCache;
  /** Days a failed renewal keeps premium (PREMIUM_GRACE_DAYS), for the member detail. */
  graceDays: number;
  statsTtlMs?: number;
  /** Cancels the member's subscription at Stripe before their account goes; may refuse. */
  beforeDeleteUser?: (userId: string) => Promise<void>;
}

const idParams = z.object({ id: z.string().min(1).max(100) });
const refuse = (key: string, code: string) => new HttpError(409, key, {}, code);

export function registerAdminRoutes(appBase: FastifyInstance, deps: AdminDeps) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, sessionCache } = deps;
  const stats = new StatsCache(db, deps.statsTtlMs ?? 30_000);
  /** The member an irreversible action is about, once the admin typed their address to confirm. */
  const confirmedTarget = async (id: string, typed: string) => {
    const target = await memberById(db, id);
    if (!target) throw notFound();
    if (typed.toLowerCase() !== target.email.toLowerCase()) {
      throw new HttpError(400, 'admin.errors.confirmMismatch', {}, 'CONFIRMATION_MISMATCH');
    }
    return target;
  };
  // Any successful write (a sign-up, a lesson, a prayer, a ticket...) may change a figure.
  appBase.addHook('onResponse', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) {
      stats.forget();
    }
  });

  app.get(
    '/api/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Members, newest first, 25 a page: search by name or e-mail, filter',
        querystring: adminUsersQuerySchema,
        response: { 200: adminUserPageSchema },
      },
    },
    async (request) => listMembers(db, request.query, ADMIN_PAGE_SIZE),
  );

  app.get(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "A member's profile, premium state and source, progress and last activity",
        params: idParams,
        response: { 200: adminUserDetailSchema },
      },
    },
    async (request) => {
      const detail = await memberDetail(db, request.params.id, deps.graceDays);
      if (!detail) throw notFound();
      return detail;
    },
  );

  app.patch(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Grant or revoke premium, make or remove an admin, lock or unlock sign-in',
        params: idParams,
        body: adminUserUpdateSchema,
        response: { 200: adminUserSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const changes = request.body;
      const updated = await db.transaction(async (tx) => {
        // Serialise role and lock changes: two admins demoting each other at once cannot
        // leave the platform with none.
        await tx.execute(sql`select pg_advisory_xact_lock(15015)`);
        const before = await memberById(tx, id);
        if (!before) throw notFound();
        const demotes = changes.role === 'member' && before.role === 'admin';
        const locks = changes.locked === true && before.lockedAt === null;
        if (id === me.id && (demotes || locks)) {
          throw refuse('admin.errors.notYourself', 'SELF_CHANGE');
        }
        // An admin who still counts (not locked) may never leave the platform without one.
        const removesAnAdmin =
          before.role === 'admin' && before.lockedAt === null && (demotes || locks);
        if (removesAnAdmin && (await adminCount(tx)) <= 1) {
          throw refuse('admin.errors.lastAdmin', 'LAST_ADMIN');
        }
        const now = new Date();
        const [row] = await tx
          .update(user)
          .set({
            ...(changes.role !== undefined ? { role: changes.role } : {}),
            ...(changes.isPremium !== undefined ? { isPremium: changes.isPremium } : {}),
            ...(changes.locked !== undefined ? { lockedAt: changes.locked ? now : null } : {}),
            updatedAt: now,
          })
          .where(eq(user.id, id))
          .returning(memberColumns);
        if (!row) throw notFound();
        if (locks) await tx.delete(session).where(eq(session.userId, id));
        const target = { type: 'user' as const, id, label: before.email };
        const log = (action: string, detail: AuditDetail = {}) =>
          recordAudit(tx, me, action, target, detail);
        if (changes.isPremium !== undefined && changes.isPremium !== before.isPremium) {
          await log(changes.isPremium ? 'member.premium.grant' : 'member.premium.revoke');
        }
        if (changes.role !== undefined && changes.role !== before.role) {
          await log(changes.role === 'admin' ? 'member.admin.grant' : 'member.admin.revoke');
        }
        if (changes.locked !== undefined && changes.locked !== (before.lockedAt !== null)) {
          await log(changes.locked ? 'member.lock' : 'member.unlock');
        }
        return row;
      });
      sessionCache.forgetUser(id);
      request.log.info({ event: 'admin.user-updated', target: id }, 'admin changed a user');
      return toAdminUser(updated);
    },
  );

  app.post(
    '/api/admin/users/:id/password-reset',
    {
      schema: {
        tags: ['admin'],
        summary: 'E-mail the member a password-reset link (in their language)',
        params: idParams,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const [target] = await db
        .select({ email: user.email })
        .from(user)
        .where(eq(user.id, request.params.id));
      if (!target) throw notFound();
      // The same path as "forgot password": better-auth makes the token and our mailer sends it,
      // in the member's saved language (src/server/auth/auth.ts).
      await deps.auth.api.requestPasswordReset({
        body: { email: target.email, redirectTo: '/reset-password' },
      });
      await recordAudit(db, me, 'member.password-reset', {
        type: 'user',
        id: request.params.id,
        label: target.email,
      });
      return { ok: true as const };
    },
  );

  app.post(
    '/api/admin/users/:id/second-step/remove',
    {
      schema: {
        tags: ['admin'],
        summary:
          "Turn off a member's second step (authenticator app and passkeys) after checks the admin records; signs them out everywhere and e-mails them",
        params: idParams,
        body: adminRemoveSecondStepSchema,
        response: { 200: z.object({ ok: z.literal(true), emailed: z.boolean() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const target = await confirmedTarget(id, request.body.confirmEmail);
      // An admin turns off their own second step in their settings, with their own sign-in.
      if (id === me.id) throw refuse('admin.errors.notYourself', 'SELF_CHANGE');
      const removed = await db.transaction(async (tx) => {
        const apps = await tx
          .delete(twoFactor)
          .where(eq(twoFactor.userId, id))
          .returning({ id: twoFactor.id });
        const keys = await tx
          .delete(passkey)
          .where(eq(passkey.userId, id))
          .returning({ id: passkey.id });
        if (apps.length === 0 && keys.length === 0) {
          throw refuse('admin.errors.noSecondStep', 'NO_SECOND_STEP');
        }
        await tx
          .update(user)
          .set({ twoFactorEnabled: false, updatedAt: new Date() })
          .where(eq(user.id, id));
        // Whoever holds a lost device is signed out with it.
        await tx.delete(session).where(eq(session.userId, id));
        await recordAudit(
          tx,
          me,
          'member.second-step-remove',
          { type: 'user', id, label: target.email },
          {
            checks: request.body.checks,
            authenticatorApp: apps.length > 0,
            passkeys: keys.length,
          },
        );
        return { apps: apps.length, keys: keys.length };
      });
      sessionCache.forgetUser(id);
      request.log.info(
        { event: 'admin.second-step-removed', target: id, ...removed },
        "admin turned off a member's second step",
      );
      // The member is told, in their saved language: if they did not ask, they can act at once.
      const [saved] = await db
        .select({ preferences: user.preferences })
        .from(user)
        .where(eq(user.id, id));
      const lang = saved?.preferences.language ?? 'en';
      let emailed = true;
      try {
        await deps.mailer.send({
          to: target.email,
          subject: translate(lang, 'admin.secondStepMail.subject'),
          text: translate(lang, 'admin.secondStepMail.body', {
            name: target.firstName,
            url: `${deps.appUrl}/account-settings#two-factor`,
            support: `${deps.appUrl}/support`,
          }),
        });
      } catch (err) {
        emailed = false;
        request.log.error({ err, event: 'admin.second-step-mail-failed' }, 'member not told');
      }
      return { ok: true as const, emailed };
    },
  );

  app.delete(
    '/api/admin/users/:id',
    {
      schema: {
        tags: ['admin'],
        summary: "Delete a member's account and data (the admin types their e-mail to confirm)",
        params: idParams,
        body: adminDeleteUserSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { id } = request.params;
      const target = await confirmedTarget(id, request.body.confirmEmail);
      if (id === me.id) throw refuse('admin.errors.notYourself', 'SELF_CHANGE');
      if (target.role === 'admin' && target.lockedAt === null && (await adminCount(db)) <= 1) {
        throw refuse('admin.errors.lastAdmin', 'LAST_ADMIN');
      }
      // The same deletion as the member's own "delete account": the subscription is cancelled
      // first (if that fails, the account stays), then every row about the person goes in one
      // transaction with the audit row, which names no one (the account is gone).
      try {
        await deps.beforeDeleteUser?.(id);
      } catch (err) {
        request.log.error({ err, event: 'billing.cancel-failed' }, 'subscription not cancelled');
        throw new HttpError(
          502,
          'auth.errors.SUBSCRIPTION_CANCEL_FAILED',
          {},
          'SUBSCRIPTION_CANCEL_FAILED',
        );
      }
      await deleteAccountData(db, target, {
        groupMail: { mailer: deps.mailer, appUrl: deps.appUrl, log: request.log },
        alsoInTransaction: (tx) =>
          recordAudit(tx, me, 'member.delete', { type: 'user', id: DELETED_ACCOUNT, label: '' }),
      });
      sessionCache.forgetUser(id);
      request.log.info({ event: 'admin.user-deleted', target: id }, 'admin deleted an account');
      return { ok: true as const };
    },
  );

  app.get(
    '/api/admin/stats',
    {
      schema: {
        tags: ['admin'],
        summary: 'Platform figures (kept until a write changes them, 30 s at most)',
        response: { 200: adminStatsSchema },
      },
    },
    async () => stats.get(),
  );

  app.get(
    '/api/admin/audit',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log of admin actions, newest first (read-only)',
        querystring: z.object({ page: z.coerce.number().int().min(1).max(100_000).default(1) }),
        response: { 200: auditPageSchema },
      },
    },
    async (request) => auditPage(db, request.query.page, ADMIN_PAGE_SIZE),
  );

  registerAdminTicketRoutes(appBase, deps);
}
