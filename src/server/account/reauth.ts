import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../auth/auth.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { account } from '../db/schema.ts';
import { translate } from '../i18n/translate.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';

/**
 * The password typed again before a change to how the account is reached (signing out a
 * device, adding or removing a passkey; ASVS 7.5.2, 6.4.4, docs/decisions/0041): a session
 * someone else holds cannot make such a change. Tries are counted per member in the auth limit
 * store, with the sign-in budget.
 */
export function passwordCheck(deps: {
  db: Database;
  auth: Auth;
  rateLimitStore: RateLimitStore;
  authRateLimit: { max: number; windowSeconds: number };
}) {
  const { db, auth, rateLimitStore, authRateLimit } = deps;
  /** Whether the member typed their own password (answers the refusal itself when not). */
  return async function passwordConfirmed(
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
  };
}
