/**
 * Builds the word-study data of the KJV and the Reina-Valera 1909 (issue 39 item 2) in
 * content/bible/strongs/ from Debian's SWORD modules: where each word tagged with a Strong's
 * number stands in the bundled verse text, and Strong's Greek and Hebrew dictionaries.
 *
 *   apt-get install -y diatheke libsword-utils sword-text-kjv sword-text-sparv \
 *     sword-dict-strongs-greek sword-dict-strongs-hebrew
 *   node --import tsx scripts/bible/build-strongs.ts [--out DIR]
 *
 * The texts are read with the same code as build-data.ts (sword.ts), so the offsets are those
 * of content/bible/kjv.json.gz and rv1909.json.gz; the build compares every verse with those
 * files and fails on any difference. Formats, thresholds and licences: scripts/bible/README.md
 * and content/bible/strongs/LICENSE-STRONGS.md. Output is deterministic (gzip without a
 * timestamp, JSON keys in a fixed order).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { CORRECTIONS, applyCorrections } from './corrections.ts';
import {
  NUMBER_CORRECTIONS,
  NUMBER_RULES,
  type NumberCorrection,
  type NumberRule,
} from './number-corrections.ts';
import {
  TRANSLATIONS,
  buildTranslation,
  checkModules,
  psalmNumbersWithTitles,
  type BibleData,
  type Translation,
  type WordSpan,
} from './sword.ts';
import {
  STRONGS_FREQUENT_COUNT,
  compareStrongs,
  packSpans,
  type StrongsDictionary,
  type StrongsEntry,
  type StrongsFile,
  type StrongsFrequent,
  type StrongsSpan,
} from '#server/bible/strongs.ts';

/**
 * Thresholds: the build fails above them (the counts are printed every time; see README).
 * A changed module that goes past one needs a look, not a higher number.
 */
const LIMITS = {
  /** Number occurrences whose number is not in the dictionary, per translation. */
  unknownNumbers: 10,
  /**
   * Tagged words whose markup cut a word, widened to the whole word or giving their part up:
   * KJV 14 (“tha</w>t”, “bold ly”), RV1909 116 (mostly a verb and its enclitic pronoun, which the
   * text writes as one word, “oyéndo</w>lo”).
   */
  widened: 150,
  /** <w> elements with no text (nothing to point at). */
  empty: 0,
  /** <w> elements outside any verse, title or colophon (in notes, headings). */
  lost: 0,
} as const;

const DICTIONARIES = [
  { module: 'StrongsGreek', debPackage: 'sword-dict-strongs-greek', prefix: 'G' },
  { module: 'StrongsHebrew', debPackage: 'sword-dict-strongs-hebrew', prefix: 'H' },
] as const;

/** Letters, marks and digits: what a word is made of (an apostrophe or hyphen is not). */
const WORD_CHAR = /[\p{L}\p{M}\p{N}]/u;

function debVersion(pkg: string): string {
  return execFileSync('dpkg-query', ['-W', '-f', '${Version}', pkg], { encoding: 'utf8' }).trim();
}

// ---------------------------------------------------------------------------------------------
// Dictionaries

/** What a dictionary entry becomes: plain text, no markup. */
function dictText(markup: string): string {
  return (
    markup
      .replace(/<lb\s*\/>/g, ' ')
      // Strong's superscript vowels (a reduced vowel): yᵉhôvâh.
      .replace(/<hi rend="super">e<\/hi>/g, 'ᵉ')
      .replace(/<hi rend="super">o<\/hi>/g, 'ᵒ')
      // The Greek entries' Beta Code spelling (A)GA/PH) repeats the Greek script.
      .replace(/<orth\b[^>]*type="writing"[^>]*>[\s\S]*?<\/orth>/g, ' ')
      .replace(/<[^>]*>/g, '')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      // The Hebrew source wraps words in braces (its italics): {Jehovah} → Jehovah.
      .replace(/[{}]/g, '')
      .replace(/\s+/g, ' ')
      .replace(/ ([,.;:)])/g, '$1')
      .replace(/\( /g, '(')
      .trim()
  );
}

