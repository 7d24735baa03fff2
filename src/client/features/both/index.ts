/**
 * "Show in both languages" (issue 26): a passage with the other language's translation verse by
 * verse, and the one remembered toggle for it (lessons, the verse of the day, the daily reading).
 */
export { BothToggle } from './BothToggle.tsx';
export { InBoth, useShownTranslations } from './InBoth.tsx';
export { useReadingPreference, useScriptureInBoth } from './preference.ts';
