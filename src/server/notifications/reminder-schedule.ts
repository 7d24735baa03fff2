/**
 * When each member's reminders are next due (issue 28, docs/decisions/0045): the
 * `reminder_schedule` table, one row per member and reminder kind they want.
 *
 * - A change of anything that decides whether or when a reminder is due (age verification, the
 *   daily-reminders and other SPEC toggles, progress tracking, the time zone, the notification
 *   settings) calls `refreshReminderSchedule` in the same transaction: the rows of kinds the
 *   member no longer wants go at once, the others are marked "to compute" (no local day, due at
 *   the epoch). No time-zone arithmetic happens there, and no clock is read.
 * - The scheduler's plan step (`planDueReminders`) reads only rows with `next_due <= now`, in
 *   batches locked with SKIP LOCKED: it computes the rows still to compute (with its own clock),
 *   inserts a delivery for every occurrence due within the late limit (the unique key of
 *   `notification_delivery` keeps one per member, kind and local day), and moves each row to its
 *   next local occurrence, daylight saving included (src/shared/values/time.ts). An occurrence
 *   more than the late limit past is passed over, never sent.
 * - Deleting the account deletes the rows (foreign key, cascade).
 * - A slow sweep (`sweepReminderSchedule`, a batch of members per tick, by id) marks "to
 *   compute" every row that is missing, of a kind no longer wanted, or computed with another
 *   zone or time than the member's: what changed outside the app (SQL, admin tools, a restore)
 *   is found within one pass, at a cost per tick that does not grow with the number of members.
 */
import { and, asc, eq, gt, inArray, lte, notInArray, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { REMINDER_KINDS, type ReminderKind } from '#shared/schemas/notifications.ts';
import type { UserPreferences } from '#shared/schemas/user.ts';
import { nextOccurrence, usableTimeZone, weekday } from '#shared/values/time.ts';
import type { Database, Executor } from '../db/client.ts';
import {
  appSetting,
  notificationDelivery,
  notificationSettings,
  reminderSchedule,
  user,
} from '../db/schema.ts';
import { mergeSettings, reminderWanted } from './settings.ts';

/** The `next_due` of a row still to compute: before any real instant, so it is due at once. */
export const TO_COMPUTE = new Date(0);

interface MemberFacts {
  ageVerified: boolean;
  preferences: Partial<UserPreferences>;
  settings: unknown;
}

/** The reminder kinds a member wants now (none before the age gate, none while paused). */
export function wantedReminderKinds(member: MemberFacts): ReminderKind[] {
  if (!member.ageVerified) return [];
  if (mergeSettings(member.settings).paused) return [];
  return REMINDER_KINDS.filter((kind) => reminderWanted(kind, member.preferences));
}

/** Members with what decides their reminders (one query; narrow it with `.where`). */
const memberFactsQuery = (db: Executor) =>
  db
    .select({
      id: user.id,
      ageVerified: user.ageVerified,
      preferences: user.preferences,
      settings: notificationSettings.settings,
    })
    .from(user)
    .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id));

