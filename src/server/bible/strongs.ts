/**
 * Word study (issue 39 item 2): which Greek or Hebrew word, by Strong's number, stands behind
 * each word of the KJV and the RV1909, read from content/bible/strongs/ (built by
 * scripts/bible/build-strongs.ts; formats in scripts/bible/README.md), and how each text renders
 * a number, counted from those tagged texts.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BIBLE_DIR, type BibleFile } from './data.ts';

export const STRONGS_DIR = join(BIBLE_DIR, 'strongs');

/** How many Greek and how many Hebrew numbers, the most frequent, have a Spanish gloss. */
export const STRONGS_FREQUENT_COUNT = 1000;

/**
 * One tagged word of a verse: [start, end, ...numbers]. `start`/`end` index the verse text of
 * content/bible/<code>.json.gz (UTF-16 code units, as JavaScript strings count; end exclusive);
 * numbers are "G26" (Greek) or "H157" (Hebrew), one or more (the RV1909 often gives a Spanish
 * word two). Spans of a verse are in text order and never overlap.
 */
export type StrongsSpan = [number, number, ...string[]];

/**
 * A StrongsSpan as the file stores it, smaller once gzipped: [gap, length, ...numbers], `gap`
 * counted from the end of the verse's previous span (from 0 for the first). See unpackSpans.
 */
export type PackedSpan = [number, number, ...string[]];

/** content/bible/strongs/<code>.json.gz: the tagged words of one translation. */
export interface StrongsFile {
  code: string;
  source: string;
  /** As the Bible file: books[b].chapters[c-1][v-1] is the spans of verse c:v ([] if none). */
  books: { osis: string; chapters: PackedSpan[][][] }[];
  /** Tagged words of the Psalm titles, against the Bible file's `titles[ref]`. */
  titles: Record<string, PackedSpan[]>;
}

/** Spans → the file's form (gaps and lengths instead of offsets). */
export function packSpans(spans: readonly StrongsSpan[]): PackedSpan[] {
  let previousEnd = 0;
  return spans.map(([start, end, ...numbers]) => {
    const packed: PackedSpan = [start - previousEnd, end - start, ...numbers];
    previousEnd = end;
    return packed;
  });
}

/** The file's form → spans with offsets into the verse (or title) text. */
export function unpackSpans(packed: readonly PackedSpan[]): StrongsSpan[] {
  let previousEnd = 0;
  return packed.map(([gap, length, ...numbers]) => {
    const start = previousEnd + gap;
    previousEnd = start + length;
    return [start, previousEnd, ...numbers];
  });
}

/** One Strong's number in content/bible/strongs/dictionary.json.gz. */
export interface StrongsEntry {
  /** The word in Greek or Hebrew script ("" for Strong's unused numbers); variants ", ". */
  lemma: string;
  /** Strong's transliteration: "agápē", "chêsêd". */
  translit: string;
  /** Strong's pronunciation: "ag-ah'-pay" ("" if none). */
  pron: string;
  /** Strong's definition, English, plain text (ends with the KJV's renderings after ":--"/"-"). */
  def: string;
  /** Occurrences (tagged spans carrying the number) in the KJV and in the RV1909. */
  kjv: number;
  rv1909: number;
}

export interface StrongsDictionary {
  source: string;
  /** By number, "G1"… then "H1"…, in numeric order. */
  entries: Record<string, StrongsEntry>;
}

/** content/bible/strongs/frequent.json: the numbers the Spanish glosses are written for. */
export interface StrongsFrequent {
  measure: string;
  /** [number, occurrences in KJV + RV1909], most frequent first. */
  greek: [string, number][];
  hebrew: [string, number][];
  /** Number occurrences of the NT (OT) covered by the Greek (Hebrew) list, of all of them. */
  coverage: Record<
    'nt' | 'ot',
    Record<'both' | 'kjv' | 'rv1909', { covered: number; all: number }>
  >;
}

/** G before H, then by number: "G2" < "G10" < "H1". */
export function compareStrongs(a: string, b: string): number {
  return a.charCodeAt(0) - b.charCodeAt(0) || Number(a.slice(1)) - Number(b.slice(1));
}

function readGzJson<T>(file: string): T {
  return JSON.parse(gunzipSync(readFileSync(file)).toString('utf8')) as T;
}

