import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { emailVerificationStatusSchema } from '#shared/schemas/user.ts';
import { verificationMailer, verificationToken } from '../auth/email-verification.ts';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { currentUser } from '../security/access.ts';

/**
 * How often a member may ask for the confirmation link again (ADR 0040): once a minute, five
 * times a day. Sign-up sends the first one.
 */
export const RESEND_LIMITS = [
  { key: 'verify-mail-minute', window: 60, max: 1 },
  { key: 'verify-mail-day', window: 24 * 60 * 60, max: 5 },
] as const;

/**
 * The member's own confirmation link, sent again at their request. Our route rather than
 * better-auth's `send-verification-email` (which stays closed, ADR 0027): it takes no address
 * (always the member's own, so it cannot mail anyone else), needs a session, and counts per
 * member. The link is the one sign-up sends (better-auth's token, checked by its verify-email).
 */
export function registerEmailVerificationRoutes(
  appBase: FastifyInstance,
  deps: {
    db: Database;
    config: AppConfig;
    secret: string;
    mailer: Mailer;
    rateLimitStore: RateLimitStore;
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { secret, mailer, rateLimitStore } = deps;
  const send = verificationMailer(deps);

  app.get(
    '/api/user/email-verification',
    {
      schema: {
        tags: ['account'],
        summary: 'Whether the address is confirmed, and whether a link can be sent (a mail server)',
        response: { 200: emailVerificationStatusSchema },
      },
    },
    async (request) => ({
      verified: currentUser(request).emailVerified,
      canSend: mailer.delivers,
    }),
  );

  app.post(
    '/api/user/email-verification',
    {
      schema: {
        tags: ['account'],
        summary: 'Sends the member a new link to confirm their e-mail address',
        response: { 200: emailVerificationStatusSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (me.emailVerified) {
        throw new HttpError(409, 'verify.errors.alreadyConfirmed', {}, 'ALREADY_VERIFIED');
      }
      for (const { key, window, max } of RESEND_LIMITS) {
        const budget = await rateLimitStore.consume(`${key}:${me.id}`, { window, max });
        if (!budget.allowed) {
          const retryAfter = budget.retryAfter ?? window;
          reply.header('retry-after', String(retryAfter));
          throw new HttpError(
            429,
            window > 60 ? 'verify.errors.tooManyToday' : 'verify.errors.tooSoon',
            { seconds: retryAfter },
            'TOO_MANY_REQUESTS',
          );
        }
      }
      try {
        const name = `${me.firstName} ${me.lastName}`.trim();
        await send({ ...me, name }, await verificationToken(secret, me), request.lang);
      } catch (err) {
        request.log.error({ err, event: 'mail.verification-failed' }, 'link not sent');
        throw new HttpError(502, 'verify.errors.notSent', {}, 'MAIL_FAILED');
      }
      request.log.info({ event: 'auth.verification-sent' }, 'confirmation link sent');
      return { verified: false, canSend: mailer.delivers };
    },
  );
}
