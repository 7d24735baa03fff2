/**
 * Journal tags: the preset tags (faith, prayer…) are stored as language-neutral keys and shown
 * in the reader's language; any other tag is stored as typed (trimmed, lower-case). A preset's
 * name typed in either language (`fe`, `faith`) is that preset, so an entry tagged in Spanish
 * matches the filter in English, and an export names it in the exporter's language.
 */
import { LANGUAGES, type Language } from '#shared/constants.ts';
import { POPULAR_TAGS, isPresetTag, parseTags } from '#shared/values/journal.ts';
import { translate } from '../i18n/translate.ts';

/** Every name of a preset, in every language (and its key), → the key. */
const PRESET_BY_NAME = new Map<string, string>(
  POPULAR_TAGS.flatMap((key) => [
    [key, key] as const,
    ...LANGUAGES.map(
      (lang) => [parseTags(translate(lang, `journal.tagNames.${key}`))[0]!, key] as const,
    ),
  ]),
);

/** The stored form of one tag: a preset's key, or the tag itself. */
export const tagKey = (tag: string): string => PRESET_BY_NAME.get(tag) ?? tag;

/** The stored form of a list of tags (a preset named twice, in two languages, is kept once). */
export const tagKeys = (tags: readonly string[]): string[] => [...new Set(tags.map(tagKey))];

/** A stored tag as the reader says it. */
export function tagLabel(tag: string, lang: Language): string {
  return isPresetTag(tag) ? translate(lang, `journal.tagNames.${tag}`) : tag;
}
