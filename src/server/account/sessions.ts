import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { activeSessionsSchema, describeUserAgent } from '#shared/schemas/sessions.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { session } from '../db/schema.ts';
import { currentUser } from '../security/access.ts';

/** The member's signed-in devices, and "sign out everywhere else" (account settings). */
export function registerSessionRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; sessionCache: SessionCache },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, sessionCache } = deps;

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
        .where(and(eq(session.userId, me.id), gt(session.expiresAt, sql`now()`)))
        .orderBy(desc(session.createdAt));
      const sessions = rows.map((row) => ({
        id: row.id,
        current: row.id === me.sessionId,
        ...describeUserAgent(row.userAgent),
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      }));
      sessions.sort((a, b) => Number(b.current) - Number(a.current));
      return { sessions };
    },
  );

  app.post(
    '/api/user/sessions/sign-out-others',
    {
      schema: {
        tags: ['account'],
        summary: 'Ends every session of the member but this one',
        response: { 200: z.object({ signedOut: z.number().int() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
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
