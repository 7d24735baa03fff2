/**
 * The memory values the product names (lists, limits and pure helpers), without Zod: a page that
 * needs only these does not download the validator (the schemas in ../schemas/memory.ts re-export them).
 */
export const MEMORY_CATEGORIES = [
  'salvation',
  'love',
  'faith',
  'hope',
  'peace',
  'strength',
  'wisdom',
  'forgiveness',
] as const;
export type MemoryCategory = (typeof MEMORY_CATEGORIES)[number];
export const MEMORY_STATES = ['practice', 'review', 'mastered'] as const;
export const MEMORY_RATINGS = ['again', 'hard', 'good', 'easy'] as const;
export const MAX_MEMORY_VERSES_IN_ONE = 10;
/** How a verse is practised (issue 26): in its own translation, its pair's, or both. */
export const MEMORY_PRACTICE_IN = ['own', 'pair', 'both'] as const;
export type MemoryPracticeIn = (typeof MEMORY_PRACTICE_IN)[number];
export const MEMORY_PAGE_SIZE = 50;
/** Lower-case, no accents, no punctuation, single spaces: what "typing it" is compared on. */
export function normaliseForTyping(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Share of the verse's words typed correctly, in order (0–1). */
export function typingAccuracy(expected: string, typed: string): number {
  const a = normaliseForTyping(expected).split(' ').filter(Boolean);
  const b = normaliseForTyping(typed).split(' ').filter(Boolean);
  if (a.length === 0) return 0;
  // Longest common subsequence of words.
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i]![j] =
        a[i - 1] === b[j - 1] ? dp[i - 1]![j - 1]! + 1 : Math.max(dp[i - 1]![j]!, dp[i]![j - 1]!);
    }
  }
  return dp[a.length]![b.length]! / Math.max(a.length, b.length);
}

/** "For God so loved" → "F G s l": the first letter of each word, punctuation kept. */
export function firstLetters(text: string): string {
  return text.replace(/(\p{L})\p{L}*(['’]\p{L}+)?/gu, '$1');
}
