/**
 * A member's local time, in one place (issue 22): which time zone names are accepted, the
 * local date and time of day of an instant, the instant of a local date and time (daylight
 * saving included), the next occurrence of a local time, and calendar arithmetic on local dates.
 * The server's practice, dashboard, reading, goals, prayer and reminders use it, and the
 * browser uses the same checks (the time zone schema, the device's zone offer).
 *
 * Intl only, no time-zone library. Dates are YYYY-MM-DD strings, times of day HH:MM.
 *
 * Daylight saving follows Temporal's "compatible" rule: a local time that does not exist (the
 * spring-forward gap) is read with the offset from before the change, which lands as far after
 * the gap as it was into it (02:30 in a 02:00 → 03:00 gap is 03:30); a local time that exists
 * twice (fall back) is the earlier of the two. Either way one local date has exactly one instant
 * per local time, so a daily reminder is due once a day.
 */
import type { GoalPeriod } from './goals.ts';
import { LruMap } from './lru.ts';

/** A member who never chose a zone and whose device did not say one. */
export const DEFAULT_TIME_ZONE = 'UTC';
/** Longer than any IANA name (the longest is 30 characters). */
export const TIME_ZONE_MAX_LENGTH = 64;
/** Zones kept with their formatter; there are about 420 names, and members use a few dozen. */
export const TIME_ZONE_CACHE_LIMIT = 256;

const DAY_MS = 86_400_000;

// Building an Intl.DateTimeFormat costs far more than using one: one per zone, at most
// TIME_ZONE_CACHE_LIMIT of them. A name enters only once Intl has accepted it.
const formatters = new LruMap<string, Intl.DateTimeFormat>(TIME_ZONE_CACHE_LIMIT);

function build(timeZone: string): Intl.DateTimeFormat | null {
  // Offsets such as "+05:00" are not zones of the IANA database (newer engines accept them).
  if (timeZone.length === 0 || timeZone.length > TIME_ZONE_MAX_LENGTH || /^[+-]/.test(timeZone))
    return null;
  try {
    return new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
  } catch {
    return null;
  }
}

const UTC_FORMATTER = build('UTC')!;

/** The zone's formatter, or null when the name is not a time zone. */
function formatter(timeZone: unknown): Intl.DateTimeFormat | null {
  if (typeof timeZone !== 'string') return null;
  const cached = formatters.get(timeZone);
  if (cached) return cached;
  const built = build(timeZone);
  if (built) formatters.set(timeZone, built);
  return built;
}

/** How many zones are cached (tests of the bound). */
export const cachedTimeZoneCount = () => formatters.size;

/** Whether `timeZone` names a zone of the IANA database ("America/Mexico_City", "UTC"). */
export function isTimeZone(timeZone: unknown): timeZone is string {
  return formatter(timeZone) !== null;
}

/**
 * The zone's canonical name ("us/eastern" → "America/New_York"), or null when it is not a
 * zone. Names are stored canonical, so the same zone is always spelled the same way.
 */
export function canonicalTimeZone(timeZone: unknown): string | null {
  return formatter(timeZone)?.resolvedOptions().timeZone ?? null;
}

