import { describe, expect, it } from 'vitest';
import { BOOKS, TOTAL_CHAPTERS } from '#shared/bible/books.ts';
import { MAX_PASSAGE_VERSES } from '#shared/schemas/bible.ts';
import { READING_PLAN_IDS } from '#shared/schemas/reading.ts';
import { computeStreak } from '#server/practice/activity.ts';
import { addDays, daysBetween, periodOf, previousDay } from '#shared/values/time.ts';
import { advance, current, type GoalRow } from '#server/practice/goals.ts';
import {
  PLAN_DEFINITIONS,
  READING_PLANS,
  dayBounds,
  dayPassages,
  readingPlan,
  suggestedDuration,
} from '#server/reading/plans.ts';

const days = (...list: string[]) => new Set(list);
/** The n days ending at `last`, oldest first. */
const run = (last: string, n: number) =>
  Array.from({ length: n }, (_, i) => addDays(last, i - n + 1));

describe('streaks', () => {
  it('counts consecutive active days, and today only once it is done', () => {
    const week = run('2026-11-22', 7);
    expect(computeStreak(days(...week), '2026-11-22', '2025-01-01')).toMatchObject({
      current: 7,
      today: true,
      graceDaysLeft: 2,
    });
    // Nothing yet today: yesterday's run still stands.
    expect(computeStreak(days(...run('2026-11-21', 5)), '2026-11-22', '2025-01-01')).toMatchObject({
      current: 5,
      today: false,
    });
    expect(computeStreak(days(), '2026-11-22', '2025-01-01').current).toBe(0);
  });

  it('bridges up to two missed days a month, and breaks on the third', () => {
    const active = run('2026-11-22', 20).filter((d) => d !== '2026-11-10' && d !== '2026-11-15');
    const two = computeStreak(days(...active), '2026-11-22', '2025-01-01');
    expect(two.current).toBe(18);
    expect(two.graceDaysLeft).toBe(0);
    expect([...two.graceDays].sort()).toEqual(['2026-11-10', '2026-11-15']);
    const three = active.filter((d) => d !== '2026-11-18');
    // Walking back, the two most recent misses (18th, 15th) are bridged; the 10th ends the run.
    const broken = computeStreak(days(...three), '2026-11-22', '2025-01-01');
    expect(broken.current).toBe(10);
    expect([...broken.graceDays].sort()).toEqual(['2026-11-15', '2026-11-18']);
  });

  it('gives each calendar month its own two grace days', () => {
    const active = run('2026-12-03', 14).filter(
      (d) => !['2026-11-22', '2026-11-25', '2026-12-02'].includes(d),
    );
    // Two misses in November and one in December: the run survives all three.
    expect(computeStreak(days(...active), '2026-12-03', '2025-01-01')).toMatchObject({
      current: 11,
      graceDaysLeft: 1,
    });
  });

  it('does not spend grace days before the first active day of the run', () => {
    const s = computeStreak(days('2026-11-22'), '2026-11-22', '2025-01-01');
    expect(s.current).toBe(1);
    expect(s.graceDays.size).toBe(0);
    expect(s.graceDaysLeft).toBe(2);
  });

  it('says when the run reaches the oldest day read, so older days are fetched', () => {
    const long = run('2026-11-22', 30);
    expect(computeStreak(days(...long), '2026-11-22', '2026-11-10').truncated).toBe(true);
    expect(computeStreak(days(...long), '2026-11-22', '2025-01-01').truncated).toBe(false);
  });
});

