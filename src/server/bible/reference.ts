import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as enLang from 'bible-passage-reference-parser/esm/lang/en.js';
import * as esLang from 'bible-passage-reference-parser/esm/lang/es.js';
import { rangesFromOsis, type VerseRange } from '#shared/bible/chapter-answer.ts';
import type { Language } from '#shared/constants.ts';

// Shared with the service worker, which answers chapters from the offline pack (issue 40).
export {
  bookName,
  chapterLength,
  formatReference,
  rangesFromOsis,
  type VersePoint,
  type VerseRange,
} from '#shared/bible/chapter-answer.ts';

export interface ParsedReference {
  osis: string;
  ranges: VerseRange[];
}

function makeParser(lang: typeof enLang) {
  const parser = new bcv_parser(lang);
  parser.set_options({
    osis_compaction_strategy: 'bcv',
    sequence_combination_strategy: 'combine',
    consecutive_combination_strategy: 'separate',
    passage_existence_strategy: 'bcv',
    book_alone_strategy: 'full',
  });
  return parser;
}

const parsers: Record<Language, ReturnType<typeof makeParser>> = {
  en: makeParser(enLang),
  es: makeParser(esLang),
};

/**
 * Parses a reference in English or Spanish, abbreviated or not ("Juan 3:16", "Jn 3:16",
 * "1 Cor 13:4-7", "Salmos 23", "Gen 1:31-2:3"). The reader's language is tried first.
 */
const parsedMemo = new Map<string, ParsedReference | null>();
const PARSED_MEMO_MAX = 5000;

export function parseReference(input: string, lang: Language): ParsedReference | null {
  const key = `${lang}|${input}`;
  const memo = parsedMemo.get(key);
  if (memo !== undefined) return memo;
  const parsed = parseUncached(input, lang);
  if (parsedMemo.size >= PARSED_MEMO_MAX) parsedMemo.delete(parsedMemo.keys().next().value!);
  parsedMemo.set(key, parsed);
  return parsed;
}

/** The parser is regex-heavy (about a millisecond a call); results are memoised above. */
function parseUncached(input: string, lang: Language): ParsedReference | null {
  const text = input.trim();
  if (!text) return null;
  for (const l of lang === 'es' ? (['es', 'en'] as const) : (['en', 'es'] as const)) {
    const osis = parsers[l].parse(text).osis();
    if (osis) {
      const ranges = rangesFromOsis(osis);
      if (ranges.length > 0) return { osis, ranges };
    }
  }
  return null;
}
