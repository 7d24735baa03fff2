/**
 * A member's local time (src/shared/values/time.ts, issue 22): the one module behind the local
 * date of streaks, goals and readings, the reminders' times across daylight saving, and the time
 * zone check of every route that takes a zone. Its formatter cache is bounded, and a name that
 * is not a zone never enters it (issue 28).
 */
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_TIME_ZONE,
  TIME_ZONE_CACHE_LIMIT,
  addDays,
  cachedTimeZoneCount,
  canonicalTimeZone,
  isTimeZone,
  localDate,
  localParts,
  localTime,
  nextOccurrence,
  usableTimeZone,
  weekday,
  zonedTime,
} from '#shared/values/time.ts';
import { LruMap } from '#shared/values/lru.ts';
import { timeZoneSchema } from '#shared/schemas/user.ts';

const iso = (d: Date) => d.toISOString();

describe('time zone names', () => {
  it('accepts IANA zones, spelled canonically, and nothing else', () => {
    expect(isTimeZone('America/Mexico_City')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Etc/GMT+5')).toBe(true);
    expect(canonicalTimeZone('america/mexico_city')).toBe('America/Mexico_City');
    expect(canonicalTimeZone('US/Eastern')).toBe('America/New_York');
    for (const bad of [
      'Mars/Olympus_Mons',
      '',
      '+05:00',
      '-03:00',
      'Z',
      'x'.repeat(65),
      42,
      null,
    ]) {
      expect({ bad, ok: isTimeZone(bad) }).toEqual({ bad, ok: false });
    }
    // A zone stored before zones were checked reads as UTC rather than failing.
    expect(usableTimeZone('Not/AZone')).toBe(DEFAULT_TIME_ZONE);
    expect(usableTimeZone('Europe/Madrid')).toBe('Europe/Madrid');
  });

  it('the shared schema gives the canonical name back and refuses the rest with its key', () => {
    expect(timeZoneSchema.parse('us/eastern')).toBe('America/New_York');
    const bad = timeZoneSchema.safeParse('Mars/Olympus_Mons');
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.timeZone');
    expect(timeZoneSchema.safeParse('y'.repeat(10_000)).error?.issues[0]?.message).toBe(
      'validation.timeZone',
    );
  });

  it('keeps at most TIME_ZONE_CACHE_LIMIT formatters; a name that is not a zone never enters', () => {
    // Many spellings of real zones (each is accepted and may be cached)...
    const zone = 'America/Argentina/Buenos_Aires';
    for (let i = 0; i < 2000; i++) {
      const spelled = [...zone]
        .map((c, j) => ((i >> (j % 11)) & 1 ? c.toUpperCase() : c.toLowerCase()))
        .join('');
      expect(isTimeZone(spelled)).toBe(true);
    }
    expect(cachedTimeZoneCount()).toBeLessThanOrEqual(TIME_ZONE_CACHE_LIMIT);
    // ...and 20,000 names that are not: refused, none cached.
    const before = cachedTimeZoneCount();
    for (let i = 0; i < 20_000; i++) expect(isTimeZone(`Bogus/Zone_${i}`)).toBe(false);
    expect(cachedTimeZoneCount()).toBe(before);
    // The used zones stay usable after the churn.
    expect(localDate(new Date('2026-07-01T12:00:00Z'), 'Europe/Madrid')).toBe('2026-07-01');
  });

  it('LruMap drops the least recently used entry', () => {
    const lru = new LruMap<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3);
    expect([lru.has('a'), lru.has('b'), lru.has('c'), lru.size]).toEqual([true, false, true, 2]);
    expect(() => new LruMap(0)).toThrow(RangeError);
  });
});

