/**
 * Quotations of Scripture in the authored content (content/courses, content/library) checked
 * against the bundled public-domain text of the verse they cite (content/FORMAT.md, "Quoting
 * Scripture"). Read by tests/server/scripture-quotes.test.ts.
 *
 * A quotation is tied to a reference when the reference is written right next to it:
 *
 *   «…» (Juan 3:16)              the reference in parentheses right after the closing mark
 *   «…», dice ella (Juan 4:15)   or after a short "says X" clause (a verb of saying, ≤ 4 words)
 *   Isaías 40:8: «…»             or the reference right before, followed by a colon
 *   «…» — 2 Timoteo 4:7          or after a dash, as an epigraph's
 *
 * with the marks « », “ ” or " " in either language. Quotations with no reference next to them
 * (a hero's words, a creed, a word under discussion) are not checked.
 *
 * A tied quotation must be the words of the cited passage — of one of the passages when the
 * parentheses name several — in the RV1909 (Spanish) or in the KJV or the WEB (English, one of
 * the two for the whole quotation; a quotation in the other language, the other's), in order and without a word changed, added or left out,
 * except where an ellipsis (… or ...) marks the words left out. Case, punctuation and (Spanish)
 * written accents are not compared: FORMAT.md lets a quotation follow today's accentuation
 * ("fue", "a", "dio" for the RV1909's "fué", "á", "dió"), and the 1909 forms themselves are
 * refused by OLD_SPELLING, so the accents are the modern ones.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { bundledBibles, type BibleFile } from '#server/bible/data.ts';
import { parseReference, type VerseRange } from '#server/bible/reference.ts';
import { splitFrontMatter } from '#server/content/front-matter.ts';
import type { Language } from '#shared/constants.ts';
import en from '#shared/i18n/en.json' with { type: 'json' };
import es from '#shared/i18n/es.json' with { type: 'json' };
import { JOURNAL_PROMPTS } from '#shared/journal-prompts.ts';

export const CONTENT_DIR = fileURLToPath(new URL('../../content', import.meta.url));

/** A quotation tied to a reference, where it was found. */
export interface Quotation {
  /** File, relative to content/, and the front-matter field or "body". */
  where: string;
  lang: Language;
  quote: string;
  reference: string;
}

export interface Problem extends Quotation {
  /** The text of the cited passage in the translations compared (what the quotation should be). */
  expected: string[];
}

/**
 * Opening mark → closing mark. Straight quotes pair up in order. Single quotes (English nested
 * quotations) open only after a non-letter and close only before one, so that apostrophes
 * ("don't", "Jesus' name") are not taken for them.
 */
const MARKS: Readonly<Record<string, string>> = {
  '«': '»',
  '“': '”',
  '"': '"',
  '‘': '’',
  "'": "'",
};
const SINGLE = new Set(["'", '‘', '’']);
const LETTER = /[\p{L}\p{N}]/u;

/** Where the quotation opened at `start` closes, or -1 (not within the paragraph). */
function closingMark(text: string, start: number, close: string): number {
  const paragraphEnd = text.indexOf('\n\n', start);
  for (let j = text.indexOf(close, start + 1); j >= 0; j = text.indexOf(close, j + 1)) {
    if (paragraphEnd >= 0 && j > paragraphEnd) return -1;
    if (!SINGLE.has(close) || !LETTER.test(text[j + 1] ?? '')) return j;
  }
  return -1;
}

/** A verb of saying between a quotation and its reference: «…», dice ella (Juan 4:15). */
const SAYS =
  /^,?\s+(?:dice|dijo|pregunta|preguntó|responde|respondió|exclama|exclamó|clama|escribe|escribió|declara|promete|ora|says|said|asks|asked|answers|answered|replies|replied|cries|writes|wrote|declares|promises|prays)\b(?:\s+[\p{L}]+){0,4}?\s*(?=\()/u;

/** A parenthesis right after a quotation (and its punctuation). */
const AFTER = /^\s*[,.;:]?\s*\(([^()]*)\)/;

/** An epigraph's reference after a dash: «…» — 2 Timoteo 4:7 (RV1909). */
const EPIGRAPH = /^\s*[—–]\s*((?:[1-3]\s?)?\p{L}+\.?\s+\d+:\d+(?:[-–]\d+)?)/u;

/** "… Isaías 40:8: " right before a quotation: a chapter:verse, a colon. */
const BEFORE = /((?:[1-3]\s?)?\p{L}+\.?\s+\d+:\d+(?:[-–]\d+)?)\)?\s*:\s*$/u;

