/** Local-date arithmetic on YYYY-MM-DD strings (calendar days, no time zone involved). */
import type { GoalPeriod } from '#shared/schemas/goals.ts';

const DAY_MS = 86_400_000;
const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromMs(toMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

/** The period containing `today`: a day, a Monday-to-Sunday week, a calendar month. */
export function periodOf(period: GoalPeriod, today: string): { start: string; end: string } {
  if (period === 'daily') return { start: today, end: today };
  if (period === 'weekly') {
    const weekday = (new Date(toMs(today)).getUTCDay() + 6) % 7; // Monday = 0
    const start = addDays(today, -weekday);
    return { start, end: addDays(start, 6) };
  }
  const start = `${today.slice(0, 7)}-01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return { start, end: fromMs(Date.UTC(y, m, 0)) };
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * The day before a YYYY-MM-DD date, by calendar arithmetic on the digits (streaks walk back
 * hundreds of days per request; this is far cheaper than parsing and formatting Dates).
 */
export function previousDay(date: string): string {
  let y = Number(date.slice(0, 4));
  let m = Number(date.slice(5, 7));
  let d = Number(date.slice(8, 10)) - 1;
  if (d === 0) {
    m -= 1;
    if (m === 0) {
      m = 12;
      y -= 1;
    }
    d = new Date(Date.UTC(y, m, 0)).getUTCDate();
  }
  return `${y}-${pad(m)}-${pad(d)}`;
}