export function readStrongsFile(file: 'kjv' | 'rv1909', dir = STRONGS_DIR): StrongsFile {
  return readGzJson<StrongsFile>(join(dir, `${file}.json.gz`));
}

export function readStrongsDictionary(dir = STRONGS_DIR): StrongsDictionary {
  return readGzJson<StrongsDictionary>(join(dir, 'dictionary.json.gz'));
}

/** content/bible/strongs/glosses-es.json: the team's short Spanish glosses, by number. */
export function readSpanishGlosses(dir = STRONGS_DIR): Record<string, string> {
  return JSON.parse(readFileSync(join(dir, 'glosses-es.json'), 'utf8')) as Record<string, string>;
}

/** A verse (or, with `title`, a Psalm title) where a number occurs, and the words it tags. */
export interface StrongsOccurrence {
  /** OSIS book id, chapter, verse. */
  book: string;
  chapter: number;
  verse: number;
  title?: true;
  start: number;
  end: number;
  /** The tagged text as it stands in the verse: "Charity", "la caridad". */
  text: string;
}

/**
 * Which part of the text to look in: a book (OSIS id), a chapter of it, a verse of that
 * (default: the whole Bible).
 */
export interface StrongsScope {
  book?: string;
  chapter?: number;
  verse?: number;
}

/**
 * Every occurrence of `number` in a translation, in canonical order (Psalm titles before their
 * verse), with the tagged text taken from `bible` (the same translation's Bible file).
 */
export function occurrences(
  file: StrongsFile,
  bible: Pick<BibleFile, 'books' | 'titles'>,
  number: string,
  scope: StrongsScope = {},
): StrongsOccurrence[] {
  const out: StrongsOccurrence[] = [];
  file.books.forEach((book, b) => {
    if (scope.book !== undefined && book.osis !== scope.book) return;
    const texts = bible.books[b];
    if (!texts || texts.osis !== book.osis) {
      throw new Error(
        `${file.code}: book ${b + 1} is ${book.osis} here, ${texts?.osis} in the Bible file`,
      );
    }
    book.chapters.forEach((verses, c) => {
      if (scope.chapter !== undefined && c + 1 !== scope.chapter) return;
      verses.forEach((spans, v) => {
        if (scope.verse !== undefined && v + 1 !== scope.verse) return;
        const ref = `${book.osis}.${c + 1}.${v + 1}`;
        const titleSpans = file.titles[ref];
        const title = bible.titles[ref];
        if (titleSpans && title !== undefined) {
          for (const [start, end, ...numbers] of unpackSpans(titleSpans)) {
            if (!numbers.includes(number)) continue;
            out.push({
              book: book.osis,
              chapter: c + 1,
              verse: v + 1,
              title: true,
              start,
              end,
              text: title.slice(start, end),
            });
          }
        }
        const text = texts.chapters[c]?.[v] ?? '';
        for (const [start, end, ...numbers] of unpackSpans(spans)) {
          if (!numbers.includes(number)) continue;
          out.push({
            book: book.osis,
            chapter: c + 1,
            verse: v + 1,
            start,
            end,
            text: text.slice(start, end),
          });
        }
      });
    });
  });
  return out;
}

/** How a translation renders a number: a word of the tagged texts, and the texts under it. */
export interface Rendering {
  /** The word the texts are counted under: "charity", "caridad" (see renderings). */
  text: string;
  count: number;
  /** The tagged texts counted under it, as renderingForm gives them, most frequent first. */
  forms: { text: string; count: number }[];
}

/**
 * Words a tagged phrase is not counted under when it has another: articles, prepositions,
 * conjunctions, possessives and pronouns (the RV1909 tags "la caridad", "á Jehová", "su
 * misericordia"; the KJV "the love", "unto you"). RV1909 spelling: "á", "ó".
 */
const FUNCTION_WORDS: Readonly<Record<'en' | 'es', ReadonlySet<string>>> = {
  en: new Set(
    `a an the of to unto in into on upon at by for from with and or nor but as that
    his her its their my thy thine mine your our him them me thee you ye he she it we they i us`.split(
      /\s+/,
    ),
  ),
  es: new Set(
    `el la lo los las un una unos unas al del de á a ante con contra en entre hacia hasta para
    por según sin sobre tras y e ó o u ni que su sus mi mis tu tus nuestro nuestra nuestros
    nuestras vuestro vuestra vuestros vuestras se me te le les nos os yo tú él ella ellos ellas
    nosotros vosotros ti mí sí`.split(/\s+/),
  ),
};

