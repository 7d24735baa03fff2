/**
 * What this browser remembers that changes a member's first screen, kept in cookies the server
 * can read too: a page the server draws (docs/decisions/0060) must be drawn as the browser will
 * draw it when it takes the page over, or the two disagree. Only the names listed here are ever
 * given to the server's drawing.
 */
import { currentDrawing } from './drawing-context.ts';

/** The Bible reader's last place (`<book>.<chapter>`), where /bible opens. */
export const BIBLE_POSITION_COOKIE = 'bible-position';
/** "Not now" on the invitation to a second step of signing in: `<member id>.<until ms>`, … */
export const SECOND_FACTOR_SNOOZE_COOKIE = 'second-factor-snoozed';
/** The notice asking to confirm the e-mail address, hidden until the browser closes: member ids. */
export const VERIFY_NOTICE_HIDDEN_COOKIE = 'verify-notice-hidden';
/** "Save data" chosen on this device (`1`; client/lib/save-data.ts), shown by Preferences. */
export const SAVE_DATA_COOKIE = 'save-data';
export const DEVICE_COOKIES = [
  BIBLE_POSITION_COOKIE,
  SECOND_FACTOR_SNOOZE_COOKIE,
  VERIFY_NOTICE_HIDDEN_COOKIE,
  SAVE_DATA_COOKIE,
] as const;

export function readDeviceCookie(name: (typeof DEVICE_COOKIES)[number]): string | null {
  // On the server, while it draws a page: that request's cookies.
  const drawing = currentDrawing();
  if (drawing) return drawing.cookies[name] ?? null;
  if (typeof document === 'undefined') return null;
  const found = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${name}=`));
  if (!found) return null;
  try {
    return decodeURIComponent(found.slice(name.length + 1));
  } catch {
    return null;
  }
}

/**
 * Kept a year, or until the browser closes (`untilClosed`), sent with every page of the site
 * (the server reads it when drawing one).
 */
export function writeDeviceCookie(
  name: (typeof DEVICE_COOKIES)[number],
  value: string,
  { untilClosed = false } = {},
): void {
  const age = untilClosed ? '' : '; Max-Age=31536000';
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/${age}; SameSite=Lax`;
}
