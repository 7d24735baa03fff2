/**
 * Delivering notifications: a claimed delivery through every channel, and the test message.
 * Event notifications are raised with `notify()` (./notify.ts).
 */
import { eq, inArray } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '#shared/constants.ts';
import {
  KIND_URL,
  KINDS_WITHOUT_EMAIL,
  REMINDER_KINDS,
  type ChannelResult,
  type NotificationKind,
  type NotificationTestResult,
  type ReminderKind,
  type SettingKind,
} from '#shared/schemas/notifications.ts';
import { preferencesOf, type UserPreferences } from '#shared/schemas/user.ts';
import type { Database, Executor } from '../db/client.ts';
import type { notificationDelivery } from '../db/schema.ts';
import { notification, notificationSettings, user } from '../db/schema.ts';
import { recordOutbox, type Mailer, type OutboxRow } from '../mail/mailer.ts';
import { reminderPayload, render, type Payload } from './content.ts';
import { notificationEmail, unsubscribeToken } from './email.ts';
import type { PushSender, PushSubscriptionRow } from './push.ts';
import { localParts } from '#shared/values/time.ts';
import { inQuietHours, mergeSettings, reminderWanted, togglesOf } from './settings.ts';
import type { NotificationSettings } from '#shared/schemas/notifications.ts';

type DeliveryRow = typeof notificationDelivery.$inferSelect;

const isReminder = (kind: string): kind is ReminderKind =>
  (REMINDER_KINDS as readonly string[]).includes(kind);

export interface NotificationServiceDeps {
  db: Database;
  mailer: Mailer;
  /** False without SMTP_URL: e-mail is only kept in the outbox. */
  mailConfigured: boolean;
  push: PushSender;
  appUrl: string;
  secret: string;
  log: FastifyBaseLogger;
}

interface Member {
  id: string;
  email: string;
  preferences: UserPreferences;
  /** Locked by an admin: cannot sign in (see `prepare`). */
  locked: boolean;
}

export type DeliveryResult =
  | { status: 'skipped'; reason: string }
  | { status: 'sent'; channels: Record<string, ChannelResult> };

/** A delivery of a batch: its result, or the error its sending threw. */
export type BatchResult = DeliveryResult | { status: 'error'; error: unknown };

/** A delivery still wanted, with what it says. */
interface Prepared {
  member: Member;
  settings: NotificationSettings;
  kind: SettingKind;
  data: Payload;
}

/**
 * What a batch of deliveries leaves to write, gathered while sending and written in one
 * transaction with the deliveries' outcomes (`recordWrites`).
 */
export class DeliveryWrites {
  readonly outbox: OutboxRow[] = [];
  readonly pushSucceeded: string[] = [];
}

/** A batch's push subscriptions by member, and where its writes are gathered. */
interface InBatch {
  subscriptions: Map<string, PushSubscriptionRow[]>;
  writes: DeliveryWrites;
}

/** `work` over `items`, at most `lanes` at a time; the answers in order. */
async function inLanes<T, R>(
  items: readonly T[],
  lanes: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = [];
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await work(items[i]!, i);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(lanes, items.length)) }, lane));
  return out;
}

/** A member as the sender needs them, from their `user` row's columns. */
function toMember(row: {
  id: string;
  email: string;
  preferences: Parameters<typeof preferencesOf>[0];
  lockedAt: Date | null;
}): Member {
  return {
    id: row.id,
    email: row.email,
    preferences: preferencesOf(row.preferences),
    locked: row.lockedAt !== null,
  };
}

export class NotificationService {
  constructor(readonly deps: NotificationServiceDeps) {}

  private async member(userId: string): Promise<Member | null> {
    const [row] = await this.deps.db
      .select({
        id: user.id,
        email: user.email,
        preferences: user.preferences,
        lockedAt: user.lockedAt,
      })
      .from(user)
      .where(eq(user.id, userId));
    return row ? toMember(row) : null;
  }

  unsubscribeUrl(userId: string, kind: SettingKind, now: Date): string {
    const token = unsubscribeToken(this.deps.secret, userId, kind, now);
    return `${this.deps.appUrl}/api/notifications/unsubscribe?token=${token}`;
  }

