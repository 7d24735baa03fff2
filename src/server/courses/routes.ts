import { and, eq, isNull } from 'drizzle-orm';
import { defaultTranslation } from '#shared/bible/translation.ts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Language } from '#shared/constants.ts';
import { BADGES, LESSON_STATUSES, type Badge } from '#shared/schemas/course.ts';
import type { Database } from '../db/client.ts';
import { lessonProgress, userBadge } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { currentUser } from '../security/access.ts';
import { formatReference, parseReference } from '../bible/reference.ts';
import { readPassage, type BibleCatalog } from '../bible/service.ts';
import { recordActivity } from '../practice/activity.ts';
import {
  assertLessonOpen,
  awardBadges,
  canAccess,
  courseSummaries,
  progressOf,
  statuses,
  type CourseCatalog,
} from './service.ts';
import { markdownToHtml } from '../content/markdown.ts';

const statusSchema = z.enum(LESSON_STATUSES);
const scriptureSchema = z.object({
  reference: z.string(),
  text: z.string().nullable(),
  translation: z.string().nullable(),
});
const idParams = z.object({ id: z.string().min(1).max(20) });

export function registerCourseRoutes(
  appBase: FastifyInstance,
  deps: { db: Database; catalog: CourseCatalog; bible: BibleCatalog },
) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, catalog, bible } = deps;

  /** A scripture reference in the reader's language with its text from their translation. */
  async function scripture(reference: string, lang: Language, wanted: string) {
    const parsed = parseReference(reference, 'en');
    if (!parsed) return { reference, text: null, translation: null };
    const shown = formatReference(parsed.ranges, lang);
    try {
      const { code } = bible.resolve(wanted, lang);
      const verses = await readPassage(db, bible, code, parsed.ranges, lang);
      return { reference: shown, text: verses.map((v) => v.text).join(' '), translation: code };
    } catch {
      return { reference: shown, text: null, translation: null }; // Bibles still loading
    }
  }

  app.get(
    '/api/courses',
    {
      schema: {
        tags: ['courses'],
        summary: 'The three courses with my progress; premium ones are locked for non-subscribers',
        response: {
          200: z.array(
            z.object({
              id: z.string(),
              title: z.string(),
              subtitle: z.string(),
              description: z.string(),
              premium: z.boolean(),
              locked: z.boolean(),
              lessonCount: z.number(),
              completedCount: z.number(),
              nextLessonId: z.string().nullable(),
            }),
          ),
        },
      },
    },
    async (request) => {
      return courseSummaries(db, catalog, currentUser(request), request.lang);
    },
  );

  app.get(
    '/api/courses/:id',
    {
      schema: {
        tags: ['courses'],
        summary: 'A course with its lessons and their states (a preview when premium is needed)',
        params: idParams,
        response: {
          200: z.object({
            id: z.string(),
            title: z.string(),
            subtitle: z.string(),
            description: z.string(),
            premium: z.boolean(),
            locked: z.boolean(),
            tracks: z.array(z.object({ id: z.string(), name: z.string() })),
            lessons: z.array(
              z.object({
                id: z.string(),
                order: z.number(),
                title: z.string(),
                summary: z.string(),
                track: z.string().nullable(),
                status: statusSchema,
              }),
            ),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const c = catalog.course(request.params.id);
      if (!c) throw new HttpError(404, 'errors.notFound');
      const accessible = canAccess(c, me);
      const st = statuses(
        c,
        accessible
          ? await progressOf(
              db,
              me.id,
              c.lessons.map((l) => l.id),
            )
          : new Map(),
        accessible,
      );
      const text = c.text[request.lang];
      return {
        id: c.id,
        title: text.title,
        subtitle: text.subtitle,
        description: text.description,
        premium: c.premium,
        locked: !accessible,
        tracks: text.tracks ?? [],
        lessons: c.lessons.map((l, i) => ({
          id: l.id,
          order: l.order,
          title: l.text[request.lang].title,
          summary: l.text[request.lang].summary,
          track: l.track ?? null,
          status: st[i]!,
        })),
      };
    },
  );

  app.get(
    '/api/lessons/:id',
    {
      schema: {
        tags: ['courses'],
        summary:
          'A lesson: teaching, key and additional scriptures, questions, practice and my response',
        params: idParams,
        response: {
          200: z.object({
            id: z.string(),
            courseId: z.string(),
            courseTitle: z.string(),
            order: z.number(),
            lessonCount: z.number(),
            title: z.string(),
            summary: z.string(),
            track: z.string().nullable(),
            bodyHtml: z.string().describe('The teaching, rendered from Markdown to HTML'),
            keyScripture: scriptureSchema,
            additionalScriptures: z.array(scriptureSchema),
            reflectionQuestions: z.array(z.string()),
            practicePrompt: z.string(),
            response: z.string(),
            status: statusSchema,
            previousLessonId: z.string().nullable(),
            nextLessonId: z.string().nullable(),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const {
        course: c,
        lesson: l,
        index,
        progress,
      } = await assertLessonOpen(db, catalog, me, request.params.id);
      const lang = request.lang;
      const text = l.text[lang];
      // The reader's text: their Spanish one in Spanish, their preferred one in English.
      const preferred = defaultTranslation(
        me.preferences.bibleTranslation,
        lang,
        me.preferences.spanishBible,
      );
      const [key, ...more] = await Promise.all(
        [l.keyScripture, ...l.additionalScriptures].map((r) => scripture(r, lang, preferred)),
      );
      return {
        id: l.id,
        courseId: c.id,
        courseTitle: c.text[lang].title,
        order: l.order,
        lessonCount: c.lessons.length,
        title: text.title,
        summary: text.summary,
        track: l.track ?? null,
        bodyHtml: markdownToHtml(text.body),
        keyScripture: key!,
        additionalScriptures: more,
        reflectionQuestions: text.reflectionQuestions,
        practicePrompt: text.practicePrompt,
        response: progress?.response ?? '',
        status: progress?.completedAt
          ? ('completed' as const)
          : progress
            ? ('in_progress' as const)
            : ('available' as const),
        previousLessonId: c.lessons[index - 1]?.id ?? null,
        nextLessonId: c.lessons[index + 1]?.id ?? null,
      };
    },
  );

  app.put(
    '/api/lessons/:id/response',
    {
      schema: {
        tags: ['courses'],
        summary: 'Save my practice response (autosave); the lesson becomes in progress',
        params: idParams,
        body: z
          .object({ response: z.string().max(10_000, { error: 'validation.max:10000' }) })
          .strict(),
        response: { 200: z.object({ response: z.string(), updatedAt: z.string() }) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      await assertLessonOpen(db, catalog, me, request.params.id);
      const now = new Date();
      const [row] = await db
        .insert(lessonProgress)
        .values({
          userId: me.id,
          lessonId: request.params.id,
          response: request.body.response,
          updatedAt: now,
        })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.lessonId],
          set: { response: request.body.response, updatedAt: now },
        })
        .returning({ response: lessonProgress.response, updatedAt: lessonProgress.updatedAt });
      return { response: row!.response, updatedAt: row!.updatedAt.toISOString() };
    },
  );

  app.post(
    '/api/lessons/:id/complete',
    {
      schema: {
        tags: ['courses'],
        summary:
          'Complete a lesson (the previous one must be completed); returns the next lesson and new badges',
        params: idParams,
        response: {
          200: z.object({
            nextLessonId: z.string().nullable(),
            courseCompleted: z.boolean(),
            curriculumCompleted: z.boolean(),
            badgesAwarded: z.array(z.enum(BADGES)),
          }),
        },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const {
        course: c,
        index,
        progress,
      } = await assertLessonOpen(db, catalog, me, request.params.id);
      let badgesAwarded: Badge[] = [];
      if (!progress?.completedAt) {
        const now = new Date();
        badgesAwarded = await db.transaction(async (tx) => {
          // Only the request that actually completes the lesson counts it (a double click does not).
          const completed = await tx
            .insert(lessonProgress)
            .values({
              userId: me.id,
              lessonId: request.params.id,
              completedAt: now,
              updatedAt: now,
            })
            .onConflictDoUpdate({
              target: [lessonProgress.userId, lessonProgress.lessonId],
              set: { completedAt: now, updatedAt: now },
              setWhere: isNull(lessonProgress.completedAt),
            })
            .returning({ lessonId: lessonProgress.lessonId });
          if (completed.length === 0) return [];
          return [
            ...(await awardBadges(tx, catalog, me)),
            ...(await recordActivity(tx, me, { kind: 'lesson', subject: request.params.id }, now)),
          ];
        });
      }
      const all = await progressOf(db, me.id);
      const done = (ids: string[]) => ids.every((id) => all.get(id)?.completedAt);
      return {
        nextLessonId: c.lessons[index + 1]?.id ?? null,
        courseCompleted: done(c.lessons.map((l) => l.id)),
        curriculumCompleted: done(catalog.courses.flatMap((x) => x.lessons.map((l) => l.id))),
        badgesAwarded,
      };
    },
  );

  app.get(
    '/api/badges',
    {
      schema: {
        tags: ['courses'],
        summary: 'My badges',
        response: { 200: z.array(z.object({ badge: z.enum(BADGES), awardedAt: z.string() })) },
      },
    },
    async (request) => {
      const me = currentUser(request);
      const rows = await db
        .select()
        .from(userBadge)
        .where(and(eq(userBadge.userId, me.id)));
      return rows.map((r) => ({
        badge: r.badge as (typeof BADGES)[number],
        awardedAt: r.awardedAt.toISOString(),
      }));
    },
  );
}
