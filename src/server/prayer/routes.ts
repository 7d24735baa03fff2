import { and, asc, count, desc, eq, sum } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PRAYER_PAGE_SIZE,
  PRAYER_STATUSES,
  prayerAnswerSchema,
  prayerInputSchema,
  prayerPageSchema,
  prayerSchema,
  prayerSessionInputSchema,
  prayerSessionSchema,
  prayerUpdateSchema,
  type Prayer,
} from '#shared/schemas/prayer.ts';
import type { Database } from '../db/client.ts';
import { prayerRequest, prayerSession } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { localDate } from '#shared/values/time.ts';
import { recordActivity } from '../practice/activity.ts';
import { createOnce } from '../db/create-once.ts';

type Row = typeof prayerRequest.$inferSelect;

const toPrayer = (r: Row): Prayer => ({
  id: r.id,
  title: r.title,
  category: r.category as Prayer['category'],
  description: r.description,
  urgent: r.urgent,
  status: r.status,
  createdAt: r.createdAt.toISOString(),
  updatedAt: r.updatedAt.toISOString(),
  answeredAt: r.answeredAt?.toISOString() ?? null,
  answerNote: r.answerNote,
});

export function registerPrayerRoutes(appBase: FastifyInstance, deps: { db: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const idParams = z.object({ id: z.string().min(1).max(100) });
  const mine = (request: FastifyRequest, id: string) =>
    and(eq(prayerRequest.id, id), eq(prayerRequest.userId, currentUser(request).id));

  async function own(request: FastifyRequest, id: string): Promise<Row> {
    const [row] = await db.select().from(prayerRequest).where(mine(request, id));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/prayers',
    {
      schema: {
        tags: ['prayer'],
        summary:
          'My prayer requests, 20 a page: active (urgent first, newest first) or answered (latest answer first)',
        querystring: z.object({
          status: z.enum(PRAYER_STATUSES).default('active'),
          page: z.coerce.number().int().min(1).max(1000).default(1),
        }),
        response: { 200: prayerPageSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const { status, page } = request.query;
      const where = and(eq(prayerRequest.userId, me.id), eq(prayerRequest.status, status));
      const order =
        status === 'active'
          ? [desc(prayerRequest.urgent), desc(prayerRequest.createdAt), asc(prayerRequest.id)]
          : [desc(prayerRequest.answeredAt), asc(prayerRequest.id)];
      const [rows, totals] = await Promise.all([
        db
          .select()
          .from(prayerRequest)
          .where(where)
          .orderBy(...order)
          .limit(PRAYER_PAGE_SIZE)
          .offset((page - 1) * PRAYER_PAGE_SIZE),
        db
          .select({ status: prayerRequest.status, n: count() })
          .from(prayerRequest)
          .where(eq(prayerRequest.userId, me.id))
          .groupBy(prayerRequest.status),
      ]);
      const counts = { active: 0, answered: 0 };
      for (const t of totals) counts[t.status] = Number(t.n);
      return {
        items: rows.map(toPrayer),
        total: counts[status],
        page,
        pageSize: PRAYER_PAGE_SIZE,
        counts,
      };
    },
  );

  app.post(
    '/api/prayers',
    {
      schema: {
        tags: ['prayer'],
        summary: 'Add a prayer request',
        body: prayerInputSchema,
        response: { 200: prayerSchema, 201: prayerSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const { id: chosenId, ...body } = request.body;
      // Sent again with the id the browser chose (its answer lost): the request already added.
      const { row, created } = await createOnce(chosenId, {
        find: async (id) =>
          (await db.select().from(prayerRequest).where(eq(prayerRequest.id, id)))[0],
        owns: (r) => r.userId === me.id,
        insert: async (id) =>
          (
            await db
              .insert(prayerRequest)
              .values({ id, userId: me.id, ...body })
              .onConflictDoNothing({ target: prayerRequest.id })
              .returning()
          )[0] ?? null,
      });
      return reply.status(created ? 201 : 200).send(toPrayer(row));
    },
  );

  app.patch(
    '/api/prayers/:id',
    {
      schema: {
        tags: ['prayer'],
        summary: 'Edit a prayer request',
        params: idParams,
        body: prayerUpdateSchema,
        response: { 200: prayerSchema },
      },
    },
    async (request) => {
      await own(request, request.params.id);
      const [row] = await db
        .update(prayerRequest)
        .set({ ...request.body, updatedAt: new Date() })
        .where(mine(request, request.params.id))
        .returning();
      return toPrayer(row!);
    },
  );

  app.delete(
    '/api/prayers/:id',
    { schema: { tags: ['prayer'], summary: 'Delete a prayer request', params: idParams } },
    async (request, reply) => {
      await own(request, request.params.id);
      await db.delete(prayerRequest).where(mine(request, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/prayers/:id/answer',
    {
      schema: {
        tags: ['prayer'],
        summary: 'Mark a prayer request answered (with an optional note of how)',
        params: idParams,
        body: prayerAnswerSchema,
        response: { 200: prayerSchema },
      },
    },
    async (request) => {
      const existing = await own(request, request.params.id);
      if (existing.status === 'answered') {
        throw new HttpError(409, 'prayer.errors.alreadyAnswered', {}, 'ALREADY_ANSWERED');
      }
      const now = new Date();
      const [row] = await db
        .update(prayerRequest)
        .set({ status: 'answered', answeredAt: now, answerNote: request.body.note, updatedAt: now })
        .where(mine(request, request.params.id))
        .returning();
      return toPrayer(row!);
    },
  );

  app.post(
    '/api/prayer-sessions',
    {
      schema: {
        tags: ['prayer'],
        summary:
          'Record a finished prayer-timer session; it counts for the streak and for prayer goals',
        body: prayerSessionInputSchema,
        response: { 200: prayerSessionSchema, 201: prayerSessionSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const now = new Date();
      let badgesAwarded: Awaited<ReturnType<typeof recordActivity>> = [];
      // Sent again with the id the browser chose (its answer lost): the minutes count once.
      const { row, created } = await createOnce(request.body.id, {
        find: async (id) =>
          (await db.select().from(prayerSession).where(eq(prayerSession.id, id)))[0],
        owns: (r) => r.userId === me.id,
        insert: (id) =>
          db.transaction(async (tx) => {
            const [inserted] = await tx
              .insert(prayerSession)
              .values({
                id,
                userId: me.id,
                minutes: request.body.minutes,
                day: localDate(now, me.preferences.timeZone),
                createdAt: now,
              })
              .onConflictDoNothing({ target: prayerSession.id })
              .returning();
            if (!inserted) return null;
            badgesAwarded = await recordActivity(
              tx,
              me,
              { kind: 'prayer', amount: inserted.minutes, subject: inserted.id },
              now,
            );
            return inserted;
          }),
      });
      const [today] = await db
        .select({ minutes: sum(prayerSession.minutes) })
        .from(prayerSession)
        .where(and(eq(prayerSession.userId, me.id), eq(prayerSession.day, row.day)));
      return reply.status(created ? 201 : 200).send({
        id: row.id,
        minutes: row.minutes,
        createdAt: row.createdAt.toISOString(),
        minutesToday: Number(today?.minutes ?? row.minutes),
        badgesAwarded,
      });
    },
  );
}
