import type { Language } from '../constants.ts';

/** The Spanish text of a member who has not chosen one (the VBL is the other, issue 39). */
export const SPANISH_TRANSLATION = 'RV1909';

/**
 * Which translation a reader sees when they have not picked one for the page — one rule,
 * applied by the server and the browser alike (reader, study lab, dashboard verse, daily
 * reading, lessons, memory verses, journal): in the Spanish interface the member's Spanish text
 * (`spanishBible`: the Reina-Valera 1909 or the Versión Biblia Libre); in the English interface the preferred translation of the account settings
 * (which falls back NKJV→KJV, ESV/NASB→WEB when it is not installed). A translation picked in
 * the reader or the study lab is shown as picked.
 */
export function defaultTranslation(
  preferred: string,
  lang: Language,
  spanish: string = SPANISH_TRANSLATION,
): string {
  return lang === 'es' ? spanish : preferred;
}