/** Every quotation of `text` tied to a reference, as written (quote without its marks). */
export function tiedQuotations(text: string): { quote: string; reference: string }[] {
  const found: { quote: string; reference: string }[] = [];
  let i = 0;
  while (i < text.length) {
    const open = text[i]!;
    const close = MARKS[open];
    const end =
      close && !(SINGLE.has(open) && LETTER.test(text[i - 1] ?? ''))
        ? closingMark(text, i, close)
        : -1;
    if (!close || end < 0) {
      i++;
      continue;
    }
    const quote = text.slice(i + 1, end);
    // A quotation inside this one ("He said, 'Come and see' (John 1:46).") has its own reference.
    found.push(...tiedQuotations(quote));
    const rest = text.slice(end + 1);
    const says = SAYS.exec(rest);
    const after = AFTER.exec(says ? rest.slice(says[0].length) : rest);
    const before = BEFORE.exec(text.slice(Math.max(0, i - 60), i));
    const reference = after?.[1] ?? EPIGRAPH.exec(rest)?.[1] ?? before?.[1];
    if (reference !== undefined && /\d/.test(reference)) found.push({ quote, reference });
    i = end + 1;
  }
  return found;
}

/**
 * Spanish forms of the 1909 orthography that FORMAT.md says to write as today: accented
 * one-letter words and monosyllables ("á" → "a", "fué" → "fue"), accented demonstratives and
 * "sólo" ("éstos" → "estos", "sólo" → "solo").
 */
export const OLD_SPELLING =
  /(?<![\p{L}\p{M}])(?:á|ó|é|ú|fué|fuí|dió|vió|pié|éste|ésta|éstos|éstas|ése|ésa|ésos|ésas|aquél|aquélla|aquéllos|aquéllas|sólo)(?![\p{L}\p{M}])/giu;

/**
 * Lower case, letters and digits only, words separated by one space; accents dropped (ñ kept).
 * Apostrophes join ("LORD’s" = "Lord's"), everything else separates words.
 */
