import { hasPremiumAccess } from '#shared/values/subscription.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';

/** Premium features are open to subscribers and to admins. */
export function hasPremium(user: Pick<CurrentUser, 'isPremium' | 'role'> | null): boolean {
  return hasPremiumAccess(user);
}

/** Today's local date as YYYY-MM-DD. */
export function localDate(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * When the current period is over: `null` when it ends today (it resets tomorrow), else the
 * last day of the period formatted like "Sun, Nov 29" in the UI language. `periodEnd` is a
 * local date (YYYY-MM-DD, inclusive), so it is formatted as a calendar date, not an instant.
 */
export function periodEndLabel(periodEnd: string, language: string, today = localDate()) {
  if (periodEnd <= today) return null;
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${periodEnd}T00:00:00Z`));
}

/** A whole number in [min, max] parsed from a text field, else null. */
export function parseWholeNumber(value: string, min: number, max: number): number | null {
  const text = value.trim();
  if (!/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n >= min && n <= max ? n : null;
}
