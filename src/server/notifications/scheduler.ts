/**
 * The reminder scheduler (docs/decisions/0019): a small loop over `notification_delivery`.
 *
 * Each tick, on any number of instances:
 * 1. plan: read the `reminder_schedule` rows due by now (a range on the indexed next due
 *    instant, docs/decisions/0045; not every member), insert a pending delivery for each
 *    occurrence due in the last LATE_LIMIT (at the member's local time of day, Sundays only for
 *    the weekly progress), and move each row to its next local occurrence. The unique key
 *    (member, kind, local day) makes the insert a no-op when any instance did it already: at
 *    most one delivery per member, kind and local day.
 * 2. work: claim due rows with FOR UPDATE SKIP LOCKED and a lease, deliver them outside the
 *    transaction, then record the result. A claim whose instance died is taken over when its
 *    lease expires (at most MAX_ATTEMPTS claims in all: a delivery that kills every instance
 *    trying it is then given up); a row more than LATE_LIMIT past due is skipped, not sent late.
 *
 * Before planning, a step of the self-healing sweep (`sweepReminderSchedule`, ADR 0045): a
 * batch of members whose schedule rows are checked against what they want now, so a change
 * made outside the app (SQL, a restore) is picked up within one pass.
 *
 * The clock is injected, so tests move time by hand.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../db/client.ts';
import { notificationDelivery } from '../db/schema.ts';
import {
  planDueReminders,
  sweepReminderSchedule,
  type PlanReport,
  type SweepReport,
} from './reminder-schedule.ts';
import { DeliveryWrites, type BatchResult, type NotificationService } from './service.ts';

/** A reminder missed (app down) is still sent up to this long after its time, never later. */
export const LATE_LIMIT_MS = 2 * 3600_000;
/** How long a claimed delivery is reserved for the instance that claimed it. */
export const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const BATCH = 50;
/** Schedule rows planned per transaction. */
const PLAN_BATCH = 500;
/**
 * Members checked by the sweep per tick: at one tick a minute, a pass over 1,000,000 members
 * takes about 8 hours with one instance (less with more: they share the sweep's place).
 */
export const SWEEP_BATCH = 2000;
/** Claimed deliveries sent at once by one instance (e-mail and push are network round trips). */
const SEND_CONCURRENCY = 8;

type DeliveryRow = typeof notificationDelivery.$inferSelect;

export interface TickReport {
  planned: number;
  sent: number;
  skipped: number;
  failed: number;
}

