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