describe('local date and time of day', () => {
  it('America/Mexico_City is UTC-6 all year since 2022 (no daylight saving)', () => {
    expect(localParts(new Date('2026-07-01T05:59:00Z'), 'America/Mexico_City')).toEqual({
      date: '2026-06-30',
      hour: 23,
      minute: 59,
    });
    expect(localDate(new Date('2026-01-01T05:59:00Z'), 'America/Mexico_City')).toBe('2025-12-31');
    // Its old DST dates (first Sunday of April, last of October) move nothing now...
    expect(iso(zonedTime('2026-04-05', '08:00', 'America/Mexico_City'))).toBe(
      '2026-04-05T14:00:00.000Z',
    );
    expect(iso(zonedTime('2026-10-25', '08:00', 'America/Mexico_City'))).toBe(
      '2026-10-25T14:00:00.000Z',
    );
    // ...while in 2021 it still sprang forward.
    expect(iso(zonedTime('2021-04-04', '08:00', 'America/Mexico_City'))).toBe(
      '2021-04-04T13:00:00.000Z',
    );
    // The day rolls over at local midnight (06:00 UTC), not at UTC midnight (18:00 there).
    expect(localDate(new Date('2026-03-10T23:30:00Z'), 'America/Mexico_City')).toBe('2026-03-10');
    expect(localDate(new Date('2026-03-11T06:00:00Z'), 'America/Mexico_City')).toBe('2026-03-11');
    expect(localTime(new Date('2026-03-11T14:00:00Z'), 'America/Mexico_City')).toBe('08:00');
  });

  it('an unknown zone computes as UTC', () => {
    expect(localDate(new Date('2026-11-22T03:00:00Z'), 'Not/AZone')).toBe('2026-11-22');
  });
});

describe('the last minute read in each zone', () => {
  /** The wall clock read straight from Intl, as the module did before it kept a minute. */
  const direct = (ms: number, timeZone: string) => {
    const p: Record<string, string> = {};
    const f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    });
    for (const part of f.formatToParts(new Date(ms))) p[part.type] = part.value;
    return {
      date: `${p.year}-${p.month}-${p.day}`,
      hour: Number(p.hour),
      minute: Number(p.minute),
    };
  };
  const zones = [
    'America/New_York',
    'America/Santiago',
    'America/Mexico_City',
    'Asia/Kolkata',
    'Asia/Kathmandu',
    'Australia/Lord_Howe',
    'Africa/Monrovia',
    'UTC',
  ];

  it('gives what Intl gives, second by second across a change of offset and in runs of one minute', () => {
    // New York springs forward at 07:00:00Z on 2026-03-08; Lord Howe moves by half an hour.
    const around = [Date.UTC(2026, 2, 8, 6, 58, 30), Date.UTC(2026, 3, 4, 14, 58, 30)];
    for (const start of around) {
      for (let s = 0; s < 180; s += 7) {
        for (const zone of zones) {
          const ms = start + s * 1000;
          expect(localParts(new Date(ms), zone), `${zone} ${new Date(ms).toISOString()}`).toEqual(
            direct(ms, zone),
          );
        }
      }
    }
  });

  it('gives what Intl gives at random instants from 1900 to 2060, odd-second local mean times included', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646;
    const from = Date.UTC(1900, 0, 1);
    const to = Date.UTC(2060, 0, 1);
    for (let i = 0; i < 3000; i++) {
      const ms = Math.floor(from + random() * (to - from));
      const zone = zones[i % zones.length]!;
      // Twice: the second read of the same minute comes from the kept one.
      expect(localParts(new Date(ms), zone)).toEqual(direct(ms, zone));
      expect(localParts(new Date(ms + 1000), zone)).toEqual(direct(ms + 1000, zone));
    }
  });
});