describe('goal periods', () => {
  it('uses days, Monday-to-Sunday weeks and calendar months', () => {
    expect(periodOf('daily', '2026-11-22')).toEqual({ start: '2026-11-22', end: '2026-11-22' });
    // 2026-11-22 is a Sunday.
    expect(periodOf('weekly', '2026-11-22')).toEqual({ start: '2026-11-16', end: '2026-11-22' });
    expect(periodOf('weekly', '2026-11-23')).toEqual({ start: '2026-11-23', end: '2026-11-29' });
    expect(periodOf('monthly', '2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(daysBetween('2026-11-22', '2027-01-01')).toBe(40);
    for (const [date, before] of [
      ['2026-11-22', '2026-11-21'],
      ['2026-03-01', '2026-02-28'],
      ['2028-03-01', '2028-02-29'],
      ['2027-01-01', '2026-12-31'],
      ['2026-10-01', '2026-09-30'],
    ] as const) {
      expect(previousDay(date)).toBe(before);
      expect(previousDay(date)).toBe(addDays(date, -1));
    }
  });

  it('starts progress again in a new period and counts the completed one', () => {
    const row = {
      period: 'daily',
      periodStart: '2026-11-21',
      progress: 10,
      target: 10,
      completedAt: new Date('2026-11-21T20:00:00Z'),
      periodsCompleted: 2,
    } as GoalRow;
    expect(current(row, '2026-11-21')).toBe(row);
    expect(current(row, '2026-11-22')).toMatchObject({
      periodStart: '2026-11-22',
      progress: 0,
      completedAt: null,
      periodsCompleted: 3,
    });
    const now = new Date();
    expect(advance({ ...row, completedAt: null, progress: 4 }, 6, '2026-11-21', now)).toMatchObject(
      { progress: 10, completedAt: now },
    );
    expect(advance(row, 3, '2026-11-22', now)).toMatchObject({ progress: 3, completedAt: null });
  });
});

describe('reading plans', () => {
  const chaptersOf = (id: string) =>
    readingPlan(id)!.chapters.map((c) => `${BOOKS[c.book - 1]!.osis}.${c.chapter}`);

  it('offers the six plans, each generated from its chapter list', () => {
    expect([...READING_PLANS.keys()].sort()).toEqual([...READING_PLAN_IDS].sort());
    expect(readingPlan('whole-bible')!.chapters).toHaveLength(TOTAL_CHAPTERS);
    expect(readingPlan('new-testament')!.chapters).toHaveLength(260);
    expect(readingPlan('gospels')!.chapters).toHaveLength(89);
    expect(readingPlan('psalms-proverbs')!.chapters).toHaveLength(181);
    expect(readingPlan('beginner')!.chapters).toHaveLength(125);
  });

  it('reads every chapter of the Bible exactly once in the chronological plan', () => {
    const chrono = chaptersOf('chronological');
    expect(chrono).toHaveLength(TOTAL_CHAPTERS);
    expect(new Set(chrono).size).toBe(TOTAL_CHAPTERS);
    expect(chrono.slice(0, 12)).toEqual([
      ...run('x', 0),
      ...chaptersOf('whole-bible').slice(0, 11),
      'Job.1',
    ]);
    expect(chrono.at(-1)).toBe('Rev.22');
  });

  it('cuts every offered duration into that many non-empty days of similar length', () => {
    for (const def of PLAN_DEFINITIONS) {
      const plan = readingPlan(def.id)!;
      for (const duration of def.durations) {
        const bounds = plan.schedule(duration);
        expect(bounds).toHaveLength(duration + 1);
        expect(bounds[0]).toBe(0);
        expect(bounds.at(-1)).toBe(plan.totalVerses);
        const lengths = bounds.slice(1).map((b, i) => b - bounds[i]!);
        expect(Math.min(...lengths)).toBeGreaterThan(0);
        const average = plan.totalVerses / duration;
        // Chapter-sized days vary with chapter lengths (Psalm 117 vs 119), but stay near the average.
        expect(Math.max(...lengths)).toBeLessThan(average + 180);
        for (let day = 1; day <= duration; day++) {
          for (const p of dayPassages(
            plan,
            { duration, totalDays: duration, replanDay: 1, replanVerse: 0 },
            day,
            'en',
          )) {
            expect(p.ranges.length).toBeGreaterThan(0);
          }
          const [a, b] = dayBounds(
            plan,
            { duration, totalDays: duration, replanDay: 1, replanVerse: 0 },
            day,
          );
          expect(b - a).toBeLessThanOrEqual(MAX_PASSAGE_VERSES);
        }
      }
    }
  });

  it('names each day in the reader language, whole chapters or verse ranges', () => {
    const pos = (duration: number) => ({
      duration,
      totalDays: duration,
      replanDay: 1,
      replanVerse: 0,
    });
    const whole = readingPlan('whole-bible')!;
    expect(dayPassages(whole, pos(365), 1, 'en').map((p) => p.reference)).toEqual(['Genesis 1-3']);
    expect(dayPassages(whole, pos(365), 1, 'es').map((p) => p.reference)).toEqual(['Génesis 1-3']);
    // Slower than a chapter a day: short chapters keep a day each, long ones are split.
    const gospels = readingPlan('gospels')!;
    const days90 = Array.from({ length: 90 }, (_, i) => dayPassages(gospels, pos(90), i + 1, 'en'));
    expect(days90[0]!.map((p) => p.reference)).toEqual(['Matthew 1']);
    const split = days90.filter((d) => d[0]!.reference.includes(':')).map((d) => d[0]!.reference);
    expect(split).toEqual(['Luke 1:1-40', 'Luke 1:41-80']);
    // A day that crosses from one book to the next lists both.
    const nt = readingPlan('new-testament')!;
    const crossing = Array.from({ length: 90 }, (_, i) =>
      dayPassages(nt, pos(90), i + 1, 'en'),
    ).find((d) => d.length > 1);
    expect(crossing).toBeDefined();
  });

  it('re-plans the rest of a plan over the days left', () => {
    const plan = readingPlan('new-testament')!;
    const bounds = plan.schedule(90);
    // Behind on day 30 having read 20 days: days 30..90 share what days 21..90 held.
    const pos = { duration: 90, totalDays: 90, replanDay: 30, replanVerse: bounds[20]! };
    expect(dayBounds(plan, pos, 30)[0]).toBe(bounds[20]);
    expect(dayBounds(plan, pos, 90)[1]).toBe(plan.totalVerses);
    const lengths = Array.from({ length: 61 }, (_, i) => {
      const [a, b] = dayBounds(plan, pos, 30 + i);
      return b - a;
    });
    const average = (plan.totalVerses - bounds[20]!) / 61;
    expect(Math.abs(lengths.reduce((a, b) => a + b, 0) / 61 - average)).toBeLessThan(1);
  });

  it('suggests the preferred duration when offered, else the closest', () => {
    expect(suggestedDuration(readingPlan('whole-bible')!, 730)).toBe(730);
    expect(suggestedDuration(readingPlan('gospels')!, 365)).toBe(180);
    expect(suggestedDuration(readingPlan('chronological')!, 90)).toBe(180);
  });
});
