/**
 * The activity log, streaks and the goals that real activity feeds. Every write path that
 * counts as practice (a completed lesson, a day's reading, a prayer session, a memory review,
 * a journal entry) calls `recordActivity` once, inside the transaction of its own write.
 *
 * With the member's "progress tracking" off, nothing goes into the activity history or the
 * streak (so no 7-Day Streak badge either); what was recorded before stays. Goals the member
 * set still count the practice: they are theirs, not tracking.
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Language } from '#shared/constants.ts';
import type { Badge } from '#shared/schemas/course.ts';
import {
  HEATMAP_DAYS,
  STREAK_GRACE_DAYS_PER_MONTH,
  type Activity,
  type ActivityKind,
  type Streak,
} from '#shared/schemas/dashboard.ts';
import type { Executor, Transaction } from '../db/client.ts';
import { activity, activityDay, goal, userBadge } from '../db/schema.ts';
import { formatReference, rangesFromOsis } from '../bible/reference.ts';
import { notify } from '../notifications/notify.ts';
import { addDays, localDate, previousDay } from '#shared/values/time.ts';
import { UNIT_OF_ACTIVITY, advance } from './goals.ts';

export interface Member {
  id: string;
  preferences: { timeZone: string; progressTracking: boolean };
}

export interface ActivityEvent {
  kind: ActivityKind;
  /** Chapters read or minutes prayed; 1 otherwise. */
  amount?: number;
  subject?: string;
  label?: string;
}

/**
 * Days read in the first query: the heat map's (it needs them anyway). Most runs end inside
 * it; a longer run reads the older days in a second query, so the cost follows the length of
 * the current streak, never the size of the member's history.
 */
const STREAK_WINDOW_DAYS = HEATMAP_DAYS - 1;
const SEVEN_DAY_STREAK = 7;

/**
 * Logs the activity, marks the local day active, adds the amount to matching goals and awards
 * the 7-Day Streak badge when the streak reaches seven days. Returns the badges awarded.
 *
 * It runs in the caller's transaction (`tx`), the one that writes the practice itself (the
 * journal entry, the prayer session...): the two are saved together or not at all. An entry
 * without its activity would be missing from the streak and goals for good, and an activity
 * without its entry would count practice that was never saved.
 */
export async function recordActivity(
  tx: Transaction,
  member: Member,
  event: ActivityEvent,
  now = new Date(),
): Promise<Badge[]> {
  const day = localDate(now, member.preferences.timeZone);
  const amount = event.amount ?? 1;
  const unit = UNIT_OF_ACTIVITY[event.kind];
  const tracking = member.preferences.progressTracking;
  if (tracking) {
    await tx.insert(activity).values({
      id: randomUUID(),
      userId: member.id,
      kind: event.kind,
      amount,
      subject: event.subject ?? '',
      label: event.label ?? '',
      day,
      occurredAt: now,
    });
    await tx
      .insert(activityDay)
      .values({ userId: member.id, day, count: 1 })
      .onConflictDoUpdate({
        target: [activityDay.userId, activityDay.day],
        set: { count: sql`${activityDay.count} + 1` },
      });
  }
  if (unit && amount > 0) {
    const goals = await tx
      .select()
      .from(goal)
      .where(and(eq(goal.userId, member.id), eq(goal.unit, unit)))
      .for('update');
    for (const row of goals) {
      await tx
        .update(goal)
        .set(advance(row, amount, day, now))
        .where(eq(goal.id, row.id));
    }
  }
  if (!tracking) return [];
  const streak = await streakOf(tx, member.id, day);
  if (streak.current < SEVEN_DAY_STREAK) return [];
  const inserted = await tx
    .insert(userBadge)
    .values({ userId: member.id, badge: 'seven-day-streak' })
    .onConflictDoNothing()
    .returning({ badge: userBadge.badge });
  for (const r of inserted) {
    await notify(tx, member.id, 'badgeEarned', { badge: r.badge }, { dedupeKey: r.badge, now });
  }
  return inserted.map((r) => r.badge as Badge);
}

export interface StreakRun {
  current: number;
  today: boolean;
  graceDaysLeft: number;
  graceDays: Set<string>;
  /** True when the run may go on before `since` (the caller must read older days). */
  truncated: boolean;
}

