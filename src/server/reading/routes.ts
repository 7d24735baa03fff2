import { and, eq, isNull } from 'drizzle-orm';
import { defaultTranslation } from '#shared/bible/translation.ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import {
  READING_PLAN_IDS,
  activePlanSchema,
  completeReadingRequestSchema,
  completeReadingSchema,
  dailyReadingSchema,
  planDaysAheadSchema,
  planStanding,
  PLAN_DAYS_AHEAD,
  readingPlansSchema,
  startPlanSchema,
  type ActivePlan,
} from '#shared/schemas/reading.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Database } from '../db/client.ts';
import { readingPlanRun } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { readPassage, type BibleCatalog } from '../bible/service.ts';
import { recordActivity } from '../practice/activity.ts';
import { daysBetween, localDate } from '#shared/values/time.ts';
import {
  READING_PLANS,
  dayBounds,
  dayPassages,
  readingPlan,
  suggestedDuration,
  type ReadingPlan,
} from './plans.ts';

export type PlanRun = typeof readingPlanRun.$inferSelect;

/** The member's run as the API shows it, relative to `today` (a local date). */
export function toActivePlan(run: PlanRun, today: string): ActivePlan {
  const plan = readingPlan(run.planId)!;
  const finished = run.completedAt !== null;
  const { expectedDay, daysBehind, status } = planStanding(
    { ...run, finished },
    daysBetween(run.startedOn, today),
  );
  const [readUpTo] = dayBounds(plan, run, run.currentDay);
  return {
    planId: plan.id,
    duration: run.duration,
    totalDays: run.totalDays,
    startedOn: run.startedOn,
    currentDay: run.currentDay,
    expectedDay,
    daysBehind,
    status,
    completedDays: run.daysRead,
    percent: finished ? 100 : Math.floor((readUpTo / plan.totalVerses) * 100),
    readToday: run.lastReadOn === today,
    completedAt: run.completedAt?.toISOString() ?? null,
  };
}

/** Today's references (no text) for the dashboard. */
export function todaysReferences(run: PlanRun, lang: Language): string[] {
  if (run.completedAt) return [];
  return dayPassages(readingPlan(run.planId)!, run, run.currentDay, lang).map((p) => p.reference);
}

export async function planRunOf(db: Database, userId: string): Promise<PlanRun | null> {
  const [run] = await db.select().from(readingPlanRun).where(eq(readingPlanRun.userId, userId));
  return run && readingPlan(run.planId) ? run : null;
}

