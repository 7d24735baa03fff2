/**
 * The goals values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/goals.ts re-export them).
 */
export const GOAL_PERIODS = ['daily', 'weekly', 'monthly'] as const;
export type GoalPeriod = (typeof GOAL_PERIODS)[number];
export const GOAL_UNITS = ['chapters', 'verses', 'minutes', 'lessons'] as const;
export type GoalUnit = (typeof GOAL_UNITS)[number];
export const GOAL_PRIORITIES = ['high', 'medium', 'low'] as const;
export type GoalPriority = (typeof GOAL_PRIORITIES)[number];
export const GOAL_STATUSES = ['in_progress', 'completed'] as const;
export type GoalStatus = (typeof GOAL_STATUSES)[number];
export const MAX_GOALS = 50;
export const GOAL_TARGET_MAX = 10_000;

/**
 * SPEC §2/§9 presets. "Read 1 chapter daily" is the recommended one and needs premium.
 * Each preset's unit is what real activity feeds: chapters read, verses reviewed, prayer
 * minutes, lessons completed.
 */
export const GOAL_PRESETS = {
  'read-chapter-daily': {
    target: 1,
    unit: 'chapters',
    period: 'daily',
    recommended: true,
    premium: true,
  },
  'memorize-verse-weekly': {
    target: 1,
    unit: 'verses',
    period: 'weekly',
    recommended: false,
    premium: false,
  },
  'pray-10-minutes-daily': {
    target: 10,
    unit: 'minutes',
    period: 'daily',
    recommended: false,
    premium: false,
  },
  'complete-lesson-weekly': {
    target: 1,
    unit: 'lessons',
    period: 'weekly',
    recommended: false,
    premium: false,
  },
} as const satisfies Record<
  string,
  { target: number; unit: GoalUnit; period: GoalPeriod; recommended: boolean; premium: boolean }
>;
export type GoalPreset = keyof typeof GOAL_PRESETS;
export const GOAL_PRESET_IDS = Object.keys(GOAL_PRESETS) as GoalPreset[];
