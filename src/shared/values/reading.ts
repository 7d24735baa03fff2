/**
 * The reading values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/reading.ts re-export them).
 */
export const READING_PLAN_IDS = [
  'whole-bible',
  'new-testament',
  'chronological',
  'psalms-proverbs',
  'gospels',
  'beginner',
] as const;
export type ReadingPlanId = (typeof READING_PLAN_IDS)[number];
export const READING_DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type ReadingDifficulty = (typeof READING_DIFFICULTIES)[number];
/** The preference's durations (SPEC §3): 90 days, 180 days, 1 year, 2 years. */
export const PLAN_DURATIONS = [90, 180, 365, 730] as const;
export type PlanDuration = (typeof PLAN_DURATIONS)[number];
export const READING_STATUSES = ['on-track', 'behind', 'ahead', 'finished'] as const;
export type ReadingStatus = (typeof READING_STATUSES)[number];

/**
 * Where a run stands against the calendar: the day it should be on (1 on the start date), how
 * many days behind it is and its status. One rule for the server's answers and for the service
 * worker's answer of a later day read offline (issue 40).
 */
export function planStanding(
  run: { startedOn: string; totalDays: number; currentDay: number; finished: boolean },
  daysSinceStart: number,
): { expectedDay: number; daysBehind: number; status: ReadingStatus } {
  const expectedDay = daysSinceStart + 1;
  const daysBehind = run.finished
    ? 0
    : Math.max(0, Math.min(expectedDay, run.totalDays) - run.currentDay);
  const status: ReadingStatus = run.finished
    ? 'finished'
    : daysBehind > 0
      ? 'behind'
      : run.currentDay - 1 > expectedDay
        ? 'ahead'
        : 'on-track';
  return { expectedDay, daysBehind, status };
}

/** The days ahead of a member's plan kept on the phone for reading offline (issue 40). */
export const PLAN_DAYS_AHEAD = 30;
