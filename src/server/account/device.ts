/**
 * A member's time zone and language come from their device until they choose one (ADR 0038):
 * at sign-up and at each sign-in the browser says its zone and interface language, and each is
 * saved when the stored preferences have none. A key present in `user.preferences` is a choice
 * (made in the settings, the header's language switch or the time zone offer) and is never
 * replaced here; a zone stored before zones were checked that is not one counts as none.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { DeviceSettings, UserPreferences } from '#shared/schemas/user.ts';
import { isTimeZone } from '#shared/values/time.ts';
import type { Executor } from '../db/client.ts';
import { user } from '../db/schema.ts';
import { refreshReminderSchedule } from '../notifications/reminder-schedule.ts';

/** Saves what the device says where the member has chosen nothing; answers what was saved. */
export async function adoptDeviceSettings(
  db: Executor,
  userId: string,
  device: DeviceSettings,
): Promise<Partial<UserPreferences>> {
  if (!device.timeZone && !device.language) return {};
  const [row] = await db
    .select({ preferences: user.preferences })
    .from(user)
    .where(eq(user.id, userId));
  if (!row) return {};
  const stored = row.preferences;
  const changes: Partial<UserPreferences> = {};
  if (device.timeZone && !isTimeZone(stored.timeZone)) changes.timeZone = device.timeZone;
  if (device.language && stored.language === undefined) changes.language = device.language;
  if (Object.keys(changes).length === 0) return {};
  // Only over the preferences just read: a choice saved meanwhile (another tab) wins.
  const updated = await db
    .update(user)
    .set({
      preferences: sql`${user.preferences} || ${JSON.stringify(changes)}::jsonb`,
      updatedAt: new Date(),
    })
    .where(and(eq(user.id, userId), sql`${user.preferences} = ${JSON.stringify(stored)}::jsonb`))
    .returning({ id: user.id });
  if (updated.length === 0) return {};
  // A zone from the device moves the member's reminders (ADR 0045).
  if (changes.timeZone) await refreshReminderSchedule(db, userId);
  return changes;
}