/** Alternative spellings the Hebrew source separates with several spaces: "אדום    אדם". */
function alternatives(markup: string): string {
  return markup
    .split(/\s{2,}|\t/)
    .map(dictText)
    .filter((s) => s !== '')
    .join(', ');
}

/**
 * Three systematic encoding slips of the Hebrew dictionary's source text, put right by rule (the
 * printed Strong's has a comma, an apostrophe and ś there): "yiώrâ'êl" (Greek ώ for ś, 365
 * transliterations), "who which6 what" (6 for a comma after a word, 106 definitions), "an ox´ s
 * head" (an acute accent and a space for the apostrophe, 87 times).
 */
function fixHebrewSource(text: string): string {
  return text
    .replace(/ώ/g, 'ś')
    .replace(/([A-Za-z)])6(?!\d)/g, '$1, ')
    .replace(/´ s\b/g, "'s")
    .replace(/´/g, "'")
    .replace(/\s+/g, ' ')
    .replace(/ ([,.;:)])/g, '$1')
    .trim();
}

interface DictEntryRaw {
  lemma: string;
  translit: string;
  pron: string;
  def: string;
}

function parseDictEntry(body: string, key: string): DictEntryRaw {
  const entry = /^<entryFree n="(\d+)">([\s\S]*)<\/entryFree>$/.exec(body.trim());
  if (!entry) throw new Error(`${key}: not an <entryFree> entry: ${body.slice(0, 200)}`);
  const inner = entry[2] ?? '';
  // The headword leads the entry: its <orth> (Greek or Hebrew script), Beta Code spelling
  // (Greek), transliteration and pronunciation, each once, between whitespace and <lb/>. The
  // definition is everything after it (Greek entries have text, derivations and more <orth>
  // outside <def>).
  const head: Record<'orth' | 'writing' | 'trans' | 'pron', string | undefined> = {
    orth: undefined,
    writing: undefined,
    trans: undefined,
    pron: undefined,
  };
  const part =
    /^(?:\s+|<lb\/>|<orth>([\s\S]*?)<\/orth>|<orth type="writing">([\s\S]*?)<\/orth>|<orth rend="bold" type="trans">([\s\S]*?)<\/orth>|<pron rend="italic">([\s\S]*?)<\/pron>)/;
  let rest = inner;
  for (;;) {
    const m = part.exec(rest);
    if (!m) break;
    const kind =
      m[1] !== undefined
        ? 'orth'
        : m[2] !== undefined
          ? 'writing'
          : m[3] !== undefined
            ? 'trans'
            : m[4] !== undefined
              ? 'pron'
              : undefined;
    if (kind) {
      if (head[kind] !== undefined) break;
      head[kind] = m[1] ?? m[2] ?? m[3] ?? m[4] ?? '';
    }
    rest = rest.slice(m[0].length);
  }
  return {
    lemma: alternatives(head.orth ?? ''),
    translit: alternatives(head.trans ?? ''),
    pron: alternatives(head.pron ?? ''),
    def: dictText(rest),
  };
}

