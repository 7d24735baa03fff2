import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dashboardSchema, type Dashboard } from '#shared/schemas/dashboard.ts';
import type { Database } from '../db/client.ts';
import { memoryVerse } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { localDate, verseOfTheDay, type BibleCatalog } from '../bible/service.ts';
import { courseSummaries, type CourseCatalog } from '../courses/service.ts';
import { recentActivity, streakOf } from '../practice/activity.ts';
import { planRunOf, toActivePlan, todaysReferences } from '../reading/routes.ts';

/**
 * What to suggest first: the things with something waiting today come before the rest
 * (today's reading not done, verses due, a lesson to continue), then the everyday practices.
 */
export function quickActions(state: {
  readingPending: boolean;
  hasPlan: boolean;
  due: number;
  nextLessonId: string | null;
}): Dashboard['quickActions'] {
  const waiting: Dashboard['quickActions'] = [];
  const rest: Dashboard['quickActions'] = [];
  (state.readingPending ? waiting : rest).push(
    state.hasPlan
      ? { id: 'daily-reading', href: '/daily-reading', count: null }
      : { id: 'choose-plan', href: '/reading-plans', count: null },
  );
  (state.due > 0 ? waiting : rest).push({
    id: 'review-verses',
    href: '/memory-verses',
    count: state.due > 0 ? state.due : null,
  });
  (state.nextLessonId ? waiting : rest).push({
    id: 'continue-lesson',
    href: state.nextLessonId ? `/lesson/${state.nextLessonId}` : '/courses',
    count: null,
  });
  rest.push(
    { id: 'pray', href: '/prayer', count: null },
    { id: 'journal', href: '/journal', count: null },
    { id: 'study', href: '/bible-study', count: null },
  );
  return [...waiting, ...rest];
}

export function registerDashboardRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog; courses: CourseCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible, courses } = deps;

  app.get(
    '/api/dashboard',
    {
      schema: {
        tags: ['dashboard'],
        summary:
          "Every dashboard section in one call: today's verse and reading, streak with heat map, courses, memory verses, recent activity, quick actions",
        response: { 200: dashboardSchema },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const lang = request.lang;
      const now = new Date();
      const today = localDate(now, me.preferences.timeZone);
      // Each section is one bounded, indexed query; none grows with the member's history.
      const [verse, run, streak, summaries, memory, recent] = await Promise.all([
        verseOfTheDay(db, bible, me, lang).catch((error: unknown) => {
          // The Bibles load in the background on a fresh install: the rest still shows.
          if (error instanceof HttpError && error.statusCode === 503) return null;
          throw error;
        }),
        planRunOf(db, me.id),
        streakOf(db, me.id, today),
        courseSummaries(db, courses, me, lang),
        db
          .select({
            total: count(),
            due: sql<number>`count(*) filter (where ${memoryVerse.dueAt} <= ${now.toISOString()}::timestamptz)`,
          })
          .from(memoryVerse)
          .where(eq(memoryVerse.userId, me.id)),
        recentActivity(db, me.id, lang, (id, l) => {
          const found = courses.find(id);
          return found ? found.lesson.text[l].title : null;
        }),
      ]);
      const plan = run ? toActivePlan(run, today) : null;
      const next = summaries.find((c) => !c.locked && c.nextLessonId)?.nextLessonId ?? null;
      const due = Number(memory[0]?.due ?? 0);
      return {
        verseOfTheDay: verse,
        todaysReading:
          run && plan
            ? { planId: plan.planId, plan, references: todaysReferences(run, lang) }
            : null,
        streak,
        courseProgress: summaries.map((c) => ({
          id: c.id,
          title: c.title,
          completed: c.completedCount,
          total: c.lessonCount,
          nextLessonId: c.nextLessonId,
          locked: c.locked,
        })),
        memoryVerseCount: { total: Number(memory[0]?.total ?? 0), due },
        recentActivity: recent,
        quickActions: quickActions({
          readingPending: !!plan && plan.status !== 'finished' && !plan.readToday,
          hasPlan: !!plan && plan.status !== 'finished',
          due,
          nextLessonId: next,
        }),
      };
    },
  );
}
