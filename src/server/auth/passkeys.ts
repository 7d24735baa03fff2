/**
 * Passkeys (WebAuthn) as a second step of signing in, next to the authenticator app
 * (docs/decisions/0044). @simplewebauthn/server checks the ceremonies; this module holds the
 * relying party (from APP_URL), the one-use challenges, and the better-auth side: a sign-in with
 * the password of a member who has a passkey becomes a pending two-step sign-in (the two-factor
 * plugin's own), which `/two-factor/verify-passkey` completes.
 */
import { createHmac, randomUUID } from 'node:crypto';
import {
  generateAuthenticationOptions,
  verifyAuthenticationResponse,
  type AuthenticationResponseJSON,
} from '@simplewebauthn/server';
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, createAuthMiddleware } from 'better-auth/api';
import { expireCookie, setSessionCookie } from 'better-auth/cookies';
import { parseUserOutput } from 'better-auth/db';
import { and, eq, gt, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import { authenticationResponseSchema } from '#shared/schemas/passkeys.ts';
import type { Database } from '../db/client.ts';
import { passkey, verification } from '../db/schema.ts';

/** Who the passkeys belong to: the site's host (APP_URL), and the exact origin a browser reports. */
export interface RelyingParty {
  rpID: string;
  rpName: string;
  origin: string;
}

export function relyingParty(appUrl: string): RelyingParty {
  const url = new URL(appUrl);
  return { rpID: url.hostname, rpName: 'Camino', origin: url.origin };
}

/** How long the browser has to answer a ceremony (its own prompt, a phone nearby). */
export const CHALLENGE_SECONDS = 5 * 60;

type Ceremony = 'passkey-add' | 'passkey-sign-in';

/**
 * Keeps a challenge for one ceremony of one member: a `verification` row (deleted with the
 * account, like every row whose value is the member's id), `CHALLENGE_SECONDS` long. A new
 * ceremony replaces the member's earlier one of the same kind.
 */
export async function keepChallenge(
  db: Database,
  ceremony: Ceremony,
  challenge: string,
  userId: string,
): Promise<void> {
  await db
    .delete(verification)
    .where(and(like(verification.identifier, `${ceremony}:%`), eq(verification.value, userId)));
  await db.insert(verification).values({
    id: randomUUID(),
    identifier: `${ceremony}:${challenge}`,
    value: userId,
    expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
  });
}

/**
 * Whether the challenge an answer signed is one we issued to this member for this ceremony and
 * still live; it is spent either way (one use), so an answer cannot be replayed.
 */
export async function takeChallenge(
  db: Database,
  ceremony: Ceremony,
  challenge: string,
  userId: string,
): Promise<boolean> {
  const taken = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, `${ceremony}:${challenge}`),
        eq(verification.value, userId),
        gt(verification.expiresAt, sql`now()`),
      ),
    )
    .returning({ id: verification.id });
  return taken.length > 0;
}

export const hasPasskey = async (db: Database, userId: string) =>
  (await db.select({ id: passkey.id }).from(passkey).where(eq(passkey.userId, userId)).limit(1))
    .length > 0;

/** The pending sign-in's attempts: the two-factor plugin's five per sign-in, shared with codes. */
const ALLOWED_ATTEMPTS = 5;

const PASSKEY_ERRORS = {
  INVALID_TWO_FACTOR_COOKIE: { code: 'INVALID_TWO_FACTOR_COOKIE', message: 'Sign in again.' },
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: {
    code: 'TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE',
    message: 'Too many attempts. Sign in again.',
  },
  NO_PASSKEY: { code: 'NO_PASSKEY', message: 'This account has no passkey.' },
  INVALID_PASSKEY: { code: 'INVALID_PASSKEY', message: 'The passkey was not accepted.' },
} as const;

const signInPath = (path: string | undefined) => path === '/sign-in/email';

/**
 * The better-auth side of passkeys, as two plugins around better-auth's `twoFactor` (their
 * after-hooks run in the plugins' order):
 * - `passkey-gate`, before it: a password sign-in of a member with a passkey is marked as
 *   needing a second step, so the two-factor plugin turns it into its pending sign-in (signed
 *   `two_factor` cookie, 10 minutes, five attempts, trusted devices) whether or not the member
 *   also has an authenticator app;
 * - `passkey`, after it: adds `passkey` first to the answer's `twoFactorMethods`, and holds the
 *   second step's endpoints, `/two-factor/passkey-options` and `/two-factor/verify-passkey`.
 */
