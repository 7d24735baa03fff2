import type { TFunction } from 'i18next';
import type { NotificationItem } from '#shared/schemas/notifications.ts';
import { notificationKey } from '#shared/values/notifications.ts';
import { longDate } from '#shared/values/time.ts';

/**
 * The title and body of a notification, as the server words its push and e-mail; `lang` is the
 * language `t` speaks (a date in the text is written in it).
 */
export function notificationText(t: TFunction, item: NotificationItem, lang: string) {
  const data: Record<string, string | number> = { ...item.data };
  if (item.kind === 'badgeEarned' && typeof data.badge === 'string') {
    data.badgeName = t(`courses.badges.${data.badge}`);
  }
  let body: string;
  if (item.kind === 'groupInvitation' && typeof data.expiresAt === 'string') {
    // The invitation's last day, in this device's time zone (the e-mail: the member's saved one).
    data.expires = longDate(lang, data.expiresAt);
    body = t('notify.kinds.groupInvitation.bodyExpires', data);
  } else if (item.kind === 'prayer' && data.count === 0) body = t('notify.kinds.prayer.bodyNone');
  else body = t(notificationKey(item.kind, data, 'body'), data);
  if (item.kind === 'streakAtRisk') {
    body = `${body} ${t(data.grace ? 'notify.kinds.streakAtRisk.grace' : 'notify.kinds.streakAtRisk.noGrace')}`;
  }
  return { title: t(notificationKey(item.kind, data, 'title'), data), body };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago", "3 hours ago", "2 days ago" in the member's language. */
export function relativeTime(iso: string, lang: string, now = Date.now()): string {
  const rtf = new Intl.RelativeTimeFormat(lang, { numeric: 'auto' });
  const diff = Date.parse(iso) - now;
  const ago = Math.abs(diff);
  if (ago < MINUTE) return rtf.format(0, 'second');
  if (ago < HOUR) return rtf.format(Math.round(diff / MINUTE), 'minute');
  if (ago < DAY) return rtf.format(Math.round(diff / HOUR), 'hour');
  return rtf.format(Math.round(diff / DAY), 'day');
}
