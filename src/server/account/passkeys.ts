import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { and, asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PASSKEYS_MAX,
  addPasskeySchema,
  passkeyListSchema,
  passkeyOptionsRequestSchema,
  passkeySchema,
} from '#shared/schemas/passkeys.ts';
import { confirmPasswordSchema } from '#shared/schemas/user.ts';
import type { Auth } from '../auth/auth.ts';
import {
  CHALLENGE_SECONDS,
  keepChallenge,
  takeChallenge,
  type RelyingParty,
} from '../auth/passkeys.ts';
import type { SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { passkey } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { securityEvent } from '../security/events.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { passwordCheck } from './reauth.ts';

const toPasskey = (row: typeof passkey.$inferSelect) => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  synced: row.deviceType === 'multiDevice',
});

/**
 * Settings → Security, passkeys (docs/decisions/0044): the member's list, adding one (the
 * password, then the browser's registration ceremony) and removing one (the password again).
 * Signing in with one is the second step's business (src/server/auth/passkeys.ts).
 */
export function registerPasskeyRoutes(
  appBase: FastifyInstance,
  deps: {
    db: Database;
    auth: Auth;
    rp: RelyingParty;
    sessionCache: SessionCache;
    rateLimitStore: RateLimitStore;
    authRateLimit: { max: number; windowSeconds: number };
  },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, rp, sessionCache } = deps;
  const passwordConfirmed = passwordCheck(deps);

  const listOf = (userId: string) =>
    db.select().from(passkey).where(eq(passkey.userId, userId)).orderBy(asc(passkey.createdAt));

  app.get(
    '/api/user/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: "The member's passkeys (oldest first)",
        response: { 200: passkeyListSchema },
      },
    },
    async (request) => ({ passkeys: (await listOf(currentUser(request).id)).map(toPasskey) }),
  );

  app.post(
    '/api/user/passkeys/options',
    {
      schema: {
        tags: ['account'],
        summary: 'Starts adding a passkey (the password confirms it): the registration options',
        body: passkeyOptionsRequestSchema,
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const existing = await listOf(me.id);
      if (existing.length >= PASSKEYS_MAX) {
        throw new HttpError(
          400,
          'settings.passkeys.errors.tooMany',
          { count: PASSKEYS_MAX },
          'TOO_MANY',
        );
      }
      if (!(await passwordConfirmed(request, reply, me, request.body.password))) {
        securityEvent(request, 'auth.passkey.add', {
          outcome: 'failure',
          userId: me.id,
          status: reply.statusCode,
          code: reply.statusCode === 429 ? 'TOO_MANY_REQUESTS' : 'INVALID_PASSWORD',
        });
        return reply;
      }
      const options = await generateRegistrationOptions({
        rpName: rp.rpName,
        rpID: rp.rpID,
        userName: me.email,
        userDisplayName: `${me.firstName} ${me.lastName}`.trim() || me.email,
        // The user handle a passkey keeps: the account's id, nothing that names the person.
        userID: new TextEncoder().encode(me.id),
        attestationType: 'none',
        excludeCredentials: existing.map((k) => ({ id: k.credentialId, transports: k.transports })),
        authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
        timeout: CHALLENGE_SECONDS * 1000,
      });
      await keepChallenge(db, 'passkey-add', options.challenge, me.id);
      return options as unknown as Record<string, unknown>;
    },
  );

  app.post(
    '/api/user/passkeys',
    {
      schema: {
        tags: ['account'],
        summary: "Adds a passkey: the browser's answer to the options, and its name",
        body: addPasskeySchema,
        response: { 201: passkeySchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const refuse = (reason: string) => {
        securityEvent(request, 'auth.passkey.add', {
          outcome: 'failure',
          userId: me.id,
          status: 400,
          code: 'PASSKEY_NOT_ADDED',
          reason,
        });
        return new HttpError(400, 'settings.passkeys.errors.notAdded', {}, 'PASSKEY_NOT_ADDED');
      };
      let info;
      try {
        const result = await verifyRegistrationResponse({
          response: request.body.response as RegistrationResponseJSON,
          expectedChallenge: (challenge) => takeChallenge(db, 'passkey-add', challenge, me.id),
          expectedOrigin: rp.origin,
          expectedRPID: rp.rpID,
          requireUserVerification: false,
        });
        if (!result.verified) throw refuse('not-verified');
        info = result.registrationInfo;
      } catch (error) {
        if (error instanceof HttpError) throw error;
        throw refuse(error instanceof Error ? error.name : 'invalid');
      }
      const [{ n }] = (await db
        .select({ n: count() })
        .from(passkey)
        .where(eq(passkey.userId, me.id))) as [{ n: number }];
      if (n >= PASSKEYS_MAX) {
        throw new HttpError(
          400,
          'settings.passkeys.errors.tooMany',
          { count: PASSKEYS_MAX },
          'TOO_MANY',
        );
      }
      const [row] = await db
        .insert(passkey)
        .values({
          id: crypto.randomUUID(),
          userId: me.id,
          name: request.body.name,
          credentialId: info.credential.id,
          publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
          counter: info.credential.counter,
          transports: info.credential.transports ?? [],
          deviceType: info.credentialDeviceType,
          backedUp: info.credentialBackedUp,
        })
        .onConflictDoNothing()
        .returning();
      // The same authenticator twice (the options exclude it; an old browser may not).
      if (!row) throw refuse('already-registered');
      sessionCache.forgetUser(me.id);
      securityEvent(request, 'auth.passkey.add', {
        outcome: 'success',
        userId: me.id,
        passkeyId: row.id,
        synced: row.deviceType === 'multiDevice',
      });
      return reply.status(201).send(toPasskey(row));
    },
  );

  app.post(
    '/api/user/passkeys/:id/remove',
    {
      schema: {
        tags: ['account'],
        summary: 'Removes one of the member’s passkeys (the password confirms it)',
        params: z.object({ id: z.string().min(1).max(100) }),
        body: confirmPasswordSchema,
        response: { 200: z.object({ removed: z.literal(true) }) },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { id } = request.params;
      const keys = await listOf(me.id);
      // Another member's passkey, or one already removed: the same answer.
      if (!keys.some((k) => k.id === id)) throw notFound();
      // An admin keeps a second factor: the admin routes require one (ADR 0031).
      if (me.role === 'admin' && !me.twoFactorEnabled && keys.length === 1) {
        securityEvent(request, 'auth.passkey.remove', {
          outcome: 'refused',
          userId: me.id,
          status: 403,
          code: 'TWO_FACTOR_REQUIRED',
        });
        throw new HttpError(403, 'settings.passkeys.errors.adminLast', {}, 'TWO_FACTOR_REQUIRED');
      }
      if (!(await passwordConfirmed(request, reply, me, request.body.password))) {
        securityEvent(request, 'auth.passkey.remove', {
          outcome: 'failure',
          userId: me.id,
          status: reply.statusCode,
          code: reply.statusCode === 429 ? 'TOO_MANY_REQUESTS' : 'INVALID_PASSWORD',
        });
        return reply;
      }
      await db.delete(passkey).where(and(eq(passkey.id, id), eq(passkey.userId, me.id)));
      sessionCache.forgetUser(me.id);
      securityEvent(request, 'auth.passkey.remove', {
        outcome: 'success',
        userId: me.id,
        passkeyId: id,
      });
      return { removed: true as const };
    },
  );
}