export class NotificationScheduler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<unknown> | null = null;
  private stopped = true;

  constructor(
    private readonly deps: {
      db: Database;
      service: NotificationService;
      log: FastifyBaseLogger;
      clock?: () => Date;
      intervalMs?: number;
      /** Schedule rows per plan transaction (default 500). */
      planBatch?: number;
      /** Members checked by the sweep per tick (default SWEEP_BATCH; 0 turns it off). */
      sweepBatch?: number;
      /** Deliveries in flight at once (NOTIFICATIONS_SEND_CONCURRENCY; default 8 here). */
      concurrency?: number;
    },
  ) {}

  private now(): Date {
    return this.deps.clock ? this.deps.clock() : new Date();
  }

  /** Starts ticking (first tick at once). */
  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    const loop = async () => {
      if (this.stopped) return;
      this.running = this.tick().catch((error: unknown) =>
        this.deps.log.warn({ err: error }, 'notification tick failed; next tick retries'),
      );
      await this.running;
      this.running = null;
      if (!this.stopped) this.timer = setTimeout(() => void loop(), this.deps.intervalMs ?? 60_000);
    };
    void loop();
  }

  /** Stops ticking and waits for the tick in progress (its claims are finished, not left). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  async tick(): Promise<TickReport> {
    const now = this.now();
    await this.sweep().catch((error: unknown) =>
      this.deps.log.warn({ err: error }, 'reminder schedule sweep failed; the next tick retries'),
    );
    const planned = await this.plan(now);
    const report: TickReport = { planned, sent: 0, skipped: 0, failed: 0 };
    // A claim holds a few rounds of sends, so the lanes seldom wait for a batch's last one.
    const limit = Math.max(BATCH, 4 * (this.deps.concurrency ?? SEND_CONCURRENCY));
    for (;;) {
      const claimed = await this.claim(now, limit);
      if (claimed.length === 0) break;
      for (const outcome of await this.workAll(claimed, now)) report[outcome] += 1;
      if (claimed.length < limit) break;
    }
    return report;
  }

  /**
   * Inserts the reminders due now (within LATE_LIMIT); returns how many were new. Reads only
   * the schedule rows due by `now` (./reminder-schedule.ts), never every member.
   */
  async plan(now: Date): Promise<number> {
    return (await this.planReport(now)).planned;
  }

  /** The plan step, with what it read (the benchmark and the tests count rows read). */
  planReport(now: Date): Promise<PlanReport> {
    return planDueReminders(this.deps.db, now, {
      lateLimitMs: LATE_LIMIT_MS,
      batch: this.deps.planBatch ?? PLAN_BATCH,
    });
  }

  /** One step of the self-healing sweep of the reminder schedule (ADR 0045). */
  async sweep(): Promise<SweepReport | null> {
    const batch = this.deps.sweepBatch ?? SWEEP_BATCH;
    return batch > 0 ? sweepReminderSchedule(this.deps.db, batch) : null;
  }

  /** Claims due deliveries for this instance (pending, or a lapsed claim of another). */
  async claim(now: Date, limit = BATCH): Promise<DeliveryRow[]> {
    const claimable = this.deps.db
      .select({ id: notificationDelivery.id })
      .from(notificationDelivery)
      .where(
        and(
          lte(notificationDelivery.dueAt, now),
          or(
            eq(notificationDelivery.status, 'pending'),
            and(
              eq(notificationDelivery.status, 'sending'),
              lt(notificationDelivery.leaseUntil, now),
            ),
          ),
        ),
      )
      .orderBy(notificationDelivery.dueAt)
      .limit(limit)
      .for('update', { skipLocked: true });
    return this.deps.db
      .update(notificationDelivery)
      .set({
        status: 'sending',
        leaseUntil: new Date(now.getTime() + LEASE_MS),
        attempts: sql`${notificationDelivery.attempts} + 1`,
        updatedAt: now,
      })
      .where(inArray(notificationDelivery.id, claimable))
      .returning();
  }

  /**
   * Delivers a claimed batch and records what happened, in one transaction: the deliveries'
   * outcomes (one UPDATE of the batch), the outbox copies and the push subscriptions' success
   * times (issue 28: a delivery's own writes were most of a morning peak's cost). Each row's
   * outcome, in order. If this instance dies before that transaction commits, the claims lapse
   * and another instance takes them over (at least once; the in-app notification is not made twice).
   */
  private async workAll(rows: DeliveryRow[], now: Date) {
    const finished: Finished[] = [];
    const live: DeliveryRow[] = [];
    for (const row of rows) {
      if (now.getTime() - row.dueAt.getTime() > LATE_LIMIT_MS) {
        finished.push({ row, status: 'skipped', result: { reason: 'late' } });
      } else if (row.attempts > MAX_ATTEMPTS) {
        // Claimed MAX_ATTEMPTS times and never finished: each instance that took it died before
        // recording it (a delivery that crashes its process). Not tried again.
        this.deps.log.error(
          { deliveryId: row.id, kind: row.kind, attempts: row.attempts - 1 },
          'notification abandoned: its claims lapsed unfinished',
        );
        finished.push({ row, status: 'failed', result: { reason: 'claimsLapsed' } });
      } else live.push(row);
    }
    const writes = new DeliveryWrites();
    let results: BatchResult[];
    try {
      results = await this.deps.service.deliverBatch(
        live,
        now,
        this.deps.concurrency ?? SEND_CONCURRENCY,
        writes,
      );
    } catch (error) {
      // Nothing of the batch was sent (its members or subscriptions could not be read).
      results = live.map(() => ({ status: 'error', error }));
    }
    live.forEach((row, i) => finished.push(this.outcome(row, results[i]!)));
    await this.deps.db.transaction(async (tx) => {
      await this.deps.service.recordWrites(tx, writes, now);
      await finishAll(tx, finished, now);
    });
    const outcomes = new Map(finished.map((f) => [f.row.id, f.status]));
    return rows.map((row) => {
      const status = outcomes.get(row.id)!;
      return status === 'pending' ? 'failed' : status;
    });
  }

  /** What to record for a delivery's result (and the log line of a sent or failed one). */
  private outcome(row: DeliveryRow, result: BatchResult): Finished {
    if (result.status === 'skipped') {
      return { row, status: 'skipped', result: { reason: result.reason } };
    }
    if (result.status === 'sent') {
      this.deps.log.info(
        { event: 'notification.sent', kind: row.kind, deliveryId: row.id },
        'notification delivered',
      );
      return { row, status: 'sent', result: { channels: result.channels } };
    }
    const final = row.attempts >= MAX_ATTEMPTS;
    this.deps.log.warn(
      { err: result.error, deliveryId: row.id, attempt: row.attempts },
      final ? 'notification failed for good' : 'notification failed; will retry',
    );
    return { row, status: final ? 'failed' : 'pending', result: { error: String(result.error) } };
  }
}

interface Finished {
  row: DeliveryRow;
  status: 'sent' | 'skipped' | 'failed' | 'pending';
  result: Record<string, unknown>;
}

/** The outcomes of a batch in one UPDATE (each row still claimed: `sending`). */
async function finishAll(tx: Executor, finished: Finished[], now: Date): Promise<void> {
  if (finished.length === 0) return;
  const values = sql.join(
    finished.map(
      (f) => sql`(${f.row.id}::text, ${f.status}::text, ${JSON.stringify(f.result)}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    update ${notificationDelivery} as d
    set status = v.status, result = v.result, lease_until = null, updated_at = ${now.toISOString()}::timestamptz
    from (values ${values}) as v(id, status, result)
    where d.id = v.id and d.status = 'sending'`);
}
