/**
 * "Not now" on the invitation to turn on two-step verification (ADR 0044): kept in this browser
 * for 30 days, per member (a shared computer's other members are still asked). Only a date.
 */
export const SECOND_FACTOR_SNOOZE_KEY = 'camino:second-factor-snoozed';
const SNOOZE_DAYS = 30;

function snoozes(): Record<string, number> {
  try {
    const raw = localStorage.getItem(SECOND_FACTOR_SNOOZE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
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
    localStorage.setItem(SECOND_FACTOR_SNOOZE_KEY, JSON.stringify(all));
  } catch {
    // storage unavailable: the invitation shows again next time
  }
}
