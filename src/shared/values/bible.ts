/**
 * The bible values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/bible.ts re-export them).
 */
export const INSTALLED_TRANSLATIONS = ['KJV', 'WEB', 'RV1909', 'VBL'] as const;

/** The bundled Spanish texts: the Reina-Valera 1909 and the Versión Biblia Libre (issue 39). */
export const SPANISH_TRANSLATIONS = ['RV1909', 'VBL'] as const;

/** The language a translation is written in (the bundled RV1909 and VBL are Spanish). */
export const translationLanguage = (code: string): 'en' | 'es' =>
  (SPANISH_TRANSLATIONS as readonly string[]).includes(code) ? 'es' : 'en';

/**
 * The line a text's licence asks to show wherever its words appear (issue 39): the VBL's
 * (CC BY-SA 4.0); none for the public-domain texts. Its words are `bible.credit.<code>`.
 */
export const creditOf = (code: string | undefined): 'VBL' | null => (code === 'VBL' ? 'VBL' : null);

/**
 * The translation to read beside `code` in the other language (issue 26): beside an English
 * text the member's Spanish text (RV1909 or VBL); beside a Spanish text, the member's English translation when it is installed,
 * else the KJV. Parallel reading, "show in both" and a memory verse's pair all use it.
 */
export function counterpartOf(code: string, preferred: string, spanish = 'RV1909'): string {
  if (translationLanguage(code) === 'en') return spanish;
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

/** Cross references (issue 39 item 3): shown first, then each "More"; at most this many a page. */
export const CROSS_REFERENCES_FIRST = 10;
export const CROSS_REFERENCES_MORE = 20;
export const MAX_CROSS_REFERENCES_PAGE = 50;

/** Word study (issue 39 item 2): the texts whose words carry Strong's numbers. */
export const TAGGED_TRANSLATIONS = ['KJV', 'RV1909'] as const;
/** A word's verses: shown first, then each "More"; at most this many a page. */
export const WORD_OCCURRENCES_PAGE = 20;
export const MAX_WORD_OCCURRENCES_PAGE = 50;
/** At most this many verses' words at once (a selection of more shows its first ones). */
export const MAX_WORD_VERSES = 10;