/** Reads a SWORD dictionary with mod2imp (raw entries, "$$$key" lines between them). */
function readDictionary(module: string, prefix: 'G' | 'H'): Map<string, DictEntryRaw> {
  let imp: string;
  try {
    imp = execFileSync('mod2imp', [module], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('mod2imp not found (apt-get install -y libsword-utils)', { cause: err });
    }
    throw err;
  }
  const entries = new Map<string, DictEntryRaw>();
  const bodies = new Map<string, string>();
  for (const part of imp.split(/^\$\$\$/m).slice(1)) {
    const nl = part.indexOf('\n');
    const key = part.slice(0, nl).trim();
    const body = part.slice(nl + 1).trim();
    if (!/^\d{5}$/.test(key)) throw new Error(`${module}: unexpected key "${key}"`);
    const id = `${prefix}${Number(key)}`;
    const seen = bodies.get(id);
    if (seen !== undefined) {
      // StrongsHebrew has entry 2200 twice, identical.
      if (seen !== body) throw new Error(`${module}: two different entries for ${key}`);
      continue;
    }
    bodies.set(id, body);
    let parsed = parseDictEntry(body, `${module} ${key}`);
    if (prefix === 'H' && /[\u05d0-\u05ea]/.test(parsed.translit)) {
      // H5019 (Nebuchadnezzar) has its fields one place off: more Hebrew spellings where the
      // transliteration goes, the transliterations where the pronunciation goes, and the
      // pronunciations at the start of the definition.
      const prons = /^((?:[a-z'-]+ )+)(?=[A-Z])/.exec(parsed.def);
      if (!prons?.[1]) throw new Error(`${module} ${key}: Hebrew letters in the transliteration`);
      parsed = {
        lemma: `${parsed.lemma}, ${parsed.translit}`,
        translit: parsed.pron,
        pron: prons[1].trim().split(' ').join(', '),
        def: parsed.def.slice(prons[1].length),
      };
    }
    if (prefix === 'H') {
      parsed = {
        lemma: parsed.lemma,
        translit: fixHebrewSource(parsed.translit),
        pron: fixHebrewSource(parsed.pron),
        def: fixHebrewSource(parsed.def),
      };
    }
    const n = /^<entryFree n="(\d+)">/.exec(body)?.[1];
    if (Number(n) !== Number(key)) throw new Error(`${module} ${key}: entry says n="${n}"`);
    entries.set(id, parsed);
  }
  return entries;
}

// ---------------------------------------------------------------------------------------------
// Tagged words

interface Counters {
  /** <w> elements read from the module. */
  read: number;
  /** Tagged words kept (after merging words that share a span). */
  spans: number;
  /** Of the <w> elements: with no text, dropped. */
  empty: string[];
  /** Of the <w> elements: cut a word, widened to the whole word. */
  widened: string[];
  /** <w> elements on the same (widened) span as another one, merged into it. */
  merged: number;
  /** Number occurrences (a span's numbers, each once). */
  numbers: number;
  /** Number occurrences not in the dictionary, by number. */
  unknown: Map<string, string[]>;
  /** <w> elements in the colophons cut off the epistles (not Scripture: dropped). */
  colophon: number;
  lost: number;
}

/** `savlm="strong:G0026 G1234"` → ["G26", "G1234"] (each once, in order). */
function strongsNumbers(attrs: string, where: string): string[] {
  const savlm = /\bsavlm="([^"]*)"/.exec(attrs)?.[1];
  if (savlm === undefined) throw new Error(`${where}: <w ${attrs}> has no savlm attribute`);
  const m = /^strong:((?:[GH]\d+)(?: [GH]\d+)*)$/.exec(savlm);
  if (!m) throw new Error(`${where}: unexpected savlm="${savlm}"`);
  const list = (m[1] ?? '').split(' ').map((n) => `${n.charAt(0)}${Number(n.slice(1))}`);
  // RV1909's lemma attribute, when present, repeats some of savlm's numbers.
  const lemma = /\blemma="([^"]*)"/.exec(attrs)?.[1];
  for (const n of lemma ? lemma.split(' ') : []) {
    const id = `${n.charAt(0)}${Number(n.slice(1))}`;
    if (!list.includes(id)) throw new Error(`${where}: lemma ${n} is not in savlm="${savlm}"`);
  }
  return [...new Set(list)];
}

/**
 * The module's words → spans of the stored text, in text order, never overlapping. Where markup
 * cut a word (KJV “tha</w>t”; words corrections.ts joins: “bold ly” → “boldly”, “Gessur i” →
 * “Gessuri”), the word goes to the span that holds most of its letters, widened to all of it;
 * the others give their part up, and one left with no word merges its numbers into that span
 * (“boldly”: G3954 G3326). Words on the same span merge their numbers.
 */
