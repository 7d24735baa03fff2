/**
 * The library's values (topics, eras, regions, categories, levels, link kinds, app paths, the
 * gospel's parts), without Zod: a page that needs only these does not download the validator
 * (the schemas in ../schemas/library.ts re-export them).
 */

export const TOPICS = [
  'god',
  'jesus',
  'holy-spirit',
  'scripture',
  'gospel',
  'grace',
  'faith',
  'prayer',
  'worship',
  'holiness',
  'humility',
  'suffering',
  'hope',
  'mission',
  'church',
  'family',
  'justice',
  'discipleship',
] as const;
export type Topic = (typeof TOPICS)[number];

export const ERAS = ['early-church', 'medieval', 'reformation', 'modern', 'contemporary'] as const;
export type Era = (typeof ERAS)[number];
/** The years each era covers (FORMAT.md: "to 500", "500–1500", …; the boundaries belong to both). */
export const ERA_YEARS: Record<Era, readonly [number, number]> = {
  'early-church': [0, 500],
  medieval: [500, 1500],
  reformation: [1500, 1650],
  modern: [1650, 1900],
  contemporary: [1900, 9999],
};

export const REGIONS = [
  'europe',
  'africa',
  'asia',
  // Anatolia, today's Turkey: the churches of the New Testament and the early church (Smyrna,
  // Ephesus), which "Middle East" would misplace.
  'asia-minor',
  'latin-america',
  'north-america',
  'middle-east',
  'oceania',
] as const;
export type Region = (typeof REGIONS)[number];

export const BOOK_CATEGORIES = [
  'theology',
  'devotional',
  'biography',
  'apologetics',
  'church-history',
  'christian-living',
  'prayer',
  'bible-study',
  'missions',
  'classics',
] as const;
export type BookCategory = (typeof BOOK_CATEGORIES)[number];

export const LEVELS = ['beginner', 'intermediate', 'advanced'] as const;
export type Level = (typeof LEVELS)[number];

export const LINK_KINDS = ['gospel', 'books', 'video-channel', 'ministry-site'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

export const LINK_LANGUAGES = ['en', 'es', 'both'] as const;
export type LinkLanguage = (typeof LINK_LANGUAGES)[number];

export const APP_PATHS = [
  '/bible',
  '/bible-study',
  '/saved-studies',
  '/prayer',
  '/journal',
  '/memory-verses',
  '/reading-plans',
  '/daily-reading',
  '/goals',
  '/courses',
  '/gospel',
  '/sermons',
  '/books',
  '/heroes-of-faith',
  '/support',
] as const;
export type AppPath = (typeof APP_PATHS)[number];

/** The gospel page's sections and next steps, exactly these and in this order. */
export const GOSPEL_SECTIONS = ['god', 'sin', 'christ', 'response'] as const;
export type GospelSectionId = (typeof GOSPEL_SECTIONS)[number];
export const NEXT_STEPS = ['start-101', 'find-a-church', 'tell-someone', 'talk-to-us'] as const;
export type NextStepId = (typeof NEXT_STEPS)[number];

/** The items a member can mark as read. */
export const READ_KINDS = ['sermon', 'hero', 'resource'] as const;
export type ReadKind = (typeof READ_KINDS)[number];

/** The most verses one favorite may hold (a passage, not a chapter). */
export const MAX_FAVORITE_VERSES_IN_ONE = 10;
