/**
 * The notification values (kinds, channels, defaults, links) without Zod: a page that needs only
 * these does not download the validator (../schemas/notifications.ts re-exports them).
 *
 * Reminder kinds are scheduled at a local time of day; event kinds are sent when the thing
 * happens (a badge is awarded, a support ticket is answered).
 */
export const REMINDER_KINDS = [
  'dailyReading',
  'memoryDue',
  'streakAtRisk',
  'prayer',
  'weeklyProgress',
] as const;
export const EVENT_KINDS = [
  'badgeEarned',
  'supportAnswered',
  'groupMessage',
  'groupInvitation',
  'groupNews',
] as const;
export const SETTING_KINDS = [...REMINDER_KINDS, ...EVENT_KINDS] as const;
/** `test` is what /notification-test sends. */
export const NOTIFICATION_KINDS = [...SETTING_KINDS, 'test'] as const;

export type ReminderKind = (typeof REMINDER_KINDS)[number];
export type EventKind = (typeof EVENT_KINDS)[number];
export type SettingKind = (typeof SETTING_KINDS)[number];
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const CHANNELS = ['inApp', 'email', 'push'] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * The SPEC toggle (in the member's preferences) that switches each kind on. The daily reading
 * reminder is "Daily reminders", the one switch shown both in Preferences and in the
 * notification settings; "Study reminders" is the memory verses and the streak.
 */
export const KIND_TOGGLE: Record<
  SettingKind,
  'dailyReminders' | 'studyReminders' | 'prayerReminders' | 'weeklyProgress' | null
> = {
  dailyReading: 'dailyReminders',
  memoryDue: 'studyReminders',
  streakAtRisk: 'studyReminders',
  prayer: 'prayerReminders',
  weeklyProgress: 'weeklyProgress',
  badgeEarned: null,
  supportAnswered: null,
  groupMessage: null,
  groupInvitation: null,
  groupNews: null,
};

/** Where a notification of each kind leads. */
export const KIND_URL: Record<NotificationKind, string> = {
  dailyReading: '/daily-reading',
  memoryDue: '/memory-verses',
  streakAtRisk: '/',
  prayer: '/prayer',
  weeklyProgress: '/',
  badgeEarned: '/courses',
  supportAnswered: '/account-settings?tab=support',
  groupMessage: '/groups',
  groupInvitation: '/groups',
  groupNews: '/groups',
  test: '/notification-test',
};

/** The default local time of each kind (events ignore it). */
export const DEFAULT_KIND_TIMES: Record<SettingKind, string> = {
  dailyReading: '08:00',
  memoryDue: '12:00',
  streakAtRisk: '20:30',
  prayer: '19:00',
  weeklyProgress: '18:00',
  badgeEarned: '12:00',
  supportAnswered: '12:00',
  groupMessage: '12:00',
  groupInvitation: '12:00',
  groupNews: '12:00',
};

/**
 * What a `groupNews` notification tells (its payload's `event`; the words are
 * `notify.kinds.groupNews.<event>`): the group ended (by its leader, or by Camino's team), the
 * leaders let members read reflections (the author is asked again), you were made co-leader.
 */
export const GROUP_NEWS_EVENTS = ['ended', 'endedByTeam', 'reflectionsOpened', 'coLeader'] as const;
export type GroupNewsEvent = (typeof GROUP_NEWS_EVENTS)[number];

/** The i18n key of a notification's title or body: `groupNews` words each event on its own. */
export function notificationKey(
  kind: NotificationKind,
  data: Record<string, unknown>,
  part: 'title' | 'body',
): string {
  if (kind === 'groupNews') {
    const event = (GROUP_NEWS_EVENTS as readonly unknown[]).includes(data.event)
      ? (data.event as GroupNewsEvent)
      : 'ended';
    return `notify.kinds.groupNews.${event}.${part}`;
  }
  return `notify.kinds.${kind}.${part}`;
}

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** What happened on one channel of a test (or a delivery). */
export const CHANNEL_OUTCOMES = [
  'delivered',
  'sent',
  'logged',
  'disabled',
  'notSubscribed',
  'noMailServer',
  'quietHours',
  'failed',
] as const;
export type ChannelOutcome = (typeof CHANNEL_OUTCOMES)[number];

/** Kinds with no e-mail channel here: the support feature e-mails the answer itself. */
export const KINDS_WITHOUT_EMAIL: readonly SettingKind[] = ['supportAnswered'];