function toSpans(
  text: string,
  words: readonly WordSpan[],
  where: string,
  counters: Counters,
): StrongsSpan[] {
  interface Span {
    start: number;
    end: number;
    numbers: string[];
    from: string;
    /** The span that took this one's only word. */
    into?: Span;
  }
  const isWord = (i: number): boolean => WORD_CHAR.test(text.charAt(i));
  const spans: Span[] = [];
  for (const w of words) {
    const numbers = strongsNumbers(w.attrs, where);
    if (w.end <= w.start) counters.empty.push(`${where} ${numbers.join(' ')}`);
    else spans.push({ ...w, numbers, from: text.slice(w.start, w.end) });
  }
  spans.sort((a, b) => a.start - b.start || a.end - b.end);

  const resolveWord = (at: number): void => {
    let from = at;
    let to = at;
    while (from > 0 && isWord(from - 1)) from--;
    while (to < text.length && isWord(to)) to++;
    const overlap = (s: Span): number => Math.min(s.end, to) - Math.max(s.start, from);
    const sharing = spans.filter((s) => !s.into && overlap(s) > 0);
    const owner = sharing.reduce((best, s) => (overlap(s) > overlap(best) ? s : best));
    owner.start = Math.min(owner.start, from);
    owner.end = Math.max(owner.end, to);
    for (const s of sharing) {
      if (s === owner) continue;
      if (s.start >= from) s.start = to;
      else if (s.end <= to) s.end = from;
      else throw new Error(`${where}: "${s.from}" holds all of a word "${owner.from}" shares`);
      while (s.start < s.end && !isWord(s.start) && /\s/.test(text.charAt(s.start))) s.start++;
      while (s.end > s.start && /\s/.test(text.charAt(s.end - 1))) s.end--;
      if (!WORD_CHAR.test(text.slice(s.start, s.end))) s.into = owner;
    }
  };
  for (const s of spans) {
    if (s.into) continue;
    if (s.start > 0 && isWord(s.start - 1) && isWord(s.start)) resolveWord(s.start);
    if (!s.into && s.end < text.length && isWord(s.end - 1) && isWord(s.end)) resolveWord(s.end);
  }

  const bySpan = new Map<string, Span>();
  for (const s of spans) {
    let target = s;
    while (target.into) target = target.into;
    if (target !== s || s.from !== text.slice(s.start, s.end)) {
      counters.widened.push(
        `${where} "${s.from}" ${s.numbers.join(' ')} → "${text.slice(target.start, target.end)}"`,
      );
    }
    if (target !== s) continue;
    if (!WORD_CHAR.test(text.slice(s.start, s.end))) {
      throw new Error(`${where}: tagged text "${text.slice(s.start, s.end)}" has no letter`);
    }
    const key = `${s.start}:${s.end}`;
    const same = bySpan.get(key);
    if (same) {
      counters.merged++;
      for (const n of s.numbers) if (!same.numbers.includes(n)) same.numbers.push(n);
    } else bySpan.set(key, s);
  }
  // Numbers of spans that gave their word up join the span that took it.
  for (const s of spans) {
    if (!s.into) continue;
    let target = s.into;
    while (target.into) target = target.into;
    counters.merged++;
    for (const n of s.numbers) if (!target.numbers.includes(n)) target.numbers.push(n);
  }
  const list = [...bySpan.values()].sort((a, b) => a.start - b.start || a.end - b.end);
  for (let i = 1; i < list.length; i++) {
    const prev = list[i - 1];
    const span = list[i];
    if (prev && span && span.start < prev.end) {
      throw new Error(
        `${where}: tagged words overlap: "${text.slice(prev.start, prev.end)}" and "${text.slice(span.start, span.end)}"`,
      );
    }
  }
  return list.map((s) => [s.start, s.end, ...s.numbers] as StrongsSpan);
}

/**
 * Moves word spans through one correction of corrections.ts (the text before → after): only the
 * part that differs moves; a start inside it goes to the end of the new part, an end to its start.
 */
function correctSpans(
  before: string,
  after: string,
  wrong: string,
  right: string,
  words: WordSpan[],
): WordSpan[] {
  const at = before.indexOf(wrong);
  if (at < 0 || before.indexOf(wrong, at + 1) >= 0)
    throw new Error(`"${wrong}" is not once in: ${before}`);
  let prefix = 0;
  while (prefix < wrong.length && prefix < right.length && wrong[prefix] === right[prefix])
    prefix++;
  let suffix = 0;
  while (
    suffix < wrong.length - prefix &&
    suffix < right.length - prefix &&
    wrong[wrong.length - 1 - suffix] === right[right.length - 1 - suffix]
  )
    suffix++;
  const from = at + prefix;
  const to = at + wrong.length - suffix;
  const newTo = at + right.length - suffix;
  const move = (pos: number, isEnd: boolean): number => {
    if (pos <= from) return pos;
    if (pos >= to) return pos + newTo - to;
    return isEnd ? from : newTo;
  };
  if (before.slice(0, at) + right + before.slice(at + wrong.length) !== after) {
    throw new Error(`correction "${wrong}" → "${right}" does not give: ${after}`);
  }
  return words.map((w) => ({ ...w, start: move(w.start, false), end: move(w.end, true) }));
}

