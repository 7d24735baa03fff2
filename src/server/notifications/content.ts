/**
 * What each kind says, and whether a reminder is still worth sending: the daily reading only
 * when today's reading is not done, memory verses only when some are due, the streak only when
 * it is at risk, and so on. Texts come from the shared locale files (`notify.*`), in the
 * member's language.
 */
import { and, count, eq, gte, lte, ne, sql, sum } from 'drizzle-orm';
import type { Language } from '#shared/constants.ts';
import { type NotificationKind, type ReminderKind } from '#shared/schemas/notifications.ts';
import { notificationKey } from '#shared/values/notifications.ts';
import type { Executor } from '../db/client.ts';
import {
  activity,
  activityDay,
  memoryVerse,
  prayerRequest,
  prayerSession,
  readingPlanRun,
} from '../db/schema.ts';
import { addDays, longDate } from '#shared/values/time.ts';
import { translate } from '../i18n/translate.ts';
import { streakOf } from '../practice/activity.ts';
import { notificationUrl, type Payload } from './notify.ts';

export type { Payload };

/** The payload of a reminder due today, or null when there is nothing to remind of. */
export async function reminderPayload(
  db: Executor,
  userId: string,
  kind: ReminderKind,
  today: string,
  now: Date,
): Promise<Payload | null> {
  switch (kind) {
    case 'dailyReading': {
      const [run] = await db.select().from(readingPlanRun).where(eq(readingPlanRun.userId, userId));
      if (!run || run.completedAt || run.lastReadOn === today) return null;
      return { day: run.currentDay, total: run.totalDays };
    }
    case 'memoryDue': {
      const [row] = await db
        .select({ n: count() })
        .from(memoryVerse)
        .where(
          and(
            eq(memoryVerse.userId, userId),
            ne(memoryVerse.state, 'mastered'),
            lte(memoryVerse.dueAt, now),
          ),
        );
      const n = row?.n ?? 0;
      return n > 0 ? { count: n } : null;
    }
    case 'streakAtRisk': {
      const streak = await streakOf(db, userId, today);
      if (streak.today || streak.current === 0) return null;
      return { count: streak.current, grace: streak.graceDaysLeft > 0 ? 1 : 0 };
    }
    case 'prayer': {
      // One query (a morning peak sends many): prayed today already, and the active requests.
      const [row] = await db
        .select({
          prayed: sql<boolean>`exists (${db
            .select({ one: sql`1` })
            .from(prayerSession)
            .where(and(eq(prayerSession.userId, userId), eq(prayerSession.day, today)))})`,
          active: sql<number>`(${db
            .select({ n: count() })
            .from(prayerRequest)
            .where(
              and(eq(prayerRequest.userId, userId), eq(prayerRequest.status, 'active')),
            )})::int`,
        })
        .from(sql`(select 1) as one`);
      if (row?.prayed) return null;
      return { count: row?.active ?? 0 };
    }
    case 'weeklyProgress':
      return weeklyProgress(db, userId, today);
  }
}

/** The week ending `today` (a Sunday): days active, chapters, minutes prayed, lessons, reviews. */
export async function weeklyProgress(
  db: Executor,
  userId: string,
  today: string,
): Promise<Payload> {
  const start = addDays(today, -6);
  const [days] = await db
    .select({ n: count() })
    .from(activityDay)
    .where(
      and(eq(activityDay.userId, userId), gte(activityDay.day, start), lte(activityDay.day, today)),
    );
  const byKind = await db
    .select({ kind: activity.kind, n: count(), amount: sum(activity.amount) })
    .from(activity)
    .where(and(eq(activity.userId, userId), gte(activity.day, start), lte(activity.day, today)))
    .groupBy(activity.kind);
  const [prayed] = await db
    .select({ minutes: sql<number>`coalesce(sum(${prayerSession.minutes}), 0)::int` })
    .from(prayerSession)
    .where(
      and(
        eq(prayerSession.userId, userId),
        gte(prayerSession.day, start),
        lte(prayerSession.day, today),
      ),
    );
  const of = (kind: string) => byKind.find((r) => r.kind === kind);
  return {
    days: days?.n ?? 0,
    chapters: Number(of('reading')?.amount ?? 0),
    minutes: prayed?.minutes ?? 0,
    lessons: of('lesson')?.n ?? 0,
    reviews: of('memory')?.n ?? 0,
  };
}

/** A message key with a count: `key_one` or `key_other` (the two forms en and es need). */
function counted(lang: Language, key: string, data: Payload): string {
  if (typeof data.count !== 'number') return translate(lang, key, data);
  return translate(lang, `${key}_${data.count === 1 ? 'one' : 'other'}`, data);
}

export interface Rendered {
  title: string;
  body: string;
  url: string;
}

/**
 * The title, body and link of a notification in `lang` (the same words as the in-app list);
 * a date in it (an invitation's last day) is the day in the member's `timeZone`.
 */
export function render(
  lang: Language,
  kind: NotificationKind,
  data: Payload,
  timeZone = 'UTC',
): Rendered {
  const vars: Payload = { ...data };
  if (kind === 'badgeEarned' && typeof data.badge === 'string') {
    vars.badgeName = translate(lang, `courses.badges.${data.badge}`);
  }
  let body: string;
  if (kind === 'groupInvitation' && typeof data.expiresAt === 'string') {
    vars.expires = longDate(lang, data.expiresAt, timeZone);
    body = translate(lang, 'notify.kinds.groupInvitation.bodyExpires', vars);
  } else if (kind === 'streakAtRisk') {
    body = `${counted(lang, 'notify.kinds.streakAtRisk.body', vars)} ${translate(
      lang,
      data.grace ? 'notify.kinds.streakAtRisk.grace' : 'notify.kinds.streakAtRisk.noGrace',
    )}`;
  } else if (kind === 'prayer' && data.count === 0) {
    body = translate(lang, 'notify.kinds.prayer.bodyNone');
  } else {
    body = counted(lang, notificationKey(kind, data, 'body'), vars);
  }
  return {
    title: translate(lang, notificationKey(kind, data, 'title'), vars),
    body,
    url: notificationUrl(kind, data),
  };
}