export function registerReadingRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible } = deps;
  const today = (me: SessionUser) => localDate(new Date(), me.preferences.timeZone);

  const describe = (plan: ReadingPlan, preferred: number) => ({
    id: plan.id,
    difficulty: plan.def.difficulty,
    durations: [...plan.def.durations],
    suggestedDuration: suggestedDuration(plan, preferred),
    chapters: plan.chapters.length,
    books: plan.books,
  });

  async function requireRun(request: FastifyRequest): Promise<PlanRun> {
    const run = await planRunOf(db, currentUser(request).id);
    if (!run) throw new HttpError(404, 'readingPlans.errors.noPlan', {}, 'NO_PLAN');
    return run;
  }

  app.get(
    '/api/reading-plans',
    {
      schema: {
        tags: ['reading'],
        summary: 'The reading plans, with my active plan if I have one',
        response: { 200: readingPlansSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const preferred = Number(me.preferences.readingPlanDuration);
      const run = await planRunOf(db, me.id);
      return {
        items: [...READING_PLANS.values()].map((p) => describe(p, preferred)),
        active: run ? toActivePlan(run, today(me)) : null,
      };
    },
  );

  app.post(
    '/api/reading-plans/:id/start',
    {
      schema: {
        tags: ['reading'],
        summary:
          'Start a plan today (replacing the current one); the duration defaults to my preference',
        params: z.object({ id: z.enum(READING_PLAN_IDS) }),
        body: startPlanSchema,
        response: { 200: activePlanSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const plan = readingPlan(request.params.id)!;
      const duration =
        request.body.duration ??
        suggestedDuration(plan, Number(me.preferences.readingPlanDuration));
      if (!plan.def.durations.includes(duration)) {
        throw new HttpError(400, 'readingPlans.errors.duration', {}, 'DURATION_NOT_OFFERED');
      }
      const now = new Date();
      const values = {
        planId: plan.id,
        duration,
        totalDays: duration,
        startedOn: today(me),
        currentDay: 1,
        daysRead: 0,
        replanDay: 1,
        replanVerse: 0,
        lastReadOn: null,
        completedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      const [run] = await db
        .insert(readingPlanRun)
        .values({ userId: me.id, ...values })
        .onConflictDoUpdate({ target: readingPlanRun.userId, set: values })
        .returning();
      return toActivePlan(run!, today(me));
    },
  );

  app.post(
    '/api/reading-plans/catch-up',
    {
      schema: {
        tags: ['reading'],
        summary:
          'When behind: spread the rest of the plan over the days left (or, past the end date, at the usual pace from today)',
        response: { 200: activePlanSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const run = await requireRun(request);
      const day = today(me);
      const active = toActivePlan(run, day);
      if (active.status !== 'behind') {
        throw new HttpError(409, 'readingPlans.errors.notBehind', {}, 'NOT_BEHIND');
      }
      const plan = readingPlan(run.planId)!;
      const [from] = dayBounds(plan, run, run.currentDay);
      const e = active.expectedDay;
      let totalDays = run.totalDays;
      if (e > run.totalDays) {
        const pace = plan.totalVerses / run.duration;
        totalDays = e - 1 + Math.max(1, Math.ceil((plan.totalVerses - from) / pace));
      }
      const [updated] = await db
        .update(readingPlanRun)
        .set({ currentDay: e, replanDay: e, replanVerse: from, totalDays, updatedAt: new Date() })
        .where(and(eq(readingPlanRun.userId, me.id), eq(readingPlanRun.currentDay, run.currentDay)))
        .returning();
      return toActivePlan(updated ?? run, day);
    },
  );

  app.delete(
    '/api/reading-plans/active',
    { schema: { tags: ['reading'], summary: 'Stop my reading plan' } },
    async (request, reply) => {
      await requireRun(request);
      await db.delete(readingPlanRun).where(eq(readingPlanRun.userId, currentUser(request).id));
      return reply.status(204).send();
    },
  );

  app.get(
    '/api/daily-reading',
    {
      schema: {
        tags: ['reading'],
        summary: "Today's passages of my plan (its current day) with their text",
        response: { 200: dailyReadingSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const run = await planRunOf(db, me.id);
      const none = { passages: [], translation: null, requestedTranslation: null, fallback: false };
      if (!run) return { plan: null, day: null, ...none };
      const plan = toActivePlan(run, today(me));
      if (run.completedAt) return { plan, day: null, ...none };
      const { code, requested, fallback } = bible.resolve(
        defaultTranslation(me.preferences.bibleTranslation, lang, me.preferences.spanishBible),
        lang,
      );
      const passages = await Promise.all(
        dayPassages(readingPlan(run.planId)!, run, run.currentDay, lang).map(async (p) => ({
          reference: p.reference,
          osis: p.osis,
          verses: await readPassage(db, bible, code, p.ranges, lang),
        })),
      );
      return {
        plan,
        day: run.currentDay,
        passages,
        translation: code,
        requestedTranslation: requested,
        fallback,
      };
    },
  );

  app.get(
    '/api/daily-reading/ahead',
    {
      schema: {
        tags: ['reading'],
        summary: `The next ${PLAN_DAYS_AHEAD} days of my plan from its current day, without text (kept on the phone to read them offline)`,
        response: { 200: planDaysAheadSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const run = await planRunOf(db, me.id);
      if (!run || run.completedAt) return { planId: null, totalDays: 0, days: [] };
      const plan = readingPlan(run.planId)!;
      const last = Math.min(run.totalDays, run.currentDay + PLAN_DAYS_AHEAD - 1);
      const days = [];
      for (let day = run.currentDay; day <= last; day++) {
        const [readUpTo] = dayBounds(plan, run, day);
        days.push({
          day,
          percent: Math.floor((readUpTo / plan.totalVerses) * 100),
          passages: dayPassages(plan, run, day, 'en').map((p) => p.osis),
        });
      }
      return { planId: plan.id, totalDays: run.totalDays, days };
    },
  );

  app.post(
    '/api/daily-reading/complete',
    {
      schema: {
        tags: ['reading'],
        summary:
          "Mark my plan's current day read; its chapters count for the streak and reading goals. With `day`, a day already marked counts nothing more (safe to resend)",
        body: completeReadingRequestSchema,
        response: { 200: completeReadingSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const run = await requireRun(request);
      const marking = request.body?.day;
      // The day was marked already (a queued offline write replayed, or sent twice).
      if (marking !== undefined && marking < run.currentDay) {
        return {
          plan: toActivePlan(run, localDate(new Date(), me.preferences.timeZone)),
          chapters: 0,
          badgesAwarded: [],
        };
      }
      if (marking !== undefined && marking > run.currentDay) {
        throw new HttpError(409, 'readingPlans.errors.notToday', {}, 'NOT_CURRENT_DAY');
      }
      if (run.completedAt) {
        throw new HttpError(409, 'readingPlans.errors.finished', {}, 'PLAN_FINISHED');
      }
      const plan = readingPlan(run.planId)!;
      const [start, end] = dayBounds(plan, run, run.currentDay);
      const now = new Date();
      const day = localDate(now, me.preferences.timeZone);
      const last = run.currentDay >= run.totalDays;
      const chapters = plan.chaptersIn(start, end);
      const passages = dayPassages(plan, run, run.currentDay, 'en');
      const marked = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(readingPlanRun)
          .set({
            currentDay: run.currentDay + 1,
            daysRead: run.daysRead + 1,
            lastReadOn: day,
            completedAt: last ? now : null,
            updatedAt: now,
          })
          .where(
            and(
              eq(readingPlanRun.userId, me.id),
              eq(readingPlanRun.currentDay, run.currentDay),
              isNull(readingPlanRun.completedAt),
            ),
          )
          .returning();
        if (!updated) return null;
        const badgesAwarded = await recordActivity(
          tx,
          me,
          { kind: 'reading', amount: chapters, subject: passages.map((p) => p.osis).join(',') },
          now,
        );
        return { updated, badgesAwarded };
      });
      // A second click racing the first: the day was already marked, nothing more to count.
      if (!marked) {
        return {
          plan: toActivePlan(await requireRun(request), day),
          chapters: 0,
          badgesAwarded: [],
        };
      }
      return {
        plan: toActivePlan(marked.updated, day),
        chapters,
        badgesAwarded: marked.badgesAwarded,
      };
    },
  );
}