interface TranslationResult {
  file: StrongsFile;
  counters: Counters;
  /** Occurrences by number (each span once). */
  counts: Map<string, number>;
  /** Occurrences by number in the Old and the New Testament. */
  byTestament: { ot: Map<string, number>; nt: Map<string, number> };
  /** The numbers each verse carries ("Gen.1.1"; a Psalm title as "Ps.3.0"), for NUMBER_RULES. */
  numbersByVerse: Map<string, Set<string>>;
}

/** The key of numbersByVerse: a verse's reference, or its Psalm's title's. */
function verseKey(ref: string, title: boolean): string {
  return title ? `${ref.split('.').slice(0, 2).join('.')}.0` : ref;
}

function shippedBible(bibleDir: string, file: string): BibleData {
  return JSON.parse(
    gunzipSync(readFileSync(join(bibleDir, `${file}.json.gz`))).toString('utf8'),
  ) as BibleData;
}

function buildWords(
  t: Translation,
  psalmsWithTitles: ReadonlySet<number> | undefined,
  bibleDir: string,
  dictionary: ReadonlyMap<string, unknown>,
  /** The KJV's numbers by verse: given, NUMBER_RULES apply (to the RV1909). */
  kjvNumbers?: ReadonlyMap<string, ReadonlySet<string>>,
): { result: TranslationResult; data: BibleData } {
  const built = buildTranslation(t, psalmsWithTitles, true);
  const words = built.words;
  if (!words) throw new Error('unreachable: words were asked for');
  const data = built.data;

  // The reviewed corrections, moving the spans of the words they touch.
  const before = new Map<string, string>();
  for (const c of CORRECTIONS) {
    if (c.translation !== t.code) continue;
    const [osis, ch, v] = c.verse.split('.');
    before.set(
      c.verse,
      data.books.find((b) => b.osis === osis)?.chapters[Number(ch) - 1]?.[Number(v) - 1] ?? '',
    );
  }
  applyCorrections(data, 'build');
  for (const c of CORRECTIONS) {
    if (c.translation !== t.code) continue;
    const [osis, ch, v] = c.verse.split('.');
    const after =
      data.books.find((b) => b.osis === osis)?.chapters[Number(ch) - 1]?.[Number(v) - 1] ?? '';
    const list = words.verses.get(c.verse) ?? [];
    words.verses.set(
      c.verse,
      correctSpans(before.get(c.verse) ?? '', after, c.wrong, c.right, list),
    );
  }

  // The offsets are only right if the texts are the shipped ones.
  const shipped = shippedBible(bibleDir, t.file);
  if (JSON.stringify(shipped.books) !== JSON.stringify(data.books)) {
    throw new Error(
      `${t.code}: the module's text differs from ${t.file}.json.gz (rebuild it with build-data.ts first)`,
    );
  }
  if (JSON.stringify(shipped.titles) !== JSON.stringify(data.titles)) {
    throw new Error(`${t.code}: the Psalm titles differ from ${t.file}.json.gz (rebuild it first)`);
  }

  const counters: Counters = {
    read: words.read,
    spans: 0,
    empty: [],
    widened: [],
    merged: 0,
    numbers: 0,
    unknown: new Map(),
    colophon: words.colophon,
    lost: words.lost,
  };
  const counts = new Map<string, number>();
  const byTestament = { ot: new Map<string, number>(), nt: new Map<string, number>() };
  const ntStart = data.books.findIndex((b) => b.osis === 'Matt');

  const numberCorrections = NUMBER_CORRECTIONS.filter((c) => c.translation === t.code);
  const corrected = new Set<NumberCorrection>();
  const ruled = new Map<NumberRule, number>();
  const numbersByVerse = new Map<string, Set<string>>();
  /**
   * The reviewed number corrections of the verse and the rules the KJV confirms there, then: a
   * number not in the dictionary is reported and left out (a span left with none goes); counts
   * the rest.
   */
  const finish = (
    spans: StrongsSpan[],
    ref: string,
    where: string,
    testament: Map<string, number>,
    title = false,
  ): StrongsSpan[] => {
    const key = verseKey(ref, title);
    const kjv = kjvNumbers?.get(key);
    const rules = kjv ? NUMBER_RULES.filter((r) => kjv.has(r.right) && !kjv.has(r.wrong)) : [];
    const inVerse = new Set<string>();
    numbersByVerse.set(key, inVerse);
    const kept: StrongsSpan[] = [];
    for (const [start, end, ...listed] of spans) {
      const numbers: string[] = [];
      for (let n of listed) {
        const fix = numberCorrections.find((c) => !title && c.verse === ref && c.wrong === n);
        if (fix) {
          corrected.add(fix);
          n = fix.right;
        }
        const rule = rules.find((r) => r.wrong === n);
        if (rule) {
          ruled.set(rule, (ruled.get(rule) ?? 0) + 1);
          n = rule.right;
        }
        if (!dictionary.has(n)) {
          const list = counters.unknown.get(n) ?? [];
          list.push(where);
          counters.unknown.set(n, list);
          continue;
        }
        if (numbers.includes(n)) continue;
        numbers.push(n);
        inVerse.add(n);
        counters.numbers++;
        counts.set(n, (counts.get(n) ?? 0) + 1);
        testament.set(n, (testament.get(n) ?? 0) + 1);
      }
      if (numbers.length > 0) kept.push([start, end, ...numbers]);
    }
    counters.spans += kept.length;
    return kept;
  };

  const books: StrongsFile['books'] = data.books.map((book, b) => ({
    osis: book.osis,
    chapters: book.chapters.map((verses, c) =>
      verses.map((text, v) => {
        const ref = `${book.osis}.${c + 1}.${v + 1}`;
        const where = `${t.code} ${ref}`;
        const spans = toSpans(text, words.verses.get(ref) ?? [], where, counters);
        const testament = b >= ntStart ? byTestament.nt : byTestament.ot;
        return packSpans(finish(spans, ref, where, testament));
      }),
    ),
  }));
  const titles: StrongsFile['titles'] = {};
  for (const [ref, list] of [...words.titles].sort(([a], [b]) => compareRefs(data, a, b))) {
    const text = data.titles[ref];
    if (text === undefined) throw new Error(`${t.code} ${ref}: words of a title that is not there`);
    const where = `${t.code} ${ref} (title)`;
    titles[ref] = packSpans(
      finish(toSpans(text, list, where, counters), ref, where, byTestament.ot, true),
    );
  }
  for (const c of numberCorrections) {
    if (!corrected.has(c))
      throw new Error(`${t.code} ${c.verse}: ${c.wrong} not found (number correction)`);
  }
  if (kjvNumbers) {
    for (const r of NUMBER_RULES) {
      const n = ruled.get(r) ?? 0;
      console.log(`  ${t.code}: ${r.wrong} → ${r.right} in ${n} spans (the KJV confirms it)`);
      if (n !== r.count)
        throw new Error(
          `${t.code}: rule ${r.wrong} → ${r.right} changed ${n} spans, not ${r.count}: read them again`,
        );
    }
  }

  const file: StrongsFile = {
    code: t.code,
    source: `SWORD module ${t.module} (Debian ${t.debPackage} ${debVersion(t.debPackage)}), public domain`,
    books,
    titles,
  };
  return { result: { file, counters, counts, byTestament, numbersByVerse }, data };
}

