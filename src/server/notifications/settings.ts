/** A member's notification settings: the table row merged over the defaults. */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  SETTING_KINDS,
  notificationSettingsSchema,
  type NotificationSettings,
  type NotificationToggles,
} from '#shared/schemas/notifications.ts';
import { DEFAULT_PREFERENCES, type UserPreferences } from '#shared/schemas/user.ts';
import type { Executor } from '../db/client.ts';
import { notificationSettings } from '../db/schema.ts';

/** Stored settings over the defaults; anything unreadable falls back to its default. */
export function mergeSettings(stored: unknown): NotificationSettings {
  const d = DEFAULT_NOTIFICATION_SETTINGS;
  const s = (stored ?? {}) as Partial<NotificationSettings>;
  const merged: NotificationSettings = {
    paused: typeof s.paused === 'boolean' ? s.paused : d.paused,
    quietHours: { ...d.quietHours, ...(s.quietHours ?? {}) },
    kinds: { ...d.kinds },
  };
  for (const kind of SETTING_KINDS) {
    merged.kinds[kind] = { ...d.kinds[kind], ...(s.kinds?.[kind] ?? {}) };
  }
  const parsed = notificationSettingsSchema.safeParse(merged);
  return parsed.success ? parsed.data : d;
}

export async function loadSettings(db: Executor, userId: string): Promise<NotificationSettings> {
  const [row] = await db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId));
  return mergeSettings(row?.settings);
}

export async function saveSettings(
  db: Executor,
  userId: string,
  settings: NotificationSettings,
): Promise<void> {
  await db
    .insert(notificationSettings)
    .values({ userId, settings, updatedAt: new Date() })
    .onConflictDoUpdate({
      target: notificationSettings.userId,
      set: { settings, updatedAt: new Date() },
    });
}

export function togglesOf(preferences: Partial<UserPreferences>): NotificationToggles {
  const p = { ...DEFAULT_PREFERENCES, ...preferences };
  return {
    emailNotifications: p.emailNotifications,
    studyReminders: p.studyReminders,
    prayerReminders: p.prayerReminders,
    weeklyProgress: p.weeklyProgress,
  };
}
