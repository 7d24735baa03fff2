import { z } from 'zod';
import {
  CHANNEL_OUTCOMES,
  DEFAULT_KIND_TIMES,
  NOTIFICATION_KINDS,
  SETTING_KINDS,
  type SettingKind,
} from '../values/notifications.ts';
import { timeZoneSchema } from './user.ts';
export * from '../values/notifications.ts';

/**
 * Notifications: what is sent, through which channels, and the member's settings.
 * Reminder kinds are scheduled at a local time of day; event kinds are sent when the thing
 * happens (a badge is awarded, a support ticket is answered).
 */
export const timeOfDaySchema = z
  .string()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'validation.invalid' });

export const kindSettingSchema = z.object({
  email: z.boolean(),
  push: z.boolean(),
  /** Local time of day (reminders only). */
  time: timeOfDaySchema,
});
export type KindSetting = z.infer<typeof kindSettingSchema>;

export const notificationSettingsSchema = z.object({
  paused: z.boolean(),
  quietHours: z.object({
    enabled: z.boolean(),
    start: timeOfDaySchema,
    end: timeOfDaySchema,
  }),
  kinds: z.object(
    Object.fromEntries(SETTING_KINDS.map((k) => [k, kindSettingSchema])) as Record<
      SettingKind,
      typeof kindSettingSchema
    >,
  ),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** Defaults: in-app on, e-mail and push off until the member opts in. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  paused: false,
  quietHours: { enabled: false, start: '22:00', end: '07:00' },
  kinds: Object.fromEntries(
    SETTING_KINDS.map((k) => [k, { email: false, push: false, time: DEFAULT_KIND_TIMES[k] }]),
  ) as NotificationSettings['kinds'],
};

/** The SPEC toggles (kept in the member's preferences) travel with the settings. */
export const notificationTogglesSchema = z.object({
  emailNotifications: z.boolean(),
  dailyReminders: z.boolean(),
  studyReminders: z.boolean(),
  prayerReminders: z.boolean(),
  weeklyProgress: z.boolean(),
});
export type NotificationToggles = z.infer<typeof notificationTogglesSchema>;

export const notificationSettingsResponseSchema = z.object({
  toggles: notificationTogglesSchema,
  settings: notificationSettingsSchema,
  timeZone: z.string(),
});
export type NotificationSettingsResponse = z.infer<typeof notificationSettingsResponseSchema>;

export const notificationSettingsUpdateSchema = z
  .object({
    toggles: notificationTogglesSchema.partial().strict(),
    settings: notificationSettingsSchema,
    /** The member's time zone (kept with the preferences): reminders follow it. */
    timeZone: timeZoneSchema,
  })
  .partial()
  .strict();
export type NotificationSettingsUpdate = z.infer<typeof notificationSettingsUpdateSchema>;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** Values for the kind's message (counts, a badge id, a ticket subject...). */
  data: z.record(z.string(), z.union([z.string(), z.number()])),
  url: z.string(),
  readAt: z.string().nullable(),
  createdAt: z.string(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  total: z.number(),
  unread: z.number(),
  page: z.number(),
  pageSize: z.number(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const pushSubscriptionSchema = z.object({
  endpoint: z.url({ error: 'validation.invalid' }).max(2000),
  keys: z.object({
    p256dh: z.string().min(1).max(200),
    auth: z.string().min(1).max(100),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;

export const channelResultSchema = z.object({
  outcome: z.enum(CHANNEL_OUTCOMES),
  /** Push: subscriptions reached / tried. */
  count: z.number().optional(),
});
export type ChannelResult = z.infer<typeof channelResultSchema>;

export const notificationTestResultSchema = z.object({
  inApp: channelResultSchema,
  email: channelResultSchema,
  push: channelResultSchema,
});
export type NotificationTestResult = z.infer<typeof notificationTestResultSchema>;