/**
 * The form a tagged text is counted under: lower case, without punctuation at its edges
 * ("Charity," → "charity", "¡ALABAD" → "alabad").
 */
export function renderingForm(text: string): string {
  return text
    .toLowerCase()
    .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}’']+$/gu, '')
    .replace(/\s+/g, ' ');
}

function wordsOf(form: string): string[] {
  return form
    .split(' ')
    .map((w) => w.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .filter((w) => w !== '');
}

/**
 * How a translation renders `number` (in `scope`), most frequent first (then alphabetically):
 * each tagged text is counted under its most telling word, the one of its words (leaving out
 * FUNCTION_WORDS) that occurs in the most of this number's tagged texts, so that "la caridad",
 * "caridad" and "es la caridad" count as "caridad"; a text of function words only ("unto you")
 * is counted as it is. RV1909, 1 Corinthians 13, G26: caridad ×9 (forms: la caridad ×5,
 * caridad ×3, es la caridad ×1).
 */
export function renderings(
  file: StrongsFile,
  bible: Pick<BibleFile, 'books' | 'titles'>,
  number: string,
  scope: StrongsScope = {},
  language: 'en' | 'es' = file.code === 'RV1909' ? 'es' : 'en',
): Rendering[] {
  const texts = occurrences(file, bible, number, scope).map((o) => o.text);
  return countRenderings(texts, language);
}

/** renderings, from the tagged texts of one number (each occurrence's text, e.g. "la caridad"). */
export function countRenderings(tagged: readonly string[], language: 'en' | 'es'): Rendering[] {
  const functionWords = FUNCTION_WORDS[language];
  const texts = tagged.map((text) => {
    const form = renderingForm(text);
    return { form, words: [...new Set(wordsOf(form).filter((w) => !functionWords.has(w)))] };
  });
  const inTexts = new Map<string, number>();
  for (const t of texts) for (const w of t.words) inTexts.set(w, (inTexts.get(w) ?? 0) + 1);
  const groups = new Map<string, Map<string, number>>();
  for (const t of texts) {
    let head = t.form;
    let best = 0;
    for (const w of t.words) {
      const n = inTexts.get(w) ?? 0;
      if (n > best) {
        head = w;
        best = n;
      }
    }
    const forms = groups.get(head) ?? new Map<string, number>();
    forms.set(t.form, (forms.get(t.form) ?? 0) + 1);
    groups.set(head, forms);
  }
  const byCount = (
    a: { text: string; count: number },
    b: { text: string; count: number },
  ): number => b.count - a.count || a.text.localeCompare(b.text);
  return [...groups]
    .map(([text, forms]) => {
      const list = [...forms].map(([form, count]) => ({ text: form, count })).sort(byCount);
      return { text, count: list.reduce((n, f) => n + f.count, 0), forms: list };
    })
    .sort(byCount);
}

/** One tagged word as a row (for a database table or an index by number). */
export interface StrongsRow {
  book: string;
  chapter: number;
  verse: number;
  /** In the Psalm title that stands before the verse, not in the verse. */
  title: boolean;
  start: number;
  end: number;
  numbers: string[];
}

/** Every tagged word of a translation, in canonical order (a Psalm title before its verse). */
export function* strongsRows(file: StrongsFile): Generator<StrongsRow> {
  for (const book of file.books) {
    for (const [c, verses] of book.chapters.entries()) {
      for (const [v, packed] of verses.entries()) {
        const title = file.titles[`${book.osis}.${c + 1}.${v + 1}`];
        const lists: [boolean, PackedSpan[]][] = title
          ? [
              [true, title],
              [false, packed],
            ]
          : [[false, packed]];
        for (const [isTitle, list] of lists) {
          for (const [start, end, ...numbers] of unpackSpans(list)) {
            yield {
              book: book.osis,
              chapter: c + 1,
              verse: v + 1,
              title: isTitle,
              start,
              end,
              numbers,
            };
          }
        }
      }
    }
  }
}

// ── What the database holds (bible/words.ts installs it) ──

/** How many renderings of a number per translation the database keeps (the commonest). */
export const WORD_RENDERINGS_KEPT = 12;

/** A verse's tagged words, as a row of bible_word_verse. */
export interface WordVerseRow {
  translation: string;
  book: number;
  chapter: number;
  verse: number;
  /** The packed spans, JSON (as the file has them). */
  words: string;
  title_words: string | null;
}

/** A number, as a row of bible_word. */
export interface WordRow {
  number: string;
  lemma: string;
  translit: string;
  pron: string;
  definition: string;
  gloss_es: string | null;
  renderings: Record<
    string,
    { count: number; distinct: number; top: { text: string; count: number }[] }
  >;
  kjv_places: number[];
  rv1909_places: number[];
}

/** The tagged texts the database is built from, each with its Bible file. */
export interface WordStudySources {
  tagged: readonly { file: StrongsFile; bible: Pick<BibleFile, 'books' | 'titles'> }[];
  dictionary: StrongsDictionary;
  glosses: Record<string, string>;
}

/**
 * The rows of the word study: every verse with tagged words (or a tagged Psalm title), then
 * every number of the dictionary with its renderings, counted from the tagged texts as
 * `renderings` counts them, and its places (book 1–66 × 1,000,000 + chapter × 1,000 + verse,
 * each verse once, in canonical order) in the KJV and in the RV1909.
 */
export function* wordStudyRows(
  sources: WordStudySources,
): Generator<{ verse: WordVerseRow } | { word: WordRow }> {
  /** By number, by translation: its places, and the texts it tags. */
  const seen = new Map<string, Record<string, { places: number[]; texts: string[] }>>();
  for (const { file, bible } of sources.tagged) {
    for (const [b, book] of file.books.entries()) {
      const verseTexts = bible.books[b];
      if (!verseTexts || verseTexts.osis !== book.osis) {
        throw new Error(
          `${file.code}: book ${b + 1} is ${book.osis} here, ${verseTexts?.osis} in the Bible file`,
        );
      }
      for (const [c, verses] of book.chapters.entries()) {
        for (const [v, packed] of verses.entries()) {
          const ref = `${book.osis}.${c + 1}.${v + 1}`;
          const titleSpans = file.titles[ref];
          if (packed.length === 0 && !titleSpans) continue;
          const place = (b + 1) * 1_000_000 + (c + 1) * 1000 + (v + 1);
          const note = (text: string, spans: readonly PackedSpan[]) => {
            for (const [start, end, ...numbers] of unpackSpans(spans)) {
              for (const number of numbers) {
                let byCode = seen.get(number);
                if (!byCode) seen.set(number, (byCode = {}));
                const found = (byCode[file.code] ??= { places: [], texts: [] });
                if (found.places[found.places.length - 1] !== place) found.places.push(place);
                found.texts.push(text.slice(start, end));
              }
            }
          };
          if (titleSpans) note(bible.titles[ref] ?? '', titleSpans);
          note(verseTexts.chapters[c]?.[v] ?? '', packed);
          yield {
            verse: {
              translation: file.code,
              book: b + 1,
              chapter: c + 1,
              verse: v + 1,
              words: JSON.stringify(packed),
              title_words: titleSpans ? JSON.stringify(titleSpans) : null,
            },
          };
        }
      }
    }
  }
  for (const [number, entry] of Object.entries(sources.dictionary.entries)) {
    const byCode = seen.get(number) ?? {};
    const rendered: WordRow['renderings'] = {};
    for (const { file } of sources.tagged) {
      const texts = byCode[file.code]?.texts ?? [];
      const all = countRenderings(texts, file.code === 'RV1909' ? 'es' : 'en');
      rendered[file.code] = {
        count: texts.length,
        distinct: all.length,
        top: all.slice(0, WORD_RENDERINGS_KEPT).map(({ text, count }) => ({ text, count })),
      };
    }
    yield {
      word: {
        number,
        lemma: entry.lemma,
        translit: entry.translit,
        pron: entry.pron,
        definition: entry.def,
        gloss_es: sources.glosses[number] ?? null,
        renderings: rendered,
        kjv_places: byCode.KJV?.places ?? [],
        rv1909_places: byCode.RV1909?.places ?? [],
      },
    };
  }
}