/** The zone to compute with: the stored one when it is a zone, else DEFAULT_TIME_ZONE. */
export function usableTimeZone(timeZone: unknown): string {
  return isTimeZone(timeZone) ? timeZone : DEFAULT_TIME_ZONE;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MINUTE_MS = 60_000;
/**
 * Since 1980 every zone's offset is a whole number of minutes and changes only on a minute
 * (Liberia's -0:44:30 ended in 1972): within one UTC minute the wall clock moves by the seconds
 * alone. Before, local mean times had odd seconds, so no shortcut is taken there.
 */
const WHOLE_MINUTE_OFFSETS_SINCE = Date.UTC(1980, 0, 1);
/** The last minute read in each zone: a server asks for "today" in the same few zones all day. */
const lastMinute = new LruMap<string, { minute: number; clock: WallClock }>(TIME_ZONE_CACHE_LIMIT);

function readWallClock(ms: number, zoneFormatter: Intl.DateTimeFormat): WallClock {
  const p: Record<string, string> = {};
  for (const part of zoneFormatter.formatToParts(new Date(ms))) p[part.type] = part.value;
  return {
    year: Number(p.year),
    month: Number(p.month),
    day: Number(p.day),
    hour: Number(p.hour),
    minute: Number(p.minute),
    second: Number(p.second),
  };
}

/** The wall clock in `timeZone` at `ms`; UTC when the zone is unknown. */
function wallClock(ms: number, timeZone: string): WallClock {
  const zoneFormatter = formatter(timeZone);
  const zone = zoneFormatter ? timeZone : 'UTC';
  if (ms < WHOLE_MINUTE_OFFSETS_SINCE) return readWallClock(ms, zoneFormatter ?? UTC_FORMATTER);
  const minute = Math.floor(ms / MINUTE_MS);
  const second = Math.floor((ms - minute * MINUTE_MS) / 1000);
  const last = lastMinute.get(zone);
  if (last?.minute === minute) return { ...last.clock, second };
  const clock = readWallClock(minute * MINUTE_MS, zoneFormatter ?? UTC_FORMATTER);
  lastMinute.set(zone, { minute, clock });
  return { ...clock, second };
}

const pad = (n: number) => (n < 10 ? `0${n}` : `${n}`);
const dateOf = (w: Pick<WallClock, 'year' | 'month' | 'day'>) =>
  `${String(w.year).padStart(4, '0')}-${pad(w.month)}-${pad(w.day)}`;

export interface LocalParts {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  minute: number;
}

/** The local date and time of day of an instant in `timeZone` (UTC when it is not a zone). */
export function localParts(instant: Date, timeZone: string): LocalParts {
  const w = wallClock(instant.getTime(), timeZone);
  return { date: dateOf(w), hour: w.hour, minute: w.minute };
}

/**
 * A day as a member reads it ("9 de diciembre de 2026", "December 9, 2026"): in `lang`, in
 * `timeZone` (the device's own when omitted: in the browser).
 */
export function longDate(lang: string, iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(lang, { dateStyle: 'long', timeZone }).format(new Date(iso));
}

/** The calendar date (YYYY-MM-DD) of an instant in `timeZone` (UTC when it is not a zone). */
export function localDate(instant: Date, timeZone: string): string {
  return localParts(instant, timeZone).date;
}

/** The local time of day (HH:MM) of an instant in `timeZone`. */
export function localTime(instant: Date, timeZone: string): string {
  const { hour, minute } = localParts(instant, timeZone);
  return `${pad(hour)}:${pad(minute)}`;
}

/** Milliseconds the zone's wall clock is ahead of UTC at the instant `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const w = wallClock(ms, timeZone);
  const wall = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return wall - (ms - (((ms % 1000) + 1000) % 1000));
}

/** Accepts HH:MM (00:00 to 23:59). */
export const isTimeOfDay = (time: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(time);

/**
 * The instant when the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM):
 * in a spring-forward gap, as far after the gap as the time was into it; when the clocks fall
 * back and the time happens twice, the first time.
 */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  // The offsets a day either side: a zone changes its offset at most once in two days.
  const before = offsetAt(wall - DAY_MS, timeZone);
  const after = offsetAt(wall + DAY_MS, timeZone);
  const candidates = [...new Set([wall - before, wall - after])]
    .filter((t) => t + offsetAt(t, timeZone) === wall)
    .sort((a, b) => a - b);
  // None: the gap. Read with the offset from before it (Temporal's "compatible").
  return new Date(candidates[0] ?? wall - before);
}

/**
 * The first instant at or after `from` when the wall clock in `timeZone` shows `time`, and its
 * local date; `onDate` may pass over dates (a weekly reminder wants Sundays only). The gap and
 * overlap rules are zonedTime's: a day with a gap still has its one occurrence.
 */
export function nextOccurrence(
  from: Date,
  time: string,
  timeZone: string,
  onDate: (date: string) => boolean = () => true,
): { date: string; at: Date } {
  // Starting the day before: an occurrence moved forward by a gap may fall on the next date.
  let date = addDays(localDate(from, timeZone), -1);
  for (let i = 0; i < 9; i++, date = addDays(date, 1)) {
    if (!onDate(date)) continue;
    const at = zonedTime(date, time, timeZone);
    if (at.getTime() >= from.getTime()) return { date, at };
  }
  throw new RangeError(`no date within a week passes the filter (from ${from.toISOString()})`);
}

// ── Calendar arithmetic on local dates (no time zone involved) ──

const toMs = (date: string) => Date.parse(`${date}T00:00:00Z`);
const fromMs = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function addDays(date: string, days: number): string {
  return fromMs(toMs(date) + days * DAY_MS);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toMs(to) - toMs(from)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD date. */
export function weekday(date: string): number {
  return new Date(toMs(date)).getUTCDay();
}

/** The period containing `today`: a day, a Monday-to-Sunday week, a calendar month. */
export function periodOf(period: GoalPeriod, today: string): { start: string; end: string } {
  if (period === 'daily') return { start: today, end: today };
  if (period === 'weekly') {
    const fromMonday = (weekday(today) + 6) % 7;
    const start = addDays(today, -fromMonday);
    return { start, end: addDays(start, 6) };
  }
  const start = `${today.slice(0, 7)}-01`;
  const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  return { start, end: fromMs(Date.UTC(y, m, 0)) };
}

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
