import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  currentUserSchema,
  preferencesUpdateSchema,
  profileUpdateSchema,
  verifyAgeSchema,
} from '#shared/schemas/user.ts';
import { toCurrentUser, type SessionCache } from '../auth/session.ts';
import { clearSessionCookies } from '../auth/cookies.ts';
import type { Database } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { deleteAccountData } from './deletion.ts';
import { refreshReminderSchedule } from '../notifications/reminder-schedule.ts';
import { currentUser } from '../security/access.ts';

export function registerUserRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; sessionCache: SessionCache },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, sessionCache } = deps;

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
        await db.transaction(async (tx) => {
          await tx
            .update(user)
            .set({ ageVerified: true, ageVerifiedAt: new Date(), updatedAt: new Date() })
            .where(eq(user.id, me.id));
          await refreshReminderSchedule(tx, me.id);
        });
        sessionCache.forgetUser(me.id);
        return { ageVerified: true, restricted: false };
      }
      // Under 13: keep only a hash of the e-mail so the address cannot sign up again,
      // then delete the user (sessions, credentials and every owned row cascade).
      await deleteAccountData(db, me, { blockEmail: true });
      sessionCache.forgetUser(me.id);
      request.log.info({ event: 'account.under-age-removed' }, 'under-13 account removed');
      clearSessionCookies(reply, request.cookies);
      return { ageVerified: false, restricted: true };
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
      await db.transaction(async (tx) => {
        await tx
          .update(user)
          .set({
            preferences: sql`${user.preferences} || ${JSON.stringify(changes)}::jsonb`,
            updatedAt: new Date(),
          })
          .where(eq(user.id, me.id));
        // The zone, the reminder switches and progress tracking decide when reminders are due.
        await refreshReminderSchedule(tx, me.id);
      });
      sessionCache.forgetUser(me.id);
      return toCurrentUser({ ...me, preferences: { ...me.preferences, ...changes } });
    },
  );
}
