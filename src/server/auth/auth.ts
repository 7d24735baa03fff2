import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError } from 'better-auth/api';
import { twoFactor } from 'better-auth/plugins/two-factor';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config.ts';
import type { Database } from '../db/client.ts';
import * as schema from '../db/schema.ts';
import type { AfterAnswer, Mailer } from '../mail/mailer.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { languageFromHeader, translate } from '../i18n/translate.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/constants.ts';
import { emailHash } from './age-block.ts';
import { hashedRecoveryCodes } from './recovery-codes.ts';
import { deleteAccountData } from '../account/deletion.ts';
import { STANDARD_SCRYPT, TEST_SCRYPT, passwordHashing } from './password-hash.ts';
import { authCookieOptions } from './cookies.ts';
import { emailVerificationOptions } from './email-verification.ts';
import { passkeyPlugins, relyingParty } from './passkeys.ts';

/** The header our Fastify proxy sets from `request.ip` (any client value is replaced). */
export const CLIENT_IP_HEADER = 'x-app-client-ip';

export interface AuthDeps {
  db: Database;
  config: AppConfig;
  secret: string;
  mailer: Mailer;
  /** Sends what must not hold the answer up (the reset e-mail; mail/mailer.ts). */
  afterAnswer: AfterAnswer;
  rateLimitStore: RateLimitStore;
  log: FastifyBaseLogger;
  /** Runs before an account is deleted (cancels its subscription at Stripe); may refuse. */
  beforeDeleteUser?: (userId: string) => Promise<void>;
  /** A member confirmed their address (their cached sessions are out of date). */
  onEmailVerified?: (userId: string) => void;
}

