import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SIGNED_OUT_COOKIE } from '#shared/constants.ts';
import {
  currentUserSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
  verifyAgeSchema,
} from '#shared/schemas/user.ts';
import type { Auth } from '../auth/auth.ts';
import { SESSION_COOKIE, toCurrentUser, type SessionCache } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { deleteAccountData } from './deletion.ts';
import { currentUser } from '../security/access.ts';

export function registerUserRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; auth: Auth; sessionCache: SessionCache },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, auth, sessionCache } = deps;

  app.get(
    '/api/auth/user',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user (401 when signed out)',
        response: { 200: currentUserSchema },
      },
    },
    async (request) => toCurrentUser(currentUser(request)),
  );

  // The browser's session check: signed out is an expected answer, not an error, so it is a 200
  // with null rather than a 401 (which a browser logs as a console error on every visitor page).
  app.get(
    '/api/session',
    {
      schema: {
        tags: ['account'],
        summary: 'The signed-in user, or null when signed out (the session check of every page)',
        response: { 200: currentUserSchema.nullable() },
      },
    },
    async (request) => {
      const me = await appBase.resolveSession(request.cookies);
      return me ? toCurrentUser(me) : null;
    },
  );

  app.post(
    '/api/user/verify-age',
    {
      schema: {
        tags: ['account'],
        summary: 'Age gate: true verifies; false locks the account for good and removes its data',
        body: verifyAgeSchema,
        response: {
          200: z.object({ ageVerified: z.boolean(), restricted: z.boolean() }),
        },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      if (request.body.ageVerified) {
        await db
          .update(user)
          .set({ ageVerified: true, ageVerifiedAt: new Date(), updatedAt: new Date() })
          .where(eq(user.id, me.id));
        sessionCache.forgetUser(me.id);
        return { ageVerified: true, restricted: false };
      }
      // Under 13: keep only a hash of the e-mail so the address cannot sign up again,
      // then delete the user (sessions, credentials and every owned row cascade).
      await deleteAccountData(db, me, { blockEmail: true });
      sessionCache.forgetUser(me.id);
      request.log.info({ event: 'account.under-age-removed' }, 'under-13 account removed');
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { ageVerified: false, restricted: true };
    },
  );

  app.get(
    '/api/logout',
    { schema: { tags: ['account'], summary: 'Ends the session and redirects to /' } },
    async (request, reply) => {
      try {
        const response = await auth.api.signOut({
          headers: new Headers({ cookie: request.headers.cookie ?? '' }),
          asResponse: true,
        });
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      } catch {
        // No session: nothing to end.
      }
      sessionCache.clear();
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      tellThePageSignedOut(request, reply);
      return reply.redirect('/', 302);
    },
  );

  app.patch(
    '/api/user/profile',
    {
      schema: {
        tags: ['account'],
        summary: 'Update first and last name',
        body: profileUpdateSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { firstName, lastName } = request.body;
      await db
        .update(user)
        .set({ firstName, lastName, name: `${firstName} ${lastName}`, updatedAt: new Date() })
        .where(eq(user.id, me.id));
      sessionCache.forgetUser(me.id);
      return toCurrentUser({ ...me, firstName, lastName });
    },
  );

  app.patch(
    '/api/user/preferences',
    {
      schema: {
        tags: ['account'],
        summary: 'Update some preferences (language, translation, toggles, time zone)',
        body: preferencesUpdateSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const changes = request.body;
      await db
        .update(user)
        .set({
          preferences: sql`${user.preferences} || ${JSON.stringify(changes)}::jsonb`,
          updatedAt: new Date(),
        })
        .where(eq(user.id, me.id));
      sessionCache.forgetUser(me.id);
      return toCurrentUser({ ...me, preferences: { ...me.preferences, ...changes } });
    },
  );
}

/**
 * The page the sign-out redirects to deletes the text typed and not saved in this browser
 * (src/client/lib/unsaved.ts, docs/decisions/0034): the app's own sign-out does so before it
 * leaves, but this route is also reached without it (a typed address, the link opened without the
 * app, an account deleted). A short-lived marker the page reads, then removes; it says nothing
 * about anyone.
 */
export function tellThePageSignedOut(request: FastifyRequest, reply: FastifyReply) {
  reply.setCookie(SIGNED_OUT_COOKIE, '1', {
    path: '/',
    maxAge: 300,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
}
