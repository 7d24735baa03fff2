/**
 * The bible values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/bible.ts re-export them).
 */
export const INSTALLED_TRANSLATIONS = ['KJV', 'WEB', 'RV1909'] as const;

/** The language a translation is written in (the bundled RV1909 is Spanish; the rest English). */
export const translationLanguage = (code: string): 'en' | 'es' => (code === 'RV1909' ? 'es' : 'en');

/**
 * The translation to read beside `code` in the other language (issue 26): beside an English
 * text the RV1909; beside the RV1909, the member's English translation when it is installed,
 * else the KJV. Parallel reading, "show in both" and a memory verse's pair all use it.
 */
export function counterpartOf(code: string, preferred: string): string {
  if (translationLanguage(code) === 'en') return 'RV1909';
  return (INSTALLED_TRANSLATIONS as readonly string[]).includes(preferred) &&
    translationLanguage(preferred) === 'en'
    ? preferred
    : 'KJV';
}
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
