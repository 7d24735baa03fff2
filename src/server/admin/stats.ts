import { and, count, countDistinct, eq, gte, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { AdminStats } from '#shared/schemas/admin.ts';
import type { Database } from '../db/client.ts';
import {
  activityDay,
  groupMember,
  lesson,
  lessonProgress,
  readingPlanRun,
  studyGroup,
  supportTicket,
  user,
} from '../db/schema.ts';

const DAY_MS = 86_400_000;
const n = (rows: { n: number | string | null }[]) => Number(rows[0]?.n ?? 0);
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/** The platform figures: one query each, run together. */
export async function computeStats(db: Database, now = new Date()): Promise<AdminStats> {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const [
    total,
    newThisWeek,
    active7,
    active30,
    premium,
    lessons,
    plans,
    open,
    median,
    groups,
    inGroups,
  ] = await Promise.all([
    db.select({ n: count() }).from(user),
    db.select({ n: count() }).from(user).where(gte(user.createdAt, weekAgo)),
    // Active: did something that counts (a lesson, a reading, a prayer...) on one of the days.
    db
      .select({ n: countDistinct(activityDay.userId) })
      .from(activityDay)
      .where(gte(activityDay.day, isoDay(new Date(now.getTime() - 6 * DAY_MS)))),
    db
      .select({ n: countDistinct(activityDay.userId) })
      .from(activityDay)
      .where(gte(activityDay.day, isoDay(new Date(now.getTime() - 29 * DAY_MS)))),
    db.select({ n: count() }).from(user).where(eq(user.isPremium, true)),
    db
      .select({ courseId: lesson.courseId, n: count() })
      .from(lessonProgress)
      .innerJoin(lesson, eq(lesson.id, lessonProgress.lessonId))
      .where(isNotNull(lessonProgress.completedAt))
      .groupBy(lesson.courseId)
      .orderBy(lesson.courseId),
    db
      .select({
        started: count(),
        finished: sql<number>`count(${readingPlanRun.completedAt})`,
      })
      .from(readingPlanRun),
    db.select({ n: count() }).from(supportTicket).where(ne(supportTicket.status, 'closed')),
    db
      .select({
        n: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${supportTicket.firstRepliedAt} - ${supportTicket.createdAt})))`,
      })
      .from(supportTicket)
      .where(and(isNotNull(supportTicket.firstRepliedAt))),
    db.select({ n: count() }).from(studyGroup).where(isNull(studyGroup.endedAt)),
    // Ended groups keep no members: every membership row is of a live group.
    db.select({ n: countDistinct(groupMember.userId) }).from(groupMember),
  ]);
  const medianSeconds = median[0]?.n;
  return {
    members: {
      total: n(total),
      newThisWeek: n(newThisWeek),
      active7: n(active7),
      active30: n(active30),
      premium: n(premium),
    },
    lessonsCompleted: lessons.map((l) => ({ courseId: l.courseId, count: Number(l.n) })),
    readingPlans: {
      started: Number(plans[0]?.started ?? 0),
      finished: Number(plans[0]?.finished ?? 0),
    },
    tickets: {
      open: n(open),
      medianFirstReplyMinutes:
        medianSeconds === null || medianSeconds === undefined
          ? null
          : Math.round(Number(medianSeconds) / 60),
    },
    groups: { active: n(groups), membersInGroups: n(inGroups) },
    computedAt: now.toISOString(),
  };
}

/**
 * The figures, kept for at most `ttlMs` (concurrent callers share one computation) and dropped
 * by `forget()` when a write may have changed them: a member who was just active counts at once,
 * as their own streak does (on this instance; another instance's figures are at most `ttlMs`
 * old).
 */
export class StatsCache {
  private value: { at: number; stats: Promise<AdminStats> } | null = null;
  constructor(
    private readonly db: Database,
    private readonly ttlMs: number,
  ) {}

  forget(): void {
    this.value = null;
  }

  get(): Promise<AdminStats> {
    const now = Date.now();
    if (this.value && now - this.value.at < this.ttlMs) return this.value.stats;
    const stats = computeStats(this.db);
    this.value = { at: now, stats };
    stats.catch(() => {
      if (this.value?.stats === stats) this.value = null;
    });
    return stats;
  }
}