/**
 * Walks back from today: an active day adds one, a missed day uses one of the month's grace
 * days (at most STREAK_GRACE_DAYS_PER_MONTH per calendar month), and the run ends at the first
 * miss with no grace left. Today only counts once done: not having prayed yet by breakfast
 * does not break anything. Grace days before the run's first active day are given back.
 */
export function computeStreak(active: Set<string>, today: string, since: string): StreakRun {
  const done = active.has(today);
  let cursor = done ? today : previousDay(today);
  let current = 0;
  const used = new Map<string, number>();
  const pending: string[] = [];
  const graceDays = new Set<string>();
  let truncated = false;
  for (;;) {
    if (cursor < since) {
      truncated = current > 0 || pending.length > 0;
      break;
    }
    if (active.has(cursor)) {
      current += 1;
      for (const g of pending) graceDays.add(g);
      pending.length = 0;
    } else {
      const month = cursor.slice(0, 7);
      const n = used.get(month) ?? 0;
      if (n >= STREAK_GRACE_DAYS_PER_MONTH) break;
      used.set(month, n + 1);
      pending.push(cursor);
    }
    cursor = previousDay(cursor);
  }
  const thisMonth = today.slice(0, 7);
  const usedThisMonth = [...graceDays].filter((d) => d.startsWith(thisMonth)).length;
  return {
    current,
    today: done,
    graceDaysLeft: STREAK_GRACE_DAYS_PER_MONTH - usedThisMonth,
    graceDays,
    truncated,
  };
}

/** Streak days are read from this date on first (STREAK_WINDOW_DAYS before today). */
export const streakWindowStart = (today: string) => addDays(today, -STREAK_WINDOW_DAYS);

/**
 * The streak and heat map from the active days since `since`; null when the run reaches back
 * further than that (then `streakOf` reads every day).
 */
export function streakFromDays(
  rows: { day: string; count: number }[],
  today: string,
  since: string,
): Streak | null {
  const run = computeStreak(new Set(rows.map((r) => r.day)), today, since);
  if (run.truncated) return null;
  const counts = new Map(rows.map((r) => [r.day, r.count]));
  const days: Streak['days'] = [];
  for (let i = 0, date = today; i < HEATMAP_DAYS; i++, date = previousDay(date)) {
    days.push({ date, count: counts.get(date) ?? 0, grace: run.graceDays.has(date) });
  }
  days.reverse();
  return { current: run.current, today: run.today, graceDaysLeft: run.graceDaysLeft, days };
}

/** The current streak and the heat map of the last HEATMAP_DAYS days. */
export async function streakOf(db: Executor, userId: string, today: string): Promise<Streak> {
  const since = streakWindowStart(today);
  const read = (from: string | null) =>
    db
      .select({ day: activityDay.day, count: activityDay.count })
      .from(activityDay)
      .where(and(eq(activityDay.userId, userId), from ? gte(activityDay.day, from) : undefined));
  return (
    streakFromDays(await read(since), today, since) ??
    streakFromDays(await read(null), today, '0000-01-01')!
  );
}

const HREF: Record<ActivityKind, string> = {
  lesson: '/lesson/',
  reading: '/daily-reading',
  prayer: '/prayer',
  memory: '/memory-verses',
  journal: '/journal',
};

type ActivityRow = Pick<
  typeof activity.$inferSelect,
  'id' | 'kind' | 'amount' | 'subject' | 'label' | 'occurredAt'
>;

/** The latest activities (newest first) with labels in the member's language. */
export function labelActivities(
  rows: ActivityRow[],
  lang: Language,
  lessonTitle: (id: string, lang: Language) => string | null,
): Activity[] {
  return rows.map((r) => {
    let label = r.label;
    if (r.kind === 'lesson') label = lessonTitle(r.subject, lang) ?? r.label;
    if ((r.kind === 'reading' || r.kind === 'memory') && r.subject) {
      label = formatReference(rangesFromOsis(r.subject), lang) || r.label;
    }
    return {
      id: r.id,
      kind: r.kind,
      amount: r.amount,
      label,
      href: r.kind === 'lesson' ? `${HREF.lesson}${r.subject}` : HREF[r.kind],
      occurredAt: r.occurredAt.toISOString(),
    };
  });
}
