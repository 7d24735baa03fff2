import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import {
  GOAL_PRESETS,
  GOAL_PRIORITIES,
  MAX_GOALS,
  goalInputSchema,
  goalListSchema,
  goalProgressSchema,
  goalSchema,
  goalUpdateSchema,
} from '#shared/schemas/goals.ts';
import type { Database } from '../db/client.ts';
import { goal } from '../db/schema.ts';
import { HttpError, notFound } from '../errors.ts';
import { currentUser, hasPremium } from '../security/access.ts';
import { localDate, periodOf } from '#shared/values/time.ts';
import { advance, current, toGoal, type GoalRow } from '../practice/goals.ts';

const PRIORITY_ORDER = Object.fromEntries(GOAL_PRIORITIES.map((p, i) => [p, i]));

export function registerGoalRoutes(appBase: FastifyInstance, deps: { db: Database }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const idParams = z.object({ id: z.string().min(1).max(100) });
  const today = (request: FastifyRequest) =>
    localDate(new Date(), currentUser(request).preferences.timeZone);
  const mine = (request: FastifyRequest, id: string) =>
    and(eq(goal.id, id), eq(goal.userId, currentUser(request).id));

  async function own(request: FastifyRequest, id: string): Promise<GoalRow> {
    const [row] = await db.select().from(goal).where(mine(request, id));
    if (!row) throw notFound();
    return row;
  }

  app.get(
    '/api/goals',
    {
      schema: {
        tags: ['goals'],
        summary:
          'My goals (at most 50) with progress in the current period of my time zone: in progress first, then by priority',
        response: { 200: goalListSchema },
      },
    },
    async (request) => {
      const day = today(request);
      const rows = await db
        .select()
        .from(goal)
        .where(eq(goal.userId, currentUser(request).id))
        .limit(MAX_GOALS);
      const items = rows.map((r) => toGoal(r, day));
      items.sort(
        (a, b) =>
          Number(a.status === 'completed') - Number(b.status === 'completed') ||
          PRIORITY_ORDER[a.priority]! - PRIORITY_ORDER[b.priority]! ||
          b.createdAt.localeCompare(a.createdAt),
      );
      return { items, today: day };
    },
  );

  app.post(
    '/api/goals',
    {
      schema: {
        tags: ['goals'],
        summary: 'Create a goal from a preset (the recommended one needs premium) or a custom goal',
        body: goalInputSchema,
        response: { 201: goalSchema },
      },
    },
    async (request, reply) => {
      const me = currentUser(request);
      const body = request.body;
      const preset = body.preset ? GOAL_PRESETS[body.preset] : null;
      if (preset?.premium && !hasPremium(me)) {
        throw new HttpError(403, 'goals.errors.premium', {}, 'PREMIUM_REQUIRED');
      }
      const [{ n } = { n: 0 }] = await db
        .select({ n: count() })
        .from(goal)
        .where(eq(goal.userId, me.id));
      if (Number(n) >= MAX_GOALS) {
        throw new HttpError(409, 'goals.errors.tooMany', { max: MAX_GOALS }, 'TOO_MANY_GOALS');
      }
      const target = preset?.target ?? body.target!;
      const unit = preset?.unit ?? body.unit!;
      const period = preset?.period ?? body.period!;
      const [row] = await db
        .insert(goal)
        .values({
          id: randomUUID(),
          userId: me.id,
          title: body.title,
          description: body.description,
          preset: body.preset ?? null,
          target,
          unit,
          period,
          priority: body.priority,
          periodStart: periodOf(period, today(request)).start,
        })
        .returning();
      return reply.status(201).send(toGoal(row!, today(request)));
    },
  );

  app.patch(
    '/api/goals/:id',
    {
      schema: {
        tags: ['goals'],
        summary: 'Edit a goal; a new target or period re-evaluates the current period',
        params: idParams,
        body: goalUpdateSchema,
        response: { 200: goalSchema },
      },
    },
    async (request) => {
      const day = today(request);
      const now = new Date();
      const existing = current(await own(request, request.params.id), day);
      const next = { ...existing, ...request.body };
      if (request.body.period && request.body.period !== existing.period) {
        next.periodStart = periodOf(request.body.period, day).start;
      }
      next.completedAt = next.progress >= next.target ? (existing.completedAt ?? now) : null;
      const [row] = await db
        .update(goal)
        .set({
          title: next.title,
          description: next.description,
          target: next.target,
          unit: next.unit,
          period: next.period,
          priority: next.priority,
          progress: next.progress,
          periodStart: next.periodStart,
          periodsCompleted: next.periodsCompleted,
          completedAt: next.completedAt,
          updatedAt: now,
        })
        .where(mine(request, request.params.id))
        .returning();
      return toGoal(row!, day);
    },
  );

  app.delete(
    '/api/goals/:id',
    { schema: { tags: ['goals'], summary: 'Delete a goal', params: idParams } },
    async (request, reply) => {
      await own(request, request.params.id);
      await db.delete(goal).where(mine(request, request.params.id));
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/goals/:id/progress',
    {
      schema: {
        tags: ['goals'],
        summary: 'Mark progress; reaching the target completes the goal for this period',
        params: idParams,
        body: goalProgressSchema,
        response: { 200: goalSchema },
      },
    },
    async (request) => {
      const day = today(request);
      const now = new Date();
      const row = await db.transaction(async (tx) => {
        const [locked] = await tx
          .select()
          .from(goal)
          .where(mine(request, request.params.id))
          .for('update');
        if (!locked) throw notFound();
        const [updated] = await tx
          .update(goal)
          .set(advance(locked, request.body.amount, day, now))
          .where(eq(goal.id, locked.id))
          .returning();
        return updated!;
      });
      return toGoal(row, day);
    },
  );
}
