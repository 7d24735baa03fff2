import {
  SECOND_FACTOR_SNOOZE_COOKIE,
  VERIFY_NOTICE_HIDDEN_COOKIE,
  readDeviceCookie,
  writeDeviceCookie,
} from '#delivery/app/device-cookies.ts';

/**
 * "Not now" on the invitation to turn on two-step verification (ADR 0044): kept in this browser
 * for 30 days, per member (a shared computer's other members are still asked). Only a date. In
 * a cookie: the server draws the member's page as this browser will (docs/decisions/0060).
 */
const SNOOZE_DAYS = 30;

function snoozes(): Record<string, number> {
  const all: Record<string, number> = {};
  for (const entry of (readDeviceCookie(SECOND_FACTOR_SNOOZE_COOKIE) ?? '').split(',')) {
    const [id, until] = entry.split('.');
    if (id && Number(until) > 0) all[id] = Number(until);
  }
  return all;
}

export function secondFactorSnoozed(userId: string, now = Date.now()): boolean {
  const until = snoozes()[userId];
  return typeof until === 'number' && until > now;
}

export function snoozeSecondFactor(userId: string, now = Date.now()): void {
  try {
    const all = snoozes();
    for (const [id, until] of Object.entries(all)) if (until <= now) delete all[id];
    all[userId] = now + SNOOZE_DAYS * 86_400_000;
    writeDeviceCookie(
      SECOND_FACTOR_SNOOZE_COOKIE,
      Object.entries(all)
        .map(([id, until]) => `${id}.${until}`)
        .join(','),
    );
  } catch {
    // cookies unavailable: the invitation shows again next time
  }
}

/**
 * × on the notice asking to confirm the e-mail address: hidden for this member until the browser
 * closes. In a cookie the server reads, so a drawn page does not show it and then take it away.
 */
function hiddenVerifyNotices(): string[] {
  return (readDeviceCookie(VERIFY_NOTICE_HIDDEN_COOKIE) ?? '').split(',').filter(Boolean);
}

export function verifyNoticeHidden(userId: string): boolean {
  return hiddenVerifyNotices().includes(userId);
}

export function hideVerifyNotice(userId: string): void {
  try {
    const ids = [...new Set([...hiddenVerifyNotices(), userId])].slice(-8);
    writeDeviceCookie(VERIFY_NOTICE_HIDDEN_COOKIE, ids.join(','), { untilClosed: true });
  } catch {
    // cookies unavailable: the notice shows again on the next page load
  }
}
