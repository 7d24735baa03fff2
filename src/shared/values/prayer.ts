/**
 * The prayer values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/prayer.ts re-export them).
 */
export const PRAYER_CATEGORIES = [
  'personal',
  'family',
  'church',
  'world',
  'health',
  'wisdom',
  'provision',
  'salvation',
] as const;
export type PrayerCategory = (typeof PRAYER_CATEGORIES)[number];
export const PRAYER_STATUSES = ['active', 'answered'] as const;
export type PrayerStatus = (typeof PRAYER_STATUSES)[number];
export const PRAYER_PAGE_SIZE = 20;
/** The timer's quick choices, in minutes; any whole number from 1 to the maximum is allowed. */
export const PRAYER_TIMER_PRESETS = [5, 10, 15, 20, 30] as const;
export const PRAYER_TIMER_MAX_MINUTES = 120;