function compareRefs(data: BibleData, a: string, b: string): number {
  const key = (ref: string): number[] => {
    const [osis, c, v] = ref.split('.');
    return [data.books.findIndex((book) => book.osis === osis), Number(c), Number(v)];
  };
  const ka = key(a);
  const kb = key(b);
  for (let i = 0; i < 3; i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

// ---------------------------------------------------------------------------------------------

function writeGz(file: string, value: unknown): number {
  // zlib's gzip header carries no file name and mtime 0: output bytes depend on input only.
  const raw = Buffer.from(JSON.stringify(value), 'utf8');
  const gz = gzipSync(raw, { level: 9 });
  writeFileSync(file, gz);
  console.log(`  ${file}: ${raw.length} bytes, ${gz.length} gzipped`);
  return gz.length;
}

function percent(part: number, whole: number): string {
  return `${((100 * part) / whole).toFixed(2)}%`;
}

function main(): void {
  const started = Date.now();
  const here = dirname(fileURLToPath(import.meta.url));
  const bibleDir = join(here, '..', '..', 'content', 'bible');
  const outFlag = process.argv.indexOf('--out');
  const outDir =
    outFlag >= 0 && process.argv[outFlag + 1]
      ? resolve(process.argv[outFlag + 1] ?? '')
      : join(bibleDir, 'strongs');

  const translations = TRANSLATIONS.filter((t) => t.file === 'kjv' || t.file === 'rv1909');
  checkModules([...translations, ...DICTIONARIES]);

  const dictionary = new Map<string, DictEntryRaw>();
  for (const d of DICTIONARIES) {
    const entries = readDictionary(d.module, d.prefix);
    for (const [id, entry] of entries) dictionary.set(id, entry);
    console.log(
      `${d.module} (${d.debPackage} ${debVersion(d.debPackage)}): ${entries.size} entries`,
    );
  }

  const results = new Map<string, TranslationResult>();
  let kjvPsalmTitles: Set<number> | undefined;
  for (const t of translations) {
    const kjvNumbers = t.file === 'rv1909' ? results.get('kjv')?.numbersByVerse : undefined;
    if (t.file === 'rv1909' && !kjvNumbers) throw new Error('the KJV is built first');
    const { result, data } = buildWords(t, kjvPsalmTitles, bibleDir, dictionary, kjvNumbers);
    if (t.file === 'kjv') kjvPsalmTitles = psalmNumbersWithTitles(data);
    results.set(t.file, result);
    const c = result.counters;
    console.log(
      `${t.code}: ${c.read} <w> elements read, ${c.spans} spans (${c.merged} merged into another on the same words), ` +
        `${c.numbers} number occurrences of ${result.counts.size} numbers; ` +
        `${c.empty.length} empty, ${c.widened.length} widened to whole words, ${c.colophon} in colophons (dropped), ` +
        `${c.lost} elsewhere outside verses and titles`,
    );
    for (const w of c.widened) console.log(`  widened ${w}`);
    for (const e of c.empty) console.log(`  empty ${e}`);
    for (const [n, where] of c.unknown)
      console.log(`  not in the dictionary: ${n} ×${where.length} (${where.join(', ')})`);
    const unknown = [...c.unknown.values()].reduce((s, l) => s + l.length, 0);
    const over: string[] = [];
    if (unknown > LIMITS.unknownNumbers)
      over.push(`${unknown} unknown numbers > ${LIMITS.unknownNumbers}`);
    if (c.widened.length > LIMITS.widened)
      over.push(`${c.widened.length} widened > ${LIMITS.widened}`);
    if (c.empty.length > LIMITS.empty) over.push(`${c.empty.length} empty > ${LIMITS.empty}`);
    if (c.lost > LIMITS.lost) over.push(`${c.lost} lost > ${LIMITS.lost}`);
    if (over.length > 0) throw new Error(`${t.code}: over the limits: ${over.join('; ')}`);
  }
  const kjv = results.get('kjv');
  const rv = results.get('rv1909');
  if (!kjv || !rv) throw new Error('unreachable');

  // The dictionary, with each number's occurrences in both texts.
  const entries: Record<string, StrongsEntry> = {};
  for (const id of [...dictionary.keys()].sort(compareStrongs)) {
    const e = dictionary.get(id);
    if (!e) continue;
    entries[id] = {
      lemma: e.lemma,
      translit: e.translit,
      pron: e.pron,
      def: e.def,
      kjv: kjv.counts.get(id) ?? 0,
      rv1909: rv.counts.get(id) ?? 0,
    };
  }
  const dict: StrongsDictionary = {
    source:
      DICTIONARIES.map(
        (d) => `SWORD module ${d.module} (Debian ${d.debPackage} ${debVersion(d.debPackage)})`,
      ).join(' and ') + ', public domain',
    entries,
  };

  // The most frequent numbers: occurrences in the KJV plus occurrences in the RV1909.
  const total = new Map<string, number>();
  for (const r of [kjv, rv]) for (const [n, k] of r.counts) total.set(n, (total.get(n) ?? 0) + k);
  const ranked = (prefix: 'G' | 'H'): [string, number][] =>
    [...total]
      .filter(([n]) => n.startsWith(prefix) && dictionary.has(n))
      .sort(([a, ka], [b, kb]) => kb - ka || compareStrongs(a, b))
      .slice(0, STRONGS_FREQUENT_COUNT);
  const greek = ranked('G');
  const hebrew = ranked('H');
  const share = (
    list: [string, number][],
    testament: 'ot' | 'nt',
    only?: TranslationResult,
  ): { covered: number; all: number } => {
    const set = new Set(list.map(([n]) => n));
    let covered = 0;
    let all = 0;
    for (const r of only ? [only] : [kjv, rv]) {
      for (const [n, k] of r.byTestament[testament]) {
        all += k;
        if (set.has(n)) covered += k;
      }
    }
    return { covered, all };
  };
  const coverage: StrongsFrequent['coverage'] = {
    nt: {
      both: share(greek, 'nt'),
      kjv: share(greek, 'nt', kjv),
      rv1909: share(greek, 'nt', rv),
    },
    ot: {
      both: share(hebrew, 'ot'),
      kjv: share(hebrew, 'ot', kjv),
      rv1909: share(hebrew, 'ot', rv),
    },
  };
  const frequent: StrongsFrequent = {
    measure:
      'occurrences in the KJV plus occurrences in the RV1909: tagged spans (verse text and Psalm titles) carrying the number, each span once',
    greek,
    hebrew,
    coverage,
  };

  mkdirSync(outDir, { recursive: true });
  console.log(`→ ${outDir}`);
  writeGz(join(outDir, 'kjv.json.gz'), kjv.file);
  writeGz(join(outDir, 'rv1909.json.gz'), rv.file);
  writeGz(join(outDir, 'dictionary.json.gz'), dict);
  // One [number, count] pair a line, so that a change of the list reads well in a diff.
  const frequentJson = JSON.stringify(frequent, null, 2).replace(
    /\[\s+("[GH]\d+"),\s+(\d+)\s+\]/g,
    '[$1, $2]',
  );
  writeFileSync(join(outDir, 'frequent.json'), `${frequentJson}\n`);
  console.log(`  ${join(outDir, 'frequent.json')}`);
  for (const [name, c] of Object.entries(coverage)) {
    const list = name === 'nt' ? 'Greek' : 'Hebrew';
    console.log(
      `${STRONGS_FREQUENT_COUNT} most frequent ${list} numbers cover, of the ${name.toUpperCase()}'s number occurrences: ` +
        `${percent(c.both.covered, c.both.all)} (KJV ${percent(c.kjv.covered, c.kjv.all)}, RV1909 ${percent(c.rv1909.covered, c.rv1909.all)})`,
    );
  }
  // The team's Spanish glosses (glosses-es.json, written by hand) are for these numbers.
  try {
    const glosses = JSON.parse(readFileSync(join(outDir, 'glosses-es.json'), 'utf8')) as Record<
      string,
      string
    >;
    const missing = [...greek, ...hebrew].filter(([n]) => !glosses[n]).map(([n]) => n);
    console.log(
      missing.length === 0
        ? 'glosses-es.json has a gloss for every one of them'
        : `glosses-es.json lacks ${missing.length} of them (tests/bible/strongs.test.ts fails): ${missing.join(' ')}`,
    );
  } catch {
    console.log('no glosses-es.json yet');
  }
  console.log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

main();
