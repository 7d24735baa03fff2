import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessionsSchema, describeUserAgent } from '#shared/schemas/sessions.ts';
import { confirmPasswordSchema } from '#shared/schemas/user.ts';
import type { Auth } from '../auth/auth.ts';
import { idleCutoff } from '../auth/idle.ts';
import type { SessionCache, SessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { account, session } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { translate } from '../i18n/translate.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { currentUser } from '../security/access.ts';

const signedOutSchema = z.object({ signedOut: z.number().int() });

/**
 * The member's signed-in devices; signing out one of them, or every other one, after the
 * password is typed again (ASVS 7.5.2, docs/decisions/0041): a session someone else holds
 * (a borrowed phone left signed in) cannot end the owner's.
 */
export function registerSessionRoutes(
  appBase: FastifyInstance,
  deps: {
    db: Database;
    auth: Auth;
    sessionCache: SessionCache;
    rateLimitStore: RateLimitStore;
    /** The sign-in budget: password tries here count like sign-in's. */
    authRateLimit: { max: number; windowSeconds: number };
    idleSeconds: number;
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, auth, sessionCache, rateLimitStore, authRateLimit, idleSeconds } = deps;

  /**
   * Whether the member typed their own password (answers the refusal itself when not). Tries
   * are counted per member in the auth limit store, with the sign-in budget.
   */
  async function passwordConfirmed(
    request: FastifyRequest,
    reply: FastifyReply,
    me: SessionUser,
    password: string,
  ): Promise<boolean> {
    const budget = await rateLimitStore.consume(`reauth:${me.id}`, {
      window: authRateLimit.windowSeconds,
      max: authRateLimit.max,
    });
    if (!budget.allowed) {
      await reply
        .status(429)
        .header('retry-after', String(budget.retryAfter ?? authRateLimit.windowSeconds))
        .send({
          code: 'TOO_MANY_REQUESTS',
          message: translate(request.lang, 'auth.errors.TOO_MANY_REQUESTS'),
        });
      return false;
    }
    const [credential] = await db
      .select({ hash: account.password })
      .from(account)
      .where(and(eq(account.userId, me.id), eq(account.providerId, 'credential')));
    const context = await auth.$context;
    const ok = credential?.hash
      ? await context.password.verify({ hash: credential.hash, password })
      : false;
    if (!ok) {
      request.log.info({ event: 'account.reauth-failed' }, 'password not confirmed');
      const message = translate(request.lang, 'auth.errors.INVALID_PASSWORD');
      await reply.status(400).send({
        code: 'INVALID_PASSWORD',
        message,
        errors: [{ path: 'password', message }],
      });
    }
    return ok;
  }

  app.get(
    '/api/user/sessions',
    {
      schema: {
        tags: ['account'],
        summary: 'Signed-in devices of the member (this one first)',
        response: { 200: activeSessionsSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select()
        .from(session)
        .where(
          and(
            eq(session.userId, me.id),
            gt(session.expiresAt, sql`now()`),
            gt(session.updatedAt, idleCutoff(idleSeconds)),
          ),
        )
        .orderBy(desc(session.createdAt));
      const sessions = rows.map((row) => ({
        id: row.id,
        current: row.id === me.sessionId,
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        lastActiveAt: row.updatedAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions };
    },
  );

  app.post(
    '/api/user/sessions/:id/sign-out',
    {
      schema: {
        tags: ['account'],
        summary: 'Ends one other session of the member (the password confirms it)',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: confirmPasswordSchema,
        response: { 200: signedOutSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { id } = request.params;
      if (id === me.sessionId) {
        // This device signs out with "Sign out" (it also clears what it keeps offline).
        throw new HttpError(400, 'sessions.errors.thisDevice', {}, 'THIS_DEVICE');
      }
      const [target] = await db
        .select({ id: session.id })
        .from(session)
        .where(and(eq(session.id, id), eq(session.userId, me.id)));
      // Another member's session, or one already ended: the same answer.
      if (!target) throw notFound();
      if (!(await passwordConfirmed(request, reply, me, request.body.password))) return reply;
      const ended = await db
        .delete(session)
        .where(and(eq(session.id, id), eq(session.userId, me.id)))
        .returning({ id: session.id });
      sessionCache.forgetUser(me.id);
      request.log.info({ event: 'account.session-ended', count: ended.length }, 'session ended');
      return { signedOut: ended.length };
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Ends every session of the member but this one (the password confirms it)',
        body: confirmPasswordSchema,
        response: { 200: signedOutSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (!(await passwordConfirmed(request, reply, me, request.body.password))) return reply;
      const ended = await db
        .delete(session)
        .where(and(eq(session.userId, me.id), ne(session.id, me.sessionId)))
        .returning({ id: session.id });
      sessionCache.forgetUser(me.id);
      request.log.info(
        { event: 'account.sessions-ended', count: ended.length },
        'other sessions ended',
      );
      return { signedOut: ended.length };
    },
  );
}
