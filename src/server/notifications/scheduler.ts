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
 *    lease expires; a row more than LATE_LIMIT past due is skipped, not sent late.
 *
 * The clock is injected, so tests move time by hand.
 */
import { and, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { notificationDelivery } from '../db/schema.ts';
import { planDueReminders, type PlanReport } from './reminder-schedule.ts';
import type { NotificationService } from './service.ts';

/** A reminder missed (app down) is still sent up to this long after its time, never later. */
export const LATE_LIMIT_MS = 2 * 3600_000;
/** How long a claimed delivery is reserved for the instance that claimed it. */
export const LEASE_MS = 5 * 60_000;
const MAX_ATTEMPTS = 3;
const BATCH = 50;
/** Schedule rows planned per transaction. */
const PLAN_BATCH = 500;
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

  private async finish(
    row: DeliveryRow,
    status: 'sent' | 'skipped' | 'failed' | 'pending',
    result: Record<string, unknown>,
    now: Date,
  ) {
    await this.deps.db
      .update(notificationDelivery)
      .set({ status, result, leaseUntil: null, updatedAt: now })
      .where(and(eq(notificationDelivery.id, row.id), eq(notificationDelivery.status, 'sending')));
  }

  /** Delivers claimed rows, a few at a time (each row's outcome, in order). */
  private async workAll(rows: DeliveryRow[], now: Date) {
    const outcomes: ('sent' | 'skipped' | 'failed')[] = [];
    let next = 0;
    const lane = async () => {
      while (next < rows.length) {
        const i = next++;
        outcomes[i] = await this.work(rows[i]!, now);
      }
    };
    const lanes = Math.max(1, Math.min(this.deps.concurrency ?? SEND_CONCURRENCY, rows.length));
    await Promise.all(Array.from({ length: lanes }, lane));
    return outcomes;
  }

  /** Delivers one claimed row and records what happened. */
  async work(row: DeliveryRow, now: Date): Promise<'sent' | 'skipped' | 'failed'> {
    if (now.getTime() - row.dueAt.getTime() > LATE_LIMIT_MS) {
      await this.finish(row, 'skipped', { reason: 'late' }, now);
      return 'skipped';
    }
    try {
      const result = await this.deps.service.deliver(row, now);
      if (result.status === 'skipped') {
        await this.finish(row, 'skipped', { reason: result.reason }, now);
        return 'skipped';
      }
      await this.finish(row, 'sent', { channels: result.channels }, now);
      this.deps.log.info(
        { event: 'notification.sent', kind: row.kind, deliveryId: row.id },
        'notification delivered',
      );
      return 'sent';
    } catch (error) {
      const final = row.attempts >= MAX_ATTEMPTS;
      this.deps.log.warn(
        { err: error, deliveryId: row.id, attempt: row.attempts },
        final ? 'notification failed for good' : 'notification failed; will retry',
      );
      await this.finish(row, final ? 'failed' : 'pending', { error: String(error) }, now);
      return 'failed';
    }
  }
}