export function normalise(text: string): string {
  return (
    text
      .normalize('NFD')
      .replace(/n\u0303/g, 'ñ')
      .replace(/N\u0303/g, 'Ñ')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      // Ligatures are letters written together: the KJV's "Zacchæus" is "Zacchaeus".
      .replace(/æ/g, 'ae')
      .replace(/œ/g, 'oe')
      .replace(/['’]/g, '')
      .replace(/[^\p{L}\p{N}]+/gu, ' ')
      .trim()
  );
}

/** The quotation's runs of words between ellipses, normalised; empty runs dropped. */
function fragments(quote: string): string[] {
  return quote
    .split(/…|\.\.\.|\[…\]|\[\.\.\.\]/)
    .map(normalise)
    .filter((f) => f !== '');
}

/** Whether every fragment occurs in `passage`, in order, on word boundaries. */
function occursInOrder(parts: string[], passage: string): boolean {
  const text = ` ${passage} `;
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(` ${part} `, from);
    if (at < 0) return false;
    from = at + part.length + 1;
  }
  return true;
}

function verses(bible: BibleFile, range: VerseRange): string {
  const out: string[] = [];
  for (let b = range.start.book; b <= range.end.book; b++) {
    const book = bible.books[b - 1];
    if (!book) continue;
    const c0 = b === range.start.book ? range.start.chapter : 1;
    const c1 = b === range.end.book ? range.end.chapter : book.chapters.length;
    for (let c = c0; c <= c1; c++) {
      const chapter = book.chapters[c - 1] ?? [];
      const v0 = b === range.start.book && c === range.start.chapter ? range.start.verse : 1;
      const v1 = b === range.end.book && c === range.end.chapter ? range.end.verse : chapter.length;
      for (let v = v0; v <= v1; v++) out.push(chapter[v - 1] ?? '');
    }
  }
  return out.join(' ');
}

/**
 * The bundled translations a quotation in each language may follow; `vbl`, the Versión Biblia
 * Libre, only for a quotation whose reference names it: «…» (Salmo 23:1, VBL).
 */
export type QuotableBibles = Record<Language, BibleFile[]> & { vbl: BibleFile };

/** The bundled translations a quotation in each language may follow. */
export function loadBibles(): QuotableBibles {
  const byCode = new Map(bundledBibles().map((b) => [b.file.replace(/^.*\//, ''), b.read()]));
  const get = (file: string) => {
    const bible = byCode.get(file);
    if (!bible) throw new Error(`content/bible/${file} is missing`);
    return bible;
  };
  return {
    en: [get('kjv.json.gz'), get('web.json.gz')],
    es: [get('rv1909.json.gz')],
    vbl: get('vbl.json.gz'),
  };
}

/**
 * Whether `quote` is the words of a passage `reference` names, in one translation of `lang`;
 * otherwise the passages' texts (to show what was expected). `undefined` when the reference
 * does not resolve (the content tests report references that do not).
 */
export function checkQuotation(
  quote: string,
  reference: string,
  lang: Language,
  bibles: QuotableBibles,
): { ok: true } | { ok: false; expected: string[] } | undefined {
  // A quotation of the VBL names it after the reference, and is its words alone.
  const vbl = VBL_NAMED.test(reference);
  const parsed = parseReference(vbl ? reference.replace(VBL_NAMED, '') : reference, lang);
  if (!parsed) return undefined;
  const parts = fragments(quote);
  if (parts.length === 0) return { ok: true };
  const expected: string[] = [];
  // The file's language first; a quotation in the other language (the Spanish words of Reina's
  // title page in an English biography) is the other language's bundled text.
  const other: Language = lang === 'en' ? 'es' : 'en';
  for (const bible of vbl ? [bibles.vbl] : [...bibles[lang], ...bibles[other]]) {
    for (const range of parsed.ranges) {
      const text = verses(bible, range);
      if (occursInOrder(parts, normalise(text))) return { ok: true };
      if (bible.language === lang) expected.push(`${bible.code}: ${text}`);
    }
  }
  return { ok: false, expected };
}

/** The VBL named after a reference: (Salmo 23:1, VBL). */
const VBL_NAMED = /,?\s*\bVBL\b\s*$/;

/** Every string of a YAML value, with its path ("reflectionQuestions.2"). */
function strings(value: unknown, path: string): { path: string; text: string }[] {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}.${i}`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** The texts of one content file: front-matter strings and the Markdown body, or YAML strings. */
export function contentTexts(file: string, dir = CONTENT_DIR): { where: string; text: string }[] {
  const source = readFileSync(file, 'utf8');
  const name = relative(dir, file);
  if (file.endsWith('.md')) {
    // content/about's pages are Markdown alone, with no front matter.
    const { data, body } = source.startsWith('---')
      ? splitFrontMatter(source)
      : { data: {}, body: source };
    return [
      ...strings(data, '').map((s) => ({ where: `${name} ${s.path}`, text: s.text })),
      { where: `${name} body`, text: body },
    ];
  }
  return strings(parseYaml(source), '').map((s) => ({ where: `${name} ${s.path}`, text: s.text }));
}

/** The content files in a language: courses and library, Markdown and YAML (not FORMAT.md). */
export function contentFiles(lang: Language, dir = CONTENT_DIR): string[] {
  // content/about: the pages about the texts themselves ("About the Bible texts").
  return ['courses', 'library', 'about'].flatMap((top) =>
    (existsSync(join(dir, top))
      ? readdirSync(join(dir, top), { recursive: true, encoding: 'utf8' })
      : []
    )
      .filter((f) => f.endsWith(`.${lang}.md`) || f.endsWith(`.${lang}.yaml`))
      .sort()
      .map((f) => join(dir, top, f)),
  );
}

type Tree = { [key: string]: string | Tree };
const LOCALES: Record<Language, Tree> = { en, es };

/** Every string of a locale file, with its key. */
function localeTexts(lang: Language): { where: string; text: string }[] {
  const walk = (tree: Tree, prefix: string): { where: string; text: string }[] =>
    Object.entries(tree).flatMap(([k, v]) =>
      typeof v === 'string'
        ? [{ where: `i18n/${lang}.json ${prefix}${k}`, text: v }]
        : walk(v, `${prefix}${k}.`),
    );
  return walk(LOCALES[lang], '');
}

/**
 * Every text a reader sees in `lang`, from the content (courses and library) and, with
 * `strings`, the interface's strings and the journal's writing prompts.
 */
export function readerTexts(
  lang: Language,
  { dir = CONTENT_DIR, strings = true }: { dir?: string; strings?: boolean } = {},
): { where: string; text: string }[] {
  return [
    ...contentFiles(lang, dir).flatMap((file) => contentTexts(file, dir)),
    ...(strings
      ? [
          ...localeTexts(lang),
          ...JOURNAL_PROMPTS.map((p) => ({ where: `journal prompt ${p.id}`, text: p[lang] })),
        ]
      : []),
  ];
}

/**
 * Every tied quotation that is not the text of the verse it cites: in the content and the
 * interface's strings and journal prompts (`dir` other than content/: that content only).
 */
export function misquotations(
  bibles: QuotableBibles,
  dir = CONTENT_DIR,
): { checked: number; problems: Problem[] } {
  let checked = 0;
  const problems: Problem[] = [];
  for (const lang of ['en', 'es'] as const) {
    for (const { where, text } of readerTexts(lang, { dir, strings: dir === CONTENT_DIR })) {
      for (const { quote, reference } of tiedQuotations(text)) {
        const result = checkQuotation(quote, reference, lang, bibles);
        if (!result) continue;
        checked++;
        if (!result.ok) problems.push({ where, lang, quote, reference, expected: result.expected });
      }
    }
  }
  return { checked, problems };
}
