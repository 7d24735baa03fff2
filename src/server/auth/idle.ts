import { and, eq, lte, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client.ts';
import { session } from '../db/schema.ts';
import { cookieNameVariants } from './cookies.ts';

/**
 * Sessions end after a time without use (docs/decisions/0041), besides their absolute lifetime:
 * `session.updated_at` is the last time the session was used, written at most once an hour
 * (a write per request would cost more than the lookup it follows). The idle limit is counted
 * in days, so the hour is noise.
 */
export const ACTIVITY_WRITE_EVERY_MS = 60 * 60 * 1000;

/** `now() - <seconds>` in SQL (a whole number of seconds, from configuration, inlined). */
const secondsAgo = (seconds: number): SQL =>
  sql`now() - ${sql.raw(`interval '${Math.floor(seconds)} seconds'`)}`;

/** A session last used before this has ended. */
export const idleCutoff = (idleSeconds: number): SQL => secondsAgo(idleSeconds);

/**
 * How long the session memo (ADR 0008) may keep a lookup at most: until the session's end of
 * life or its idle end, whichever comes first (`usedAt`: its last recorded use, ms).
 */
export const memoDeadline = (expiresAt: Date, usedAt: number, idleSeconds: number): Date =>
  new Date(Math.min(expiresAt.getTime(), usedAt + idleSeconds * 1000));

/** Records that the session is in use (only when the last record is an hour old or more). */
export async function recordActivity(db: Database, sessionId: string): Promise<void> {
  await db
    .update(session)
    .set({ updatedAt: sql`now()` })
    .where(
      and(
        eq(session.id, sessionId),
        lte(session.updatedAt, secondsAgo(ACTIVITY_WRITE_EVERY_MS / 1000)),
      ),
    );
}

/**
 * Removes the row of a session that has ended (idle too long, or past its lifetime), so that
 * better-auth's own endpoints, which read the row without our idle rule, find nothing either.
 */
export async function endStaleSession(
  db: Database,
  token: string,
  idleSeconds: number,
): Promise<void> {
  await db
    .delete(session)
    .where(
      and(
        eq(session.token, token),
        or(lte(session.expiresAt, sql`now()`), lte(session.updatedAt, idleCutoff(idleSeconds))),
      ),
    );
}

/**
 * better-auth's endpoints (`/api/auth/*`, public in the route registry) look sessions up
 * themselves: a request there that carries a session cookie goes through our lookup first,
 * which ends an idle session before better-auth could accept it.
 */
export function registerIdleCheckForAuthRoutes(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/auth/')) return;
    if (!cookieNameVariants('session_token').some((name) => request.cookies[name])) return;
    request.user ??= await app.resolveSession(request.cookies);
  });
}