describe('local time to instant across daylight saving', () => {
  it('America/New_York: the spring gap moves forward, the autumn overlap takes the first', () => {
    // 2026-03-08 02:00 EST → 03:00 EDT: 02:30 does not exist, it is 03:30 EDT.
    expect(iso(zonedTime('2026-03-08', '02:30', 'America/New_York'))).toBe(
      '2026-03-08T07:30:00.000Z',
    );
    expect(iso(zonedTime('2026-03-08', '08:00', 'America/New_York'))).toBe(
      '2026-03-08T12:00:00.000Z',
    );
    // 2026-11-01 02:00 EDT → 01:00 EST: 01:30 happens twice; the first is 01:30 EDT.
    expect(iso(zonedTime('2026-11-01', '01:30', 'America/New_York'))).toBe(
      '2026-11-01T05:30:00.000Z',
    );
    expect(iso(zonedTime('2026-11-01', '08:00', 'America/New_York'))).toBe(
      '2026-11-01T13:00:00.000Z',
    );
  });

  it('Europe/Madrid: the same rules at 02:00/03:00', () => {
    expect(iso(zonedTime('2026-03-29', '02:30', 'Europe/Madrid'))).toBe('2026-03-29T01:30:00.000Z');
    expect(iso(zonedTime('2026-10-25', '02:30', 'Europe/Madrid'))).toBe('2026-10-25T00:30:00.000Z');
    expect(iso(zonedTime('2026-10-25', '08:00', 'Europe/Madrid'))).toBe('2026-10-25T07:00:00.000Z');
  });

  it('America/Santiago: changes at midnight, southern seasons', () => {
    // 2026-04-05 00:00 → 2026-04-04 23:00: 23:30 on 4 April happens twice; the first counts.
    expect(iso(zonedTime('2026-04-04', '23:30', 'America/Santiago'))).toBe(
      '2026-04-05T02:30:00.000Z',
    );
    // 2026-09-06 00:00 → 01:00: 00:30 does not exist that day; it is 01:30.
    expect(iso(zonedTime('2026-09-06', '00:30', 'America/Santiago'))).toBe(
      '2026-09-06T04:30:00.000Z',
    );
    expect(localParts(new Date('2026-09-06T04:30:00Z'), 'America/Santiago')).toEqual({
      date: '2026-09-06',
      hour: 1,
      minute: 30,
    });
  });

  it('Pacific/Auckland and Asia/Kolkata: ahead of UTC, half-hour offsets', () => {
    expect(iso(zonedTime('2026-11-24', '07:00', 'Pacific/Auckland'))).toBe(
      '2026-11-23T18:00:00.000Z',
    );
    expect(iso(zonedTime('2026-11-24', '08:00', 'Asia/Kolkata'))).toBe('2026-11-24T02:30:00.000Z');
  });
});

describe('next occurrence of a local time', () => {
  it('today if still ahead, else tomorrow; one per day across the gap and the overlap', () => {
    const ny = 'America/New_York';
    // Saturday 07:00 EST: 08:00 is still ahead, an hour later in UTC terms.
    expect(nextOccurrence(new Date('2026-03-07T12:00:00Z'), '08:00', ny)).toEqual({
      date: '2026-03-07',
      at: new Date('2026-03-07T13:00:00Z'),
    });
    // Saturday 09:00 EST: Sunday's 08:00, which is EDT (the clocks sprang forward overnight).
    expect(nextOccurrence(new Date('2026-03-07T14:00:00Z'), '08:00', ny)).toEqual({
      date: '2026-03-08',
      at: new Date('2026-03-08T12:00:00Z'),
    });
    // At the very instant: that one.
    expect(nextOccurrence(new Date('2026-03-08T12:00:00Z'), '08:00', ny).date).toBe('2026-03-08');
    // Walk a week over the spring gap and a week over the autumn overlap at 02:30 / 01:30:
    // exactly one occurrence per local date, never two, none skipped.
    for (const [start, time] of [
      ['2026-03-05T00:00:00Z', '02:30'],
      ['2026-10-29T00:00:00Z', '01:30'],
    ] as const) {
      const dates: string[] = [];
      let from = new Date(start);
      for (let i = 0; i < 7; i++) {
        const next = nextOccurrence(from, time, ny);
        dates.push(next.date);
        from = new Date(next.at.getTime() + 60_000);
      }
      const first = dates[0]!;
      expect(dates).toEqual([0, 1, 2, 3, 4, 5, 6].map((n) => addDays(first, n)));
    }
  });

  it('a weekly time: the next Sunday', () => {
    const next = nextOccurrence(
      new Date('2026-12-07T01:00:00Z'),
      '18:00',
      'America/Mexico_City',
      (date) => weekday(date) === 0,
    );
    expect(next).toEqual({ date: '2026-12-13', at: new Date('2026-12-14T00:00:00Z') });
  });
});