export function createAuth({
  db,
  config,
  secret,
  mailer,
  afterAnswer,
  rateLimitStore,
  log,
  beforeDeleteUser,
  onEmailVerified,
}: AuthDeps) {
  const { windowSeconds: window, max } = config.authRateLimit;
  // Passkeys as a second step (./passkeys.ts): one plugin before two-factor's, one after.
  const passkeys = passkeyPlugins({ db, rp: relyingParty(config.appUrl) });
  return betterAuth({
    appName: 'Discipleship',
    baseURL: config.appUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [config.appUrl],
    telemetry: { enabled: false },
    // better-auth's own messages go to our structured log (never with request bodies).
    logger: {
      level: 'warn',
      log: (level, message) => {
        const method = level === 'error' ? 'error' : level === 'warn' ? 'warn' : 'info';
        log[method]({ event: 'better-auth' }, message);
      },
    },
    database: drizzleAdapter(db, { provider: 'pg', schema }),
    emailAndPassword: {
      enabled: true,
      autoSignIn: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // scrypt at OWASP's minimum, older hashes upgraded at sign-in (ADR 0043).
      password: passwordHashing({
        db,
        log,
        params: config.passwordHashing === 'test-fast' ? TEST_SCRYPT : STANDARD_SCRYPT,
      }),
      // Sent after the answer (ADR 0026): waiting for the mail server here made a registered
      // address answer ~350 ms later than an unknown one with a slow server.
      async sendResetPassword({ user, url }, request) {
        const asked = request?.headers.get('accept-language') ?? undefined;
        afterAnswer.run('password reset e-mail', async () => {
          // The member's saved language (what every message to them follows, issue 22); one
          // never saved: the language of the page that asked (an admin's request has none).
          const [row] = await db
            .select({ preferences: schema.user.preferences })
            .from(schema.user)
            .where(eq(schema.user.id, user.id));
          const lang = row?.preferences.language ?? languageFromHeader(asked);
          await mailer.send({
            to: user.email,
            subject: translate(lang, 'auth.resetMail.subject'),
            text: translate(lang, 'auth.resetMail.body', { name: user.name, url }),
          });
        });
      },
    },
    // Addresses are confirmed by a link; first use does not wait for it (ADR 0040).
    emailVerification: emailVerificationOptions({
      db,
      config,
      mailer,
      log,
      onVerified: onEmailVerified,
    }),
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        ageVerified: { type: 'boolean', required: false, input: false, defaultValue: false },
        role: { type: 'string', required: false, input: false, defaultValue: 'member' },
        isPremium: { type: 'boolean', required: false, input: false, defaultValue: false },
      },
      deleteUser: {
        enabled: true,
        // A subscription is cancelled at Stripe first; if that fails, the account stays. Then our
        // deletion removes every row about the person in one transaction (mail, tokens, owned
        // rows); better-auth's own delete that follows finds nothing left.
        async beforeDelete(deleted) {
          if (beforeDeleteUser) {
            try {
              await beforeDeleteUser(deleted.id);
            } catch (err) {
              log.error({ err, event: 'billing.cancel-failed' }, 'subscription not cancelled');
              throw new APIError('BAD_GATEWAY', {
                code: 'SUBSCRIPTION_CANCEL_FAILED',
                message: 'The subscription could not be cancelled.',
              });
            }
          }
          await deleteAccountData(db, deleted, {
            groupMail: { mailer, appUrl: config.appUrl, log },
          });
        },
      },
    },
    session: {
      // Absolute lifetime: a session is never extended, it ends `expiresIn` after sign-in.
      expiresIn: config.sessionMaxAgeSeconds,
      disableSessionRefresh: true,
      freshAge: 0,
    },
    plugins: [
      passkeys.gate,
      twoFactor({
        // The name an authenticator app shows next to the account.
        issuer: 'Camino',
        // A trusted browser skips the code for 30 days (revoked when two-step sign-in is
        // turned off); recovery codes are stored hashed (./recovery-codes.ts, ASVS 6.5.2).
        trustDeviceMaxAge: 30 * 24 * 60 * 60,
        backupCodeOptions: {
          amount: 10,
          length: 10,
          storeBackupCodes: hashedRecoveryCodes(secret),
        },
        // The pending sign-in (password checked, code not yet) lasts 10 minutes.
        twoFactorCookieMaxAge: 10 * 60,
      }),
      passkeys.plugin,
    ],
    rateLimit: {
      enabled: true,
      window,
      max: max * 10,
      customRules: {
        '/sign-in/email': { window, max },
        '/sign-up/email': { window, max },
        '/request-password-reset': { window, max },
        '/reset-password': { window, max },
        '/change-password': { window, max },
        '/delete-user': { window, max },
        // Codes of two-step sign-in: the same budget as passwords (plus the plugin's own
        // five tries per pending sign-in and a 15-minute pause after ten failures in a row).
        '/two-factor/*': { window, max },
      },
      customStorage: { consume: (key, rule) => rateLimitStore.consume(`auth:${key}`, rule) },
    },
    // An unexpected error (the database went away, a rate-limit store failed) propagates to
    // Fastify's error handler, which answers 503 for a lost database like every other route,
    // instead of better-auth's own bare 500. Its API errors (wrong password...) still answer.
    onAPIError: { throw: true },
    advanced: {
      // `__Host-` cookies over HTTPS (ADR 0042).
      ...authCookieOptions(config.appUrl),
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
    },
    databaseHooks: {
      session: {
        create: {
          // A member an admin has locked cannot sign in (issue 15): no session is ever made.
          async before(session) {
            const [row] = await db
              .select({ lockedAt: schema.user.lockedAt })
              .from(schema.user)
              .where(eq(schema.user.id, session.userId));
            if (row?.lockedAt) {
              throw new APIError('FORBIDDEN', {
                code: 'ACCOUNT_LOCKED',
                message: 'This account is locked.',
              });
            }
          },
        },
      },
      user: {
        create: {
          async before(user) {
            const blocked = await db
              .select({ h: schema.ageBlock.emailHash })
              .from(schema.ageBlock)
              .where(eq(schema.ageBlock.emailHash, emailHash(user.email)));
            if (blocked.length > 0) {
              throw new APIError('FORBIDDEN', {
                code: 'AGE_RESTRICTED',
                message: 'This e-mail address cannot be used.',
              });
            }
            // Never admin at sign-up: ADMIN_EMAILS applies once the address is confirmed.
            return { data: { ...user, role: 'member' } };
          },
        },
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