async function memberFacts(db: Executor, userIds: string[]): Promise<Map<string, MemberFacts>> {
  if (userIds.length === 0) return new Map();
  const rows = await memberFactsQuery(db).where(inArray(user.id, userIds));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The zone and time of day a kind's reminder is computed with, for a member. */
function inputsOf(member: MemberFacts, kind: ReminderKind) {
  return {
    timeZone: usableTimeZone(member.preferences.timeZone),
    time: mergeSettings(member.settings).kinds[kind].time,
  };
}

/**
 * After a change of the member's age verification, preferences or notification settings (call
 * it in the same transaction): drops the rows of kinds no longer wanted and marks the others to
 * be computed by the next tick.
 */
export async function refreshReminderSchedule(db: Executor, userId: string): Promise<void> {
  const member = (await memberFacts(db, [userId])).get(userId);
  const wanted = member ? wantedReminderKinds(member) : [];
  await db
    .delete(reminderSchedule)
    .where(
      and(
        eq(reminderSchedule.userId, userId),
        ...(wanted.length > 0 ? [notInArray(reminderSchedule.kind, wanted)] : []),
      ),
    );
  if (wanted.length === 0) return;
  await db
    .insert(reminderSchedule)
    .values(wanted.map((kind) => ({ userId, kind, nextDue: TO_COMPUTE })))
    .onConflictDoUpdate({
      target: [reminderSchedule.userId, reminderSchedule.kind],
      set: { nextDue: TO_COMPUTE, localDay: null, timeZone: null, localTime: null },
    });
}

/** Where the sweep is, shared by every instance (`app_setting`). */
const SWEEP_SETTING = 'reminder_sweep';

export interface SweepReport {
  /** Members read (at most the batch). */
  read: number;
  /** Rows marked to compute: missing, of a kind no longer wanted, or computed with old inputs. */
  marked: number;
  /** False when another instance held the sweep (nothing done this time). */
  swept: boolean;
  /** True when this batch reached the last member (the next one starts from the first). */
  wrapped: boolean;
}

/**
 * One step of the self-healing sweep (ADR 0045): the next `limit` members by id after where
 * the last step stopped (the place is kept in `app_setting`, locked with SKIP LOCKED so that one
 * instance sweeps at a time), each compared with their schedule rows. A row is marked "to
 * compute" when a kind the member wants has none (their age verification set in SQL, say), when
 * it is of a kind they no longer want, or when it was computed with another zone or time of day
 * than theirs now; the next tick computes it with fresh facts (or drops it), and the unique key
 * of the deliveries keeps a recomputed reminder from going out twice the same local day. The
 * sweep never deletes (a member who turns a kind on while it runs keeps their row): marking is
 * always safe. Each step reads `limit` members by primary key and their rows by index, however
 * many members there are; a whole pass takes members ÷ limit steps.
 */
export async function sweepReminderSchedule(db: Database, limit: number): Promise<SweepReport> {
  return db.transaction(async (tx) => {
    await tx
      .insert(appSetting)
      .values({ key: SWEEP_SETTING, value: { after: '' } })
      .onConflictDoNothing();
    const [place] = await tx
      .select({ value: appSetting.value })
      .from(appSetting)
      .where(eq(appSetting.key, SWEEP_SETTING))
      .for('update', { skipLocked: true });
    if (!place) return { read: 0, marked: 0, swept: false, wrapped: false };
    const after = place.value.after ?? '';
    const members = await memberFactsQuery(tx)
      .where(gt(user.id, after))
      .orderBy(asc(user.id))
      .limit(limit);
    const rows = members.length
      ? await tx
          .select()
          .from(reminderSchedule)
          .where(
            inArray(
              reminderSchedule.userId,
              members.map((m) => m.id),
            ),
          )
      : [];
    const byMember = new Map<string, ScheduleRow[]>();
    for (const row of rows) byMember.set(row.userId, [...(byMember.get(row.userId) ?? []), row]);
    const missing: { userId: string; kind: string }[] = [];
    const stale: ScheduleRow[] = [];
    for (const member of members) {
      const have = byMember.get(member.id) ?? [];
      const wanted = wantedReminderKinds(member);
      for (const kind of wanted) {
        const row = have.find((r) => r.kind === kind);
        if (!row) missing.push({ userId: member.id, kind });
        else if (row.localDay !== null) {
          const { timeZone, time } = inputsOf(member, kind);
          if (row.timeZone !== timeZone || row.localTime !== time) stale.push(row);
        }
      }
      for (const row of have) {
        const unwanted = !wanted.includes(row.kind as ReminderKind);
        if (unwanted && row.localDay !== null) stale.push(row);
      }
    }
    // Rows a tick is planning now (locked) are left for the next pass: waiting for them, in
    // another order than the tick's, could deadlock with it.
    const marked = stale.length
      ? await tx
          .update(reminderSchedule)
          .set({ nextDue: TO_COMPUTE, localDay: null, timeZone: null, localTime: null })
          .where(
            // The pairs as one JSON parameter: a step of SWEEP_BATCH members can have ten
            // thousand stale rows, and as many `(id, kind)` constructors in one IN list exceed
            // PostgreSQL's stack depth (the bench found it: "stack depth limit exceeded").
            sql`(${reminderSchedule.userId}, ${reminderSchedule.kind}) in (
              select user_id, kind from ${reminderSchedule}
              where (user_id, kind) in (
                select p->>0, p->>1
                from jsonb_array_elements(${JSON.stringify(stale.map((r) => [r.userId, r.kind]))}::jsonb) as p)
              for update skip locked)`,
          )
          .returning({ userId: reminderSchedule.userId })
      : [];
    const added = missing.length
      ? await tx
          .insert(reminderSchedule)
          .values(missing.map(({ userId, kind }) => ({ userId, kind, nextDue: TO_COMPUTE })))
          .onConflictDoNothing()
          .returning({ userId: reminderSchedule.userId })
      : [];
    const wrapped = members.length < limit;
    await tx
      .update(appSetting)
      .set({ value: { after: wrapped ? '' : members[members.length - 1]!.id } })
      .where(eq(appSetting.key, SWEEP_SETTING));
    return {
      read: members.length,
      marked: marked.length + added.length,
      swept: true,
      wrapped,
    };
  });
}

/** The first local occurrence of a kind's time at or after `from` (Sundays only for the week). */
export function occurrenceAfter(
  from: Date,
  kind: ReminderKind,
  time: string,
  timeZone: string,
): { date: string; at: Date } {
  return nextOccurrence(
    from,
    time,
    timeZone,
    kind === 'weeklyProgress' ? (date) => weekday(date) === 0 : undefined,
  );
}

export interface PlanReport {
  /** Deliveries inserted (an occurrence another instance planned already is not counted). */
  planned: number;
  /** Schedule rows read (due, or still to compute). */
  read: number;
  /** Rows whose occurrence was more than the late limit past: moved on without a delivery. */
  passed: number;
  /** Rows of kinds the member no longer wants, found while computing: deleted. */
  dropped: number;
}

type ScheduleRow = typeof reminderSchedule.$inferSelect;

/**
 * One batch of the plan step, in one transaction: the due rows no other instance holds, their
 * deliveries, their next occurrences. Answers how many rows it read (fewer than `limit`: done).
 */
async function planBatch(
  db: Database,
  now: Date,
  lateLimitMs: number,
  limit: number,
  report: PlanReport,
): Promise<number> {
  return db.transaction(async (tx) => {
    const rows: ScheduleRow[] = await tx
      .select()
      .from(reminderSchedule)
      .where(lte(reminderSchedule.nextDue, now))
      .orderBy(asc(reminderSchedule.nextDue))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (rows.length === 0) return 0;
    report.read += rows.length;
    const toCompute = rows.filter((r) => r.localDay === null);
    const facts = await memberFacts(tx, [...new Set(toCompute.map((r) => r.userId))]);
    const earliest = new Date(now.getTime() - lateLimitMs);
    const deliveries: (typeof notificationDelivery.$inferInsert)[] = [];
    const moved: (typeof reminderSchedule.$inferInsert)[] = [];
    const dropped: ScheduleRow[] = [];
    for (const row of rows) {
      const kind = row.kind as ReminderKind;
      let timeZone = row.timeZone;
      let time = row.localTime;
      let next: { date: string; at: Date };
      if (row.localDay === null || timeZone === null || time === null) {
        const member = facts.get(row.userId);
        if (!member || !wantedReminderKinds(member).includes(kind)) {
          dropped.push(row);
          continue;
        }
        ({ timeZone, time } = inputsOf(member, kind));
        next = occurrenceAfter(earliest, kind, time, timeZone);
      } else if (row.nextDue.getTime() < earliest.getTime()) {
        // Every instance was down past the late limit: that one is not sent late.
        report.passed += 1;
        next = occurrenceAfter(earliest, kind, time, timeZone);
      } else {
        next = { date: row.localDay, at: row.nextDue };
      }
      while (next.at.getTime() <= now.getTime()) {
        deliveries.push({
          id: randomUUID(),
          userId: row.userId,
          kind,
          localDay: next.date,
          dedupeKey: '',
          dueAt: next.at,
          createdAt: now,
          updatedAt: now,
        });
        next = occurrenceAfter(new Date(next.at.getTime() + 1), kind, time, timeZone);
      }
      moved.push({
        userId: row.userId,
        kind,
        nextDue: next.at,
        localDay: next.date,
        timeZone,
        localTime: time,
      });
    }
    for (const row of dropped) {
      await tx
        .delete(reminderSchedule)
        .where(and(eq(reminderSchedule.userId, row.userId), eq(reminderSchedule.kind, row.kind)));
    }
    report.dropped += dropped.length;
    if (deliveries.length > 0) {
      const inserted = await tx
        .insert(notificationDelivery)
        .values(deliveries)
        .onConflictDoNothing()
        .returning({ id: notificationDelivery.id });
      report.planned += inserted.length;
    }
    if (moved.length > 0) {
      // The rows are locked by this transaction: an upsert is an update of each.
      await tx
        .insert(reminderSchedule)
        .values(moved)
        .onConflictDoUpdate({
          target: [reminderSchedule.userId, reminderSchedule.kind],
          set: {
            nextDue: sql`excluded.next_due`,
            localDay: sql`excluded.local_day`,
            timeZone: sql`excluded.time_zone`,
            localTime: sql`excluded.local_time`,
          },
        });
    }
    return rows.length;
  });
}

/**
 * The plan step: every reminder due by `now` (and at most `lateLimitMs` late) gets its pending
 * delivery, and every row read moves to its next occurrence after `now`. Reads only due rows.
 */
export async function planDueReminders(
  db: Database,
  now: Date,
  options: { lateLimitMs: number; batch: number },
): Promise<PlanReport> {
  const report: PlanReport = { planned: 0, read: 0, passed: 0, dropped: 0 };
  for (;;) {
    const read = await planBatch(db, now, options.lateLimitMs, options.batch, report);
    if (read < options.batch) return report;
  }
}