export function passkeyPlugins({ db, rp }: { db: Database; rp: RelyingParty }) {
  const withPasskey = new WeakSet<object>();

  const gate = {
    id: 'passkey-gate',
    hooks: {
      after: [
        {
          matcher: (context) => signInPath(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            const data = ctx.context.newSession;
            if (!data || !(await hasPasskey(db, data.user.id))) return;
            withPasskey.add(ctx.context);
            if (!(data.user as { twoFactorEnabled?: boolean }).twoFactorEnabled) {
              ctx.context.setNewSession({
                ...data,
                user: { ...data.user, twoFactorEnabled: true },
              });
            }
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  /** The pending sign-in of this request (its cookie's identifier and member), or a 401. */
  async function pendingSignIn(ctx: PluginContext) {
    const cookie = ctx.context.createAuthCookie('two_factor');
    const identifier = await ctx.getSignedCookie(cookie.name, ctx.context.secret);
    const row = identifier
      ? await ctx.context.internalAdapter.findVerificationValue(identifier)
      : null;
    if (!identifier || !row) {
      throw APIError.from('UNAUTHORIZED', PASSKEY_ERRORS.INVALID_TWO_FACTOR_COOKIE);
    }
    return { identifier, userId: row.value, cookie, expiresAt: row.expiresAt };
  }

  const passkeyOptions = createAuthEndpoint(
    '/two-factor/passkey-options',
    { method: 'POST', body: z.object({}).optional() },
    async (ctx) => {
      const { userId } = await pendingSignIn(ctx);
      const keys = await db
        .select({ credentialId: passkey.credentialId, transports: passkey.transports })
        .from(passkey)
        .where(eq(passkey.userId, userId));
      if (keys.length === 0) throw APIError.from('BAD_REQUEST', PASSKEY_ERRORS.NO_PASSKEY);
      const options = await generateAuthenticationOptions({
        rpID: rp.rpID,
        allowCredentials: keys.map((k) => ({ id: k.credentialId, transports: k.transports })),
        userVerification: 'preferred',
        timeout: CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(db, 'passkey-sign-in', options.challenge, userId);
      return ctx.json(options);
    },
  );

  const verifyPasskey = createAuthEndpoint(
    '/two-factor/verify-passkey',
    {
      method: 'POST',
      body: z.object({
        response: authenticationResponseSchema,
        trustDevice: z.boolean().optional(),
      }),
    },
    async (ctx) => {
      const pending = await pendingSignIn(ctx);
      const { identifier, userId, cookie } = pending;
      const attempts = await ctx.context.internalAdapter.findVerificationValue(
        `2fa-attempts-${identifier}`,
      );
      const tries = Number(attempts?.value ?? 0);
      if (tries >= ALLOWED_ATTEMPTS) {
        await ctx.context.internalAdapter.consumeVerificationValue(identifier);
        expireCookie(ctx, cookie);
        throw APIError.from('BAD_REQUEST', PASSKEY_ERRORS.TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE);
      }
      const response = ctx.body.response as AuthenticationResponseJSON;
      const [key] = await db
        .select()
        .from(passkey)
        .where(and(eq(passkey.credentialId, response.id), eq(passkey.userId, userId)));
      let newCounter: number | null = null;
      if (key) {
        try {
          const result = await verifyAuthenticationResponse({
            response,
            expectedChallenge: (challenge) =>
              takeChallenge(db, 'passkey-sign-in', challenge, userId),
            expectedOrigin: rp.origin,
            expectedRPID: rp.rpID,
            credential: {
              id: key.credentialId,
              publicKey: Buffer.from(key.publicKey, 'base64url'),
              counter: key.counter,
              transports: key.transports,
            },
            // The passkey is the second factor after the password: presence is enough, as with
            // a security key without a PIN; most ask for the fingerprint or the PIN anyway.
            requireUserVerification: false,
          });
          if (result.verified) newCounter = result.authenticationInfo.newCounter;
        } catch {
          // A challenge not ours (or spent), another origin, a bad signature, a counter gone
          // back (a cloned key): all the same refusal.
        }
      }
      if (newCounter === null) {
        if (attempts) {
          await ctx.context.internalAdapter.consumeVerificationValue(`2fa-attempts-${identifier}`);
          await ctx.context.internalAdapter.createVerificationValue({
            identifier: `2fa-attempts-${identifier}`,
            value: String(tries + 1),
            expiresAt: attempts.expiresAt,
          });
        }
        throw APIError.from('UNAUTHORIZED', PASSKEY_ERRORS.INVALID_PASSKEY);
      }
      await db
        .update(passkey)
        .set({ counter: newCounter, lastUsedAt: new Date() })
        .where(eq(passkey.id, key!.id));

      // The pending sign-in is spent once, whichever request gets here first.
      const consumed = await ctx.context.internalAdapter.consumeVerificationValue(identifier);
      if (!consumed || consumed.value !== userId) {
        expireCookie(ctx, cookie);
        throw APIError.from('UNAUTHORIZED', PASSKEY_ERRORS.INVALID_TWO_FACTOR_COOKIE);
      }
      const user = await ctx.context.internalAdapter.findUserById(userId);
      if (!user) throw APIError.from('UNAUTHORIZED', PASSKEY_ERRORS.INVALID_TWO_FACTOR_COOKIE);
      const dontRememberMe = await ctx.getSignedCookie(
        ctx.context.authCookies.dontRememberToken.name,
        ctx.context.secret,
      );
      const session = await ctx.context.internalAdapter.createSession(userId, !!dontRememberMe);
      if (!session) {
        throw APIError.from('INTERNAL_SERVER_ERROR', {
          code: 'FAILED_TO_CREATE_SESSION',
          message: 'failed to create session',
        });
      }
      await setSessionCookie(ctx, { session, user });
      expireCookie(ctx, cookie);
      if (ctx.body.trustDevice) await trustThisDevice(ctx, userId);
      return ctx.json({ token: session.token, user: parseUserOutput(ctx.context.options, user) });
    },
  );

  const plugin = {
    id: 'passkey',
    endpoints: { passkeyOptions, verifyPasskey },
    hooks: {
      after: [
        {
          matcher: (context) => signInPath(context.path),
          handler: createAuthMiddleware(async (ctx) => {
            if (!withPasskey.has(ctx.context)) return;
            const returned = ctx.context.returned as
              { twoFactorRedirect?: boolean; twoFactorMethods?: string[] } | undefined;
            if (!returned || typeof returned !== 'object' || !returned.twoFactorRedirect) return;
            return ctx.json({
              twoFactorRedirect: true,
              twoFactorMethods: ['passkey', ...(returned.twoFactorMethods ?? [])],
            });
          }),
        },
      ],
    },
  } satisfies BetterAuthPlugin;

  return { gate, plugin };
}

type PluginContext = Parameters<Parameters<typeof createAuthMiddleware>[0]>[0];

/**
 * "Don't ask again on this device": the two-factor plugin's trusted-device cookie and row, made
 * as its own verify endpoints make them (HMAC of the member and a random identifier, signed), so
 * its sign-in hook honours it and turning two-step sign-in off revokes it.
 */
async function trustThisDevice(ctx: PluginContext, userId: string) {
  const maxAge =
    (ctx.context.getPlugin('two-factor')?.options as { trustDeviceMaxAge?: number } | undefined)
      ?.trustDeviceMaxAge ?? 30 * 24 * 60 * 60;
  const trustCookie = ctx.context.createAuthCookie('trust_device', { maxAge });
  const trustIdentifier = `trust-device-${randomUUID().replaceAll('-', '')}`;
  const token = createHmac('sha256', ctx.context.secret)
    .update(`${userId}!${trustIdentifier}`)
    .digest('base64url');
  await ctx.context.internalAdapter.createVerificationValue({
    value: userId,
    identifier: trustIdentifier,
    expiresAt: new Date(Date.now() + maxAge * 1000),
  });
  await ctx.setSignedCookie(
    trustCookie.name,
    `${token}!${trustIdentifier}`,
    ctx.context.secret,
    trustCookie.attributes,
  );
  expireCookie(ctx, ctx.context.authCookies.dontRememberToken);
}
