import type { PackIndex } from './pack.ts';
/** Sizes as a member reads them: "640 KB", "2.5 MB" / "2,5 MB". */
export function formatBytes(bytes: number, language: string): string {
  const megabytes = bytes / (1024 * 1024);
  const [value, unit] =
    megabytes >= 1 ? [megabytes, 'megabyte'] : [Math.max(1, Math.round(bytes / 1024)), 'kilobyte'];
  return new Intl.NumberFormat(language, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: megabytes >= 1 && megabytes < 100 ? 1 : 0,
  }).format(value);
}

/** "40%" / "40 %". */
export function formatShare(part: number, whole: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits: 0 }).format(
    whole > 0 ? Math.min(1, part / whole) : 0,
  );
}

/** The names of what a download holds: its translations, then its courses' titles. */
export function packNames(index: PackIndex, language: 'en' | 'es'): string {
  return new Intl.ListFormat(language, { type: 'conjunction' }).format([
    ...index.bibles.map((b) => b.code),
    ...(index.courses ?? []).map((c) => c.title[language]),
  ]);
}

/** What a download weighs: its translations' and courses' parts. */
export const packWeight = (index: PackIndex) =>
  [...index.bibles, ...(index.courses ?? [])].reduce((sum, entry) => sum + entry.bytes, 0);
