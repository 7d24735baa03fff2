import type { Language } from '../constants.ts';

/** The one Spanish translation bundled (DESIGN §3). */
export const SPANISH_TRANSLATION = 'RV1909';

/**
 * Which translation a reader sees when they have not picked one for the page — one rule,
 * applied by the server and the browser alike (reader, study lab, dashboard verse, daily
 * reading, lessons, memory verses, journal): in the Spanish interface Reina-Valera 1909, the
 * only Spanish text; in the English interface the preferred translation of the account settings
 * (which falls back NKJV→KJV, ESV/NASB→WEB when it is not installed). A translation picked in
 * the reader or the study lab is shown as picked.
 */
export function defaultTranslation(preferred: string, lang: Language): string {
  return lang === 'es' ? SPANISH_TRANSLATION : preferred;
}
