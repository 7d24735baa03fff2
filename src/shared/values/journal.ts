/**
 * The journal values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/journal.ts re-export them).
 */
/**
 * The preset tags, stored as these language-neutral keys and shown in the reader's language
 * (`journal.tagNames.*`); any other tag is stored as typed.
 */
export const POPULAR_TAGS = ['faith', 'prayer', 'growth', 'worship', 'provision'] as const;
export type PresetTag = (typeof POPULAR_TAGS)[number];
export const isPresetTag = (tag: string): tag is PresetTag =>
  (POPULAR_TAGS as readonly string[]).includes(tag);
export const JOURNAL_STATUSES = ['draft', 'published'] as const;
export const JOURNAL_PAGE_SIZE = 20;
export const MAX_TAGS = 10;

/** "Faith, prayer ,faith" → ["faith", "prayer"]: trimmed, lower-case, unique, at most 10. */
export function parseTags(input: string | string[]): string[] {
  const parts = Array.isArray(input) ? input : input.split(',');
  return [
    ...new Set(parts.map((t) => t.trim().toLowerCase().replace(/\s+/g, ' ')).filter(Boolean)),
  ];
}