  private async sendEmail(
    member: Member,
    kind: NotificationKind,
    data: Payload,
    now: Date,
    writes?: DeliveryWrites,
  ): Promise<ChannelResult> {
    const lang: Language = member.preferences.language;
    const message = notificationEmail({
      to: member.email,
      lang,
      kind,
      rendered: render(lang, kind, data, member.preferences.timeZone),
      appUrl: this.deps.appUrl,
      unsubscribeUrl: kind === 'test' ? null : this.unsubscribeUrl(member.id, kind, now),
      settingsUrl: `${this.deps.appUrl}/notification-settings`,
    });
    try {
      await this.deps.mailer.send(
        // The outbox keeps who and when; the body is made again from the delivery if needed.
        { ...message, keep: 'envelope' },
        writes ? { outbox: writes.outbox } : {},
      );
    } catch (error) {
      // The mail server's error (its address, its answer) is for the log, not the member.
      this.deps.log.warn({ err: error, event: 'notification.mail-failed' }, 'e-mail not sent');
      return { outcome: 'failed' };
    }
    return { outcome: this.deps.mailConfigured ? 'sent' : 'noMailServer' };
  }

  private async sendPush(
    member: Member,
    kind: NotificationKind,
    data: Payload,
    tag: string,
    batch?: InBatch,
  ): Promise<ChannelResult> {
    const rendered = render(member.preferences.language, kind, data, member.preferences.timeZone);
    const out = await this.deps.push.send(
      member.id,
      { ...rendered, tag },
      batch
        ? {
            subscriptions: batch.subscriptions.get(member.id) ?? [],
            succeeded: batch.writes.pushSucceeded,
          }
        : {},
    );
    if (out.tried === 0) return { outcome: 'notSubscribed' };
    if (out.delivered === 0) {
      // Why it failed stays in the server's log: what the member sees names no network error.
      return out.tried === out.removed
        ? { outcome: 'notSubscribed', count: 0 }
        : { outcome: 'failed', count: 0 };
    }
    return { outcome: 'delivered', count: out.delivered };
  }

