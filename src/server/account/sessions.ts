import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessionsSchema, describeUserAgent } from '#shared/schemas/sessions.ts';
import { confirmPasswordSchema } from '#shared/schemas/user.ts';
import type { Auth } from '../auth/auth.ts';
import { idleCutoff } from '../auth/idle.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { session } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { passwordCheck } from './reauth.ts';
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

  const passwordConfirmed = passwordCheck({ db, auth, rateLimitStore, authRateLimit });

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
