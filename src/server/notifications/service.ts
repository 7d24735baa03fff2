/**
 * Delivering notifications: a claimed delivery through every channel, and the test message.
 * Event notifications are raised with `notify()` (./notify.ts).
 */
import { eq } from 'drizzle-orm';
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
import type { Database } from '../db/client.ts';
import type { notificationDelivery } from '../db/schema.ts';
import { notification, notificationSettings, user } from '../db/schema.ts';
import type { Mailer } from '../mail/mailer.ts';
import { reminderPayload, render, type Payload } from './content.ts';
import { notificationEmail, unsubscribeToken } from './email.ts';
import type { PushSender } from './push.ts';
import { localParts } from '#shared/values/time.ts';
import { inQuietHours, mergeSettings, reminderWanted, togglesOf } from './settings.ts';

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
}

export type DeliveryResult =
  | { status: 'skipped'; reason: string }
  | { status: 'sent'; channels: Record<string, ChannelResult> };

export class NotificationService {
  constructor(readonly deps: NotificationServiceDeps) {}

  private async member(userId: string): Promise<Member | null> {
    const [row] = await this.deps.db
      .select({ id: user.id, email: user.email, preferences: user.preferences })
      .from(user)
      .where(eq(user.id, userId));
    if (!row) return null;
    return { ...row, preferences: preferencesOf(row.preferences) };
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
  ): Promise<ChannelResult> {
    const lang: Language = member.preferences.language;
    const message = notificationEmail({
      to: member.email,
      lang,
      kind,
      rendered: render(lang, kind, data),
      appUrl: this.deps.appUrl,
      unsubscribeUrl: kind === 'test' ? null : this.unsubscribeUrl(member.id, kind, now),
      settingsUrl: `${this.deps.appUrl}/notification-settings`,
    });
    try {
      await this.deps.mailer.send(message);
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
  ): Promise<ChannelResult> {
    const rendered = render(member.preferences.language, kind, data);
    const out = await this.deps.push.send(member.id, { ...rendered, tag });
    if (out.tried === 0) return { outcome: 'notSubscribed' };
    if (out.delivered === 0) {
      // Why it failed stays in the server's log: what the member sees names no network error.
      return out.tried === out.removed
        ? { outcome: 'notSubscribed', count: 0 }
        : { outcome: 'failed', count: 0 };
    }
    return { outcome: 'delivered', count: out.delivered };
  }

  /** The member and their notification settings, in one query (a morning peak sends many). */
  private async memberAndSettings(userId: string) {
    const [row] = await this.deps.db
      .select({
        id: user.id,
        email: user.email,
        preferences: user.preferences,
        settings: notificationSettings.settings,
      })
      .from(user)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, user.id))
      .where(eq(user.id, userId));
    if (!row) return null;
    const member: Member = {
      id: row.id,
      email: row.email,
      preferences: preferencesOf(row.preferences),
    };
    return { member, settings: mergeSettings(row.settings) };
  }

  /** Delivers one claimed delivery row: checks it is still wanted, then every channel. */
  async deliver(row: DeliveryRow, now: Date): Promise<DeliveryResult> {
    const found = await this.memberAndSettings(row.userId);
    if (!found) return { status: 'skipped', reason: 'noMember' };
    const { member, settings } = found;
    const toggles = togglesOf(member.preferences);
    const kind = row.kind as SettingKind;
    let data: Payload = row.payload;
    if (isReminder(kind)) {
      if (settings.paused || !reminderWanted(kind, member.preferences)) {
        return { status: 'skipped', reason: 'disabled' };
      }
      const payload = await reminderPayload(this.deps.db, member.id, kind, row.localDay, now);
      if (!payload) return { status: 'skipped', reason: 'notNeeded' };
      data = payload;
      await this.deps.db
        .insert(notification)
        .values({
          id: randomUUID(),
          userId: member.id,
          kind,
          data,
          url: KIND_URL[kind],
          deliveryId: row.id,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
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
      (await this.sendPush(member, kind, data, `${kind}-${row.localDay}`));
    channels.email =
      external(
        kindSettings.email && toggles.emailNotifications && !KINDS_WITHOUT_EMAIL.includes(kind),
      ) ?? (await this.sendEmail(member, kind, data, now));
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