  /** Members and their notification settings, in one query for a batch of deliveries. */
  private async membersAndSettings(userIds: string[]) {
    const found = new Map<string, { member: Member; settings: NotificationSettings }>();
    if (userIds.length === 0) return found;
    const rows = await this.deps.db
      .select({
        id: user.id,
        email: user.email,
        preferences: user.preferences,
        lockedAt: user.lockedAt,
        settings: notificationSettings.settings,
      })
      .from(user)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id))
      .where(inArray(user.id, userIds));
    for (const row of rows) {
      found.set(row.id, { member: toMember(row), settings: mergeSettings(row.settings) });
    }
    return found;
  }

  /**
   * Delivers a batch of claimed deliveries (issue 28: a morning peak is tens of thousands):
   * the members, their settings and their push subscriptions are read once for the batch, the
   * in-app notifications of the batch are one insert, made before anything is sent, and the
   * messages go out `concurrency` at a time. What sending leaves to write (the outbox copies,
   * the subscriptions' success times) is gathered in `writes`, for the caller to write with the
   * deliveries' outcomes in one transaction (`recordWrites`). Each row's result, in order; a
   * row whose sending threw has its error (the batch's other rows are not held back by it).
   */
  async deliverBatch(
    rows: DeliveryRow[],
    now: Date,
    concurrency: number,
    writes: DeliveryWrites,
  ): Promise<BatchResult[]> {
    const userIds = [...new Set(rows.map((r) => r.userId))];
    const members = await this.membersAndSettings(userIds);
    const subscriptions = await this.deps.push.subscriptionsOf(userIds);
    const results: BatchResult[] = [];
    const ready: (Prepared | null)[] = await inLanes(rows, concurrency, async (row, i) => {
      try {
        const prepared = await this.prepare(row, members.get(row.userId), now);
        if ('status' in prepared) {
          results[i] = prepared;
          return null;
        }
        return prepared;
      } catch (error) {
        results[i] = { status: 'error', error };
        return null;
      }
    });
    const inApp = ready.flatMap((p, i) =>
      p && isReminder(p.kind)
        ? [
            {
              id: randomUUID(),
              userId: p.member.id,
              kind: p.kind,
              data: p.data,
              url: KIND_URL[p.kind],
              deliveryId: rows[i]!.id,
              createdAt: now,
            },
          ]
        : [],
    );
    // A retried delivery finds its in-app notification there already (unique delivery id).
    if (inApp.length > 0)
      await this.deps.db.insert(notification).values(inApp).onConflictDoNothing();
    await inLanes(rows, concurrency, async (row, i) => {
      const prepared = ready[i];
      if (!prepared) return;
      try {
        results[i] = await this.sendChannels(row, prepared, now, { subscriptions, writes });
      } catch (error) {
        results[i] = { status: 'error', error };
      }
    });
    return results;
  }

  /** Writes what a batch's sending gathered (call it in the transaction that records it). */
  async recordWrites(tx: Executor, writes: DeliveryWrites, now: Date): Promise<void> {
    await recordOutbox(tx, writes.outbox);
    await this.deps.push.recordSuccess(tx, writes.pushSucceeded, now);
  }

  /** Whether a delivery is still wanted, and what it says (a reminder's payload is read now). */
  private async prepare(
    row: DeliveryRow,
    found: { member: Member; settings: NotificationSettings } | undefined,
    now: Date,
  ): Promise<Prepared | DeliveryResult> {
    if (!found) return { status: 'skipped', reason: 'noMember' };
    const { member, settings } = found;
    const kind = row.kind as SettingKind;
    // A locked member cannot sign in: nothing calls them back to the app (reminders, groups,
    // badges). The answer to their support request still reaches them: it may be about the lock.
    if (member.locked && kind !== 'supportAnswered') return { status: 'skipped', reason: 'locked' };
    if (!isReminder(kind)) return { member, settings, kind, data: row.payload };
    if (settings.paused || !reminderWanted(kind, member.preferences)) {
      return { status: 'skipped', reason: 'disabled' };
    }
    const data = await reminderPayload(this.deps.db, member.id, kind, row.localDay, now);
    if (!data) return { status: 'skipped', reason: 'notNeeded' };
    return { member, settings, kind, data };
  }

  /** Push and e-mail for a prepared delivery (the in-app notification is written already). */
  private async sendChannels(
    row: DeliveryRow,
    { member, settings, kind, data }: Prepared,
    now: Date,
    batch: InBatch,
  ): Promise<DeliveryResult> {
    const toggles = togglesOf(member.preferences);
    const channels: Record<string, ChannelResult> = { inApp: { outcome: 'delivered' } };
    const kindSettings = settings.kinds[kind];
    const quiet = inQuietHours(settings.quietHours, localParts(now, member.preferences.timeZone));
    const external = (wanted: boolean) =>
      !wanted
        ? { outcome: 'disabled' as const }
        : settings.paused
          ? { outcome: 'disabled' as const }
          : quiet
            ? { outcome: 'quietHours' as const }
            : null;
    channels.push =
      external(kindSettings.push) ??
      (await this.sendPush(member, kind, data, `${kind}-${row.localDay}`, batch));
    channels.email =
      external(
        kindSettings.email && toggles.emailNotifications && !KINDS_WITHOUT_EMAIL.includes(kind),
      ) ?? (await this.sendEmail(member, kind, data, now, batch.writes));
    return { status: 'sent', channels };
  }

  /** /notification-test: one message through every channel, with what happened on each. */
  async sendTest(userId: string, now = new Date()): Promise<NotificationTestResult> {
    const member = await this.member(userId);
    if (!member) throw new Error('member not found');
    const data: Payload = {};
    await this.deps.db.insert(notification).values({
      id: randomUUID(),
      userId,
      kind: 'test',
      data,
      url: KIND_URL.test,
      createdAt: now,
    });
    const toggles = togglesOf(member.preferences);
    const email: ChannelResult = toggles.emailNotifications
      ? await this.sendEmail(member, 'test', data, now)
      : { outcome: 'disabled' };
    const push = await this.sendPush(member, 'test', data, `test-${now.getTime()}`);
    this.deps.log.info(
      { event: 'notification.test', email: email.outcome, push: push.outcome },
      'test notification sent',
    );
    return { inApp: { outcome: 'delivered' }, email, push };
  }
}
