import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import type { Badge, LessonStatus } from '#shared/schemas/course.ts';
import type { SessionUser } from '../auth/session.ts';
import type { Database, Executor } from '../db/client.ts';
import { course, lesson, lessonProgress, userBadge } from '../db/schema.ts';
import { HttpError } from '../errors.ts';
import { hasPremium } from '../security/access.ts';
import { readCourses, type Course, type Lesson } from './content.ts';
import { notify } from '../notifications/notify.ts';

export interface Progress {
  response: string;
  completedAt: Date | null;
}

/** The validated course content, in memory, with its structural rows kept in the database. */
export class CourseCatalog {
  readonly courses: Course[];
  private readonly lessons = new Map<string, { course: Course; lesson: Lesson; index: number }>();

  constructor(courses: Course[] = readCourses()) {
    this.courses = courses;
    for (const c of courses)
      c.lessons.forEach((l, index) => this.lessons.set(l.id, { course: c, lesson: l, index }));
  }

  /** Idempotent upsert of course and lesson rows (ids are stable; progress references them). */
  async sync(db: Database): Promise<void> {
    await db.transaction(async (tx) => {
      for (const [i, c] of this.courses.entries()) {
        await tx
          .insert(course)
          .values({ id: c.id, premium: c.premium, sort: i + 1 })
          .onConflictDoUpdate({ target: course.id, set: { premium: c.premium, sort: i + 1 } });
      }
      const rows = this.courses.flatMap((c) =>
        c.lessons.map((l) => ({ id: l.id, courseId: c.id, sort: l.order, track: l.track ?? null })),
      );
      // Move sorts out of the way first so a reordering cannot collide on (course, sort).
      await tx.execute(sql`update lesson set sort = -sort where sort > 0`);
      await tx
        .insert(lesson)
        .values(rows)
        .onConflictDoUpdate({
          target: lesson.id,
          set: {
            courseId: sql`excluded.course_id`,
            sort: sql`excluded.sort`,
            track: sql`excluded.track`,
          },
        });
    });
  }

  course(id: string): Course | undefined {
    return this.courses.find((c) => c.id === id);
  }

  find(lessonId: string) {
    return this.lessons.get(lessonId);
  }
}

export const canAccess = (c: Course, user: SessionUser) => !c.premium || hasPremium(user);

export async function progressOf(
  db: Database,
  userId: string,
  lessonIds?: string[],
): Promise<Map<string, Progress>> {
  const rows = await db
    .select({
      lessonId: lessonProgress.lessonId,
      response: lessonProgress.response,
      completedAt: lessonProgress.completedAt,
    })
    .from(lessonProgress)
    .where(
      lessonIds
        ? and(eq(lessonProgress.userId, userId), inArray(lessonProgress.lessonId, lessonIds))
        : eq(lessonProgress.userId, userId),
    );
  return new Map(
    rows.map((r) => [r.lessonId, { response: r.response, completedAt: r.completedAt }]),
  );
}

/** SPEC §4: completed, in progress, locked, available; a lesson needs the previous one completed. */
export function statuses(
  c: Course,
  progress: Map<string, Progress>,
  accessible: boolean,
): LessonStatus[] {
  return c.lessons.map((l, i) => {
    if (!accessible) return 'locked';
    const p = progress.get(l.id);
    if (p?.completedAt) return 'completed';
    const previous = c.lessons[i - 1];
    if (previous && !progress.get(previous.id)?.completedAt) return 'locked';
    return p ? 'in_progress' : 'available';
  });
}

/** Throws the right refusal for a lesson the member may not open or change. */
export async function assertLessonOpen(
  db: Database,
  catalog: CourseCatalog,
  user: SessionUser,
  lessonId: string,
) {
  const found = catalog.find(lessonId);
  if (!found) throw new HttpError(404, 'errors.notFound');
  if (!canAccess(found.course, user))
    throw new HttpError(403, 'courses.errors.premium', {}, 'PREMIUM_REQUIRED');
  const previous = found.course.lessons[found.index - 1];
  const ids = previous ? [lessonId, previous.id] : [lessonId];
  const progress = await progressOf(db, user.id, ids);
  if (previous && !progress.get(previous.id)?.completedAt) {
    throw new HttpError(409, 'courses.errors.completePrevious', {}, 'LESSON_LOCKED');
  }
  return { ...found, progress: progress.get(lessonId) };
}

/**
 * Awards the course badges a completion earned (First Lesson, Complete 101); each badge is
 * awarded once and returned only then. The 7-Day Streak badge comes from the activity log.
 */
export async function awardBadges(
  db: Executor,
  catalog: CourseCatalog,
  user: SessionUser,
): Promise<Badge[]> {
  const done = await db
    .select({ lessonId: lessonProgress.lessonId, completedAt: lessonProgress.completedAt })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, user.id), isNotNull(lessonProgress.completedAt)));
  const earned: Badge[] = [];
  if (done.length >= 1) earned.push('first-lesson');
  const completed = new Set(done.map((d) => d.lessonId));
  if (catalog.course('101')!.lessons.every((l) => completed.has(l.id))) earned.push('complete-101');
  if (earned.length === 0) return [];
  const inserted = await db
    .insert(userBadge)
    .values(earned.map((badge) => ({ userId: user.id, badge })))
    .onConflictDoNothing()
    .returning({ badge: userBadge.badge });
  for (const r of inserted) {
    await notify(db, user.id, 'badgeEarned', { badge: r.badge }, { dedupeKey: r.badge });
  }
  return inserted.map((r) => r.badge as Badge);
}

export function lessonTitle(l: Lesson, lang: Language) {
  return l.text[lang].title;
}

/** The courses with the member's progress and the lesson to continue with. */
export async function courseSummaries(
  db: Database,
  catalog: CourseCatalog,
  user: SessionUser,
  lang: Language,
) {
  return summarizeCourses(catalog, user, lang, await progressOf(db, user.id));
}

export function summarizeCourses(
  catalog: CourseCatalog,
  user: SessionUser,
  lang: Language,
  progress: Map<string, Progress>,
) {
  return catalog.courses.map((c) => {
    const accessible = canAccess(c, user);
    const st = statuses(c, progress, accessible);
    const next = c.lessons.find((_, i) => st[i] === 'in_progress' || st[i] === 'available');
    return {
      id: c.id,
      title: c.text[lang].title,
      subtitle: c.text[lang].subtitle,
      description: c.text[lang].description,
      premium: c.premium,
      locked: !accessible,
      lessonCount: c.lessons.length,
      completedCount: st.filter((s) => s === 'completed').length,
      nextLessonId: accessible ? (next?.id ?? null) : null,
    };
  });
}
