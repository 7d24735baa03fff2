import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Language } from '#shared/constants.ts';
import {
  RECENT_ACTIVITY_LIMIT,
  dashboardSchema,
  type ActivityKind,
  type Dashboard,
} from '#shared/schemas/dashboard.ts';
import type { Database } from '../db/client.ts';
import type { DashboardCache } from './cache.ts';
import { user } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { localDate } from '#shared/values/time.ts';
import { verseOfTheDay, type BibleCatalog } from '../bible/service.ts';
import { summarizeCourses, type CourseCatalog } from '../courses/service.ts';
import {
  labelActivities,
  streakFromDays,
  streakOf,
  streakWindowStart,
} from '../practice/activity.ts';
import { readingPlan } from '../reading/plans.ts';
import { toActivePlan, todaysReferences, type PlanRun } from '../reading/routes.ts';
import { KeptJson, sendKept } from '../routes/kept-json.ts';

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

interface RawRun {
  user_id: string;
  plan_id: string;
  duration: number;
  total_days: number;
  started_on: string;
  current_day: number;
  days_read: number;
  replan_day: number;
  replan_verse: number;
  last_read_on: string | null;
  completed_at: string | null;
  created_at: string;
  updated_at: string;
}

const toRun = (r: RawRun): PlanRun => ({
  userId: r.user_id,
  planId: r.plan_id,
  duration: r.duration,
  totalDays: r.total_days,
  startedOn: r.started_on,
  currentDay: r.current_day,
  daysRead: r.days_read,
  replanDay: r.replan_day,
  replanVerse: r.replan_verse,
  lastReadOn: r.last_read_on,
  completedAt: r.completed_at ? new Date(r.completed_at) : null,
  createdAt: new Date(r.created_at),
  updatedAt: new Date(r.updated_at),
});

/**
 * Everything the dashboard reads about a member, in one prepared statement: each section is a
 * correlated subquery on an index (the member's days since the streak window, the 8 latest
 * activities, two memory-verse counts, lesson progress, the reading plan run). One round trip
 * instead of six, and nothing in it grows with the member's history.
 */
function prepareDashboardQuery(db: Database) {
  const member = sql.placeholder('userId');
  return db
    .select({
      days: sql<
        [string, number][]
      >`(select coalesce(json_agg(json_build_array(day, count)), '[]'::json)
        from activity_day where activity_day.user_id = ${member}
        and activity_day.day >= ${sql.placeholder('since')}::date)`,
      recent: sql<
        {
          id: string;
          kind: ActivityKind;
          amount: number;
          subject: string;
          label: string;
          occurred_at: string;
        }[]
      >`(select coalesce(json_agg(a), '[]'::json) from (
          select id, kind, amount, subject, label, occurred_at from activity
          where activity.user_id = ${member} order by occurred_at desc limit ${RECENT_ACTIVITY_LIMIT}) a)`,
      memory: sql<[number, number]>`(select json_build_array(count(*),
          count(*) filter (where due_at <= ${sql.placeholder('now')}::timestamptz))
        from memory_verse where memory_verse.user_id = ${member})`,
      progress: sql<
        [string, string | null][]
      >`(select coalesce(json_agg(json_build_array(lesson_id, completed_at)), '[]'::json)
        from lesson_progress where lesson_progress.user_id = ${member})`,
      run: sql<RawRun | null>`(select row_to_json(r) from reading_plan_run r where r.user_id = ${member})`,
      nextDue: sql<
        string | null
      >`(select min(due_at) from memory_verse where memory_verse.user_id = ${member}
          and due_at > ${sql.placeholder('now')}::timestamptz)`,
    })
    .from(user)
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare('dashboard');
}

type DashboardRow = Awaited<
  ReturnType<ReturnType<typeof prepareDashboardQuery>['execute']>
>[number];
/** A member's rows, and the answers already built from them (JSON, by language and entitlement). */
export type DashboardRowCache = DashboardCache<{
  row: DashboardRow;
  bodies: Map<string, KeptJson>;
}>;

export function registerDashboardRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; bible: BibleCatalog; courses: CourseCatalog; cache: DashboardRowCache },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, bible, courses, cache } = deps;
  const query = prepareDashboardQuery(db);

  /** The member's rows for `since`, from the cache when nothing changed since the last read. */
  async function rowsOf(userId: string, since: string, now: Date) {
    const hit = cache.get(userId, since, now.getTime());
    if (hit) return hit;
    const ticket = cache.ticket();
    const [row] = await query.execute({ userId, since, now: now.toISOString() });
    if (!row) return undefined;
    const entry = { row, bodies: new Map<string, KeptJson>() };
    // Stale once a memory verse falls due: the due count would change.
    const staleAt = row.nextDue ? Date.parse(row.nextDue) : Infinity;
    cache.set(userId, since, entry, ticket, now.getTime(), staleAt);
    return entry;
  }
  const lessonTitle = (id: string, lang: Language) =>
    courses.find(id)?.lesson.text[lang].title ?? null;

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
    async (request, reply) => {
      const me = currentUser(request);
      const lang = request.lang;
      const now = new Date();
      const today = localDate(now, me.preferences.timeZone);
      const since = streakWindowStart(today);
      // Everything below depends only on the rows, the day and these.
      const variant = `${lang}|${me.isPremium}|${me.role}|${me.preferences.bibleTranslation}`;
      const cached = cache.get(me.id, since, now.getTime())?.bodies.get(variant);
      if (cached) return sendKept(request, reply, cached);
      const [verse, entry] = await Promise.all([
        verseOfTheDay(db, bible, me, lang).catch((error: unknown) => {
          // The Bibles load in the background on a fresh install: the rest still shows.
          if (error instanceof HttpError && error.statusCode === 503) return null;
          throw error;
        }),
        rowsOf(me.id, since, now),
      ]);
      if (!entry) throw new HttpError(401, 'errors.unauthorized', {}, 'UNAUTHENTICATED');
      const { row } = entry;
      const streak =
        streakFromDays(
          row.days.map(([day, count]) => ({ day, count })),
          today,
          since,
        ) ?? (await streakOf(db, me.id, today));
      const progress = new Map(
        row.progress.map(([lessonId, completedAt]) => [
          lessonId,
          { response: '', completedAt: completedAt ? new Date(completedAt) : null },
        ]),
      );
      const summaries = summarizeCourses(courses, me, lang, progress);
      const run = row.run && readingPlan(row.run.plan_id) ? toRun(row.run) : null;
      const plan = run ? toActivePlan(run, today) : null;
      const next = summaries.find((c) => !c.locked && c.nextLessonId)?.nextLessonId ?? null;
      const [total, due] = row.memory;
      const body = dashboardSchema.parse({
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
        memoryVerseCount: { total: Number(total), due: Number(due) },
        recentActivity: labelActivities(
          row.recent.map((a) => ({ ...a, occurredAt: new Date(a.occurred_at) })),
          lang,
          lessonTitle,
        ),
        quickActions: quickActions({
          readingPending: !!plan && plan.status !== 'finished' && !plan.readToday,
          hasPlan: !!plan && plan.status !== 'finished',
          due: Number(due),
          nextLessonId: next,
        }),
      });
      const json = new KeptJson(JSON.stringify(body));
      // Not while the Bibles are still loading: the verse would stay missing.
      if (verse) entry.bodies.set(variant, json);
      return sendKept(request, reply, json);
    },
  );
}
