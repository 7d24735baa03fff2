/**
 * The user values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/user.ts re-export them).
 */
export const BIBLE_TRANSLATION_PREFERENCES = [
  'NKJV',
  'ESV',
  'NASB',
  'KJV',
  'WEB',
  'RV1909',
  'VBL',
] as const;
export const READING_PLAN_DURATIONS = ['90', '180', '365', '730'] as const;
/** Turns a `validation.*` message key (with an optional `:count`) into i18n key + options. */
export function parseValidationKey(message: string): { key: string; count?: number } {
  const [key = message, count] = message.split(':');
  return count === undefined ? { key } : { key, count: Number(count) };
}
