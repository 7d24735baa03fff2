/**
 * The bible values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/bible.ts re-export them).
 */
export const INSTALLED_TRANSLATIONS = ['KJV', 'WEB', 'RV1909'] as const;
export const SUGGESTED_REFERENCES = [
  'John 3:16',
  'Romans 8:28',
  'Philippians 4:13',
  'Psalm 23:1',
  'Matthew 6:33',
] as const;

export const MAX_PASSAGE_VERSES = 500;
export const SEARCH_PAGE_SIZE = 20;
export const MAX_COMPARE = 3;
