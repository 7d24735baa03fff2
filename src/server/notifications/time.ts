/**
 * Wall-clock time in a member's time zone, with Intl only (no time-zone library): the local
 * date and minute of an instant, and the instant of a local date and time. Daylight-saving
 * changes: a local time that does not exist (the spring-forward gap) maps to the same wall
 * time after the gap (02:30 → 03:30); one that exists twice (fall back) maps to one instant.
 * Either way one local day has exactly one due instant per reminder.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    try {
      f = new Intl.DateTimeFormat('en-US', {
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
      f = formatter('UTC');
    }
    formatters.set(timeZone, f);
  }
  return f;
}

export interface LocalParts {
  date: string;
  hour: number;
  minute: number;
}

export function localParts(instant: Date, timeZone: string): LocalParts {
  const parts: Record<string, string> = {};
  for (const p of formatter(timeZone).formatToParts(instant)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    hour: Number(parts.hour),
    minute: Number(parts.minute),
  };
}

/** Milliseconds the zone's wall clock is ahead of UTC at `ms`. */
function offsetAt(ms: number, timeZone: string): number {
  const p: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(new Date(ms))) p[part.type] = part.value;
  const wall = Date.UTC(
    Number(p.year),
    Number(p.month) - 1,
    Number(p.day),
    Number(p.hour),
    Number(p.minute),
    Number(p.second),
  );
  return wall - (ms - (ms % 1000));
}

/** The instant when the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `time` (HH:MM). */
export function zonedTime(date: string, time: string, timeZone: string): Date {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const [hh, mm] = time.split(':').map(Number) as [number, number];
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  const o1 = offsetAt(wall, timeZone);
  const t1 = wall - o1;
  const o2 = offsetAt(t1, timeZone);
  if (o1 === o2) return new Date(t1);
  const t2 = wall - o2;
  if (offsetAt(t2, timeZone) === o2) return new Date(t2);
  // In the gap: the same wall time read with the offset from before the change.
  return new Date(Math.max(t1, t2));
}

/** 0 = Sunday … 6 = Saturday, of a YYYY-MM-DD date. */
export function weekday(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number) as [number, number];
  return h * 60 + m;
};

/** Whether a local minute of the day falls in quiet hours (which may wrap past midnight). */
export function inQuietHours(
  quiet: { enabled: boolean; start: string; end: string },
  local: { hour: number; minute: number },
): boolean {
  if (!quiet.enabled) return false;
  const now = local.hour * 60 + local.minute;
  const start = minutesOf(quiet.start);
  const end = minutesOf(quiet.end);
  if (start === end) return false;
  return start < end ? now >= start && now < end : now >= start || now < end;
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}
