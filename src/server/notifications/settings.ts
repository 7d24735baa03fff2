/** A member's notification settings: the table row merged over the defaults. */
import { eq } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  KIND_TOGGLE,
  SETTING_KINDS,
  type ReminderKind,
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
    dailyReminders: p.dailyReminders,
    studyReminders: p.studyReminders,
    prayerReminders: p.prayerReminders,
    weeklyProgress: p.weeklyProgress,
  };
}

/** Reminders made of the activity history, which "progress tracking" off stops recording. */
const FROM_TRACKING: readonly ReminderKind[] = ['streakAtRisk', 'weeklyProgress'];

/**
 * Whether the member wants this reminder: its SPEC toggle is on (the daily reading's is "Daily
 * reminders", shown in Preferences and in the notification settings alike), and a reminder
 * about the streak or the week's progress only while progress is tracked.
 */
export function reminderWanted(kind: ReminderKind, preferences: Partial<UserPreferences>): boolean {
  const p = { ...DEFAULT_PREFERENCES, ...preferences };
  const toggle = KIND_TOGGLE[kind];
  if (toggle && !p[toggle]) return false;
  return p.progressTracking || !FROM_TRACKING.includes(kind);
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Whether a local minute of the day falls in quiet hours (which may wrap past midnight). */
export function inQuietHours(
  quiet: { enabled: boolean; start: string; end: string },
  local: { hour: number; minute: number },
): boolean {
  if (!quiet.enabled) return false;
  const now = local.hour * 60 + local.minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}
