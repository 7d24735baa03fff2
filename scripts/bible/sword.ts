/**
 * Reads the public-domain Bibles from Debian's SWORD modules through `diatheke` (raw OSIS markup)
 * and turns the markup into the plain verse text of content/bible/<code>.json.gz. Shared by
 * build-data.ts (the verse texts) and build-strongs.ts (which also needs where each tagged word,
 * with its Strong's numbers, stands in that text). See scripts/bible/README.md.
 */
import type { BibleFile } from '#server/bible/data.ts';
import { execFileSync } from 'node:child_process';
import { BOOKS } from '#shared/bible/books.ts';

export interface Translation {
  /** File name stem: content/bible/<file>.json.gz */
  readonly file: string;
  readonly code: string;
  readonly name: string;
  readonly language: 'en' | 'es';
  /** SWORD module name as installed by the Debian package. */
  readonly module: string;
  /** Debian package shipping the module (for messages only). */
  readonly debPackage: string;
  /**
   * The module has no <title> markup for Psalm titles and glues them into the text of verse 1
   * (and Psalm 119's acrostic letters into the text of verses 1, 9, …, 169): split them off into
   * `titles` (see splitGluedPsalmTitle / splitGluedAcrostic).
   */
  readonly splitGluedPsalmTitles: boolean;
  /**
   * Subscriptions ("colophons") that the module glues onto the last verse of an epistle instead
   * of marking them up as <title>: verse id → how the colophon starts. They are not Scripture
   * and are cut off (the build fails if one is not found, so a changed module gets noticed).
   */
  readonly gluedColophons: Readonly<Record<string, string>>;
}

export const TRANSLATIONS: readonly Translation[] = [
  {
    file: 'kjv',
    code: 'KJV',
    name: 'King James Version',
    language: 'en',
    module: 'engKJV2006eb',
    debPackage: 'sword-text-kjv',
    splitGluedPsalmTitles: false,
    gluedColophons: {},
  },
  {
    file: 'web',
    code: 'WEB',
    name: 'World English Bible',
    language: 'en',
    module: 'engWEB2015eb',
    debPackage: 'sword-text-web',
    splitGluedPsalmTitles: false,
    gluedColophons: {},
  },
  {
    file: 'rv1909',
    code: 'RV1909',
    name: 'Reina-Valera 1909',
    language: 'es',
    module: 'spaRV1909eb',
    debPackage: 'sword-text-sparv',
    splitGluedPsalmTitles: true,
    gluedColophons: {
      'Rom.16.27': 'Fué escrita de Corinto á los Romanos',
      '1Cor.16.24': 'La primera á los Corintios fué enviada',
      // RV1909 numbers 2 Corinthians 13 with 13 verses (slot 13:14 is a gap).
      '2Cor.13.13': 'La segunda Epístola á los Corintios fué enviada',
      'Gal.6.18': 'Enviada de Roma á los Gálatas',
      'Eph.6.24': 'Escrita de Roma á los Efesios',
      'Phil.4.23': 'Escrita de Roma con Epafrodito',
      'Col.4.18': 'Escrita de Roma á los Colosenses',
      '1Thess.5.28': 'La primera epístola á los Tesalonicenses',
      '2Thess.3.18': 'La segunda Epístola á los Tesalonicenses',
      '1Tim.6.21': 'La primera epístola á Timoteo',
      '2Tim.4.22': 'La segunda epístola á Timoteo',
      'Titus.3.15': 'A Tito, el cual fué el primer obispo',
      'Phlm.1.25': 'A Filemón fué enviada de Roma',
      'Heb.13.25': 'Fué escrita á los Hebreos',
    },
  },
];

/**
 * Book names as diatheke prints them in its verse labels ("I Samuel 3:4: ") with `-l en`.
 * Only these 66 books are read, so WEB's deuterocanonical books are never exported.
 */
const DIATHEKE_NAMES: Readonly<Record<string, string>> = {
  Gen: 'Genesis',
  Exod: 'Exodus',
  Lev: 'Leviticus',
  Num: 'Numbers',
  Deut: 'Deuteronomy',
  Josh: 'Joshua',
  Judg: 'Judges',
  Ruth: 'Ruth',
  '1Sam': 'I Samuel',
  '2Sam': 'II Samuel',
  '1Kgs': 'I Kings',
  '2Kgs': 'II Kings',
  '1Chr': 'I Chronicles',
  '2Chr': 'II Chronicles',
  Ezra: 'Ezra',
  Neh: 'Nehemiah',
  Esth: 'Esther',
  Job: 'Job',
  Ps: 'Psalms',
  Prov: 'Proverbs',
  Eccl: 'Ecclesiastes',
  Song: 'Song of Solomon',
  Isa: 'Isaiah',
  Jer: 'Jeremiah',
  Lam: 'Lamentations',
  Ezek: 'Ezekiel',
  Dan: 'Daniel',
  Hos: 'Hosea',
  Joel: 'Joel',
  Amos: 'Amos',
  Obad: 'Obadiah',
  Jonah: 'Jonah',
  Mic: 'Micah',
  Nah: 'Nahum',
  Hab: 'Habakkuk',
  Zeph: 'Zephaniah',
  Hag: 'Haggai',
  Zech: 'Zechariah',
  Mal: 'Malachi',
  Matt: 'Matthew',
  Mark: 'Mark',
  Luke: 'Luke',
  John: 'John',
  Acts: 'Acts',
  Rom: 'Romans',
  '1Cor': 'I Corinthians',
  '2Cor': 'II Corinthians',
  Gal: 'Galatians',
  Eph: 'Ephesians',
  Phil: 'Philippians',
  Col: 'Colossians',
  '1Thess': 'I Thessalonians',
  '2Thess': 'II Thessalonians',
  '1Tim': 'I Timothy',
  '2Tim': 'II Timothy',
  Titus: 'Titus',
  Phlm: 'Philemon',
  Heb: 'Hebrews',
  Jas: 'James',
  '1Pet': 'I Peter',
  '2Pet': 'II Peter',
  '1John': 'I John',
  '2John': 'II John',
  '3John': 'III John',
  Jude: 'Jude',
  Rev: 'Revelation of John',
};

/** Shape of content/bible/<code>.json.gz (the JSON inside the gzip): the server's own reading of it. */
export type BibleData = BibleFile;

/** Counters of markup the build dropped, printed in the summary so changes get noticed. */
export interface Dropped {
  sectionHeadings: number;
  speakers: number;
  colophons: string[];
  notes: number;
}

interface RawEntry {
  chapter: number;
  verse: number;
  /** Markup diatheke printed before the verse label ("pre-verse": titles, speakers, milestones). */
  pre: string;
  /** Raw OSIS text of the entry. */
  text: string;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function diatheke(module: string, key: string): string {
  // -f internal: the module's raw OSIS markup (parsed below, nothing is lost to rendering).
  // -o hi: show headings and intros. With headings on, diatheke attaches each verse's own
  // pre-verse material (e.g. Psalm titles) to it; with headings off it repeats a verse's
  // pre-verse before the following verses. Intros make chapter "verse 0" entries visible
  // (KJV keeps Psalm 119's first acrostic heading, ALEPH, there).
  return execFileSync(
    'diatheke',
    ['-b', module, '-f', 'internal', '-o', 'hi', '-l', 'en', '-k', key],
    {
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
}

/** Splits diatheke output for one book into entries, checking the labels run in order. */
function parseEntries(output: string, module: string, label: string, osis: string): RawEntry[] {
  const trailer = `(${module})`;
  let body = output.replace(/\s+$/, '');
  if (!body.endsWith(trailer)) {
    throw new Error(`${module} ${osis}: diatheke output does not end with ${trailer}`);
  }
  body = body.slice(0, body.length - trailer.length).replace(/\n$/, '');

  const re = new RegExp(`${escapeRegExp(label)} (\\d+):(\\d+): `, 'g');
  const marks: { index: number; end: number; chapter: number; verse: number }[] = [];
  for (const m of body.matchAll(re)) {
    const index = m.index;
    // A label is always at the start of a line or right after pre-verse markup.
    const before = index === 0 ? '\n' : body.charAt(index - 1);
    if (!/[\n >]/.test(before)) continue;
    marks.push({ index, end: index + m[0].length, chapter: Number(m[1]), verse: Number(m[2]) });
  }

  const entries: RawEntry[] = [];
  let prevEnd = 0;
  for (let i = 0; i < marks.length; i++) {
    const mark = marks[i];
    if (!mark) continue;
    const next = marks[i + 1];
    const lineStart = body.lastIndexOf('\n', mark.index - 1) + 1;
    if (i > 0 && lineStart <= prevEnd) {
      throw new Error(`${module} ${osis} ${mark.chapter}:${mark.verse}: two labels on one line`);
    }
    const pre = body.slice(Math.max(lineStart, prevEnd), mark.index);
    let textEnd = body.length;
    if (next) {
      const nextLineStart = body.lastIndexOf('\n', next.index - 1);
      textEnd = nextLineStart < mark.end ? next.index : nextLineStart;
    }
    const text = body.slice(mark.end, textEnd);
    if (text.includes('\n')) {
      throw new Error(`${module} ${osis} ${mark.chapter}:${mark.verse}: entry spans several lines`);
    }
    entries.push({ chapter: mark.chapter, verse: mark.verse, pre, text });
    prevEnd = textEnd;
  }
  return entries;
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntity(whole: string, name: string): string {
  if (name.startsWith('#x') || name.startsWith('#X')) {
    return String.fromCodePoint(parseInt(name.slice(2), 16));
  }
  if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
  return ENTITIES[name.toLowerCase()] ?? whole;
}

/**
 * Where a tagged word (a <w> element: its Strong's numbers) stands in the plain text: `start` and
 * `end` are indexes into the text (UTF-16 code units, as JavaScript strings count), with no
 * whitespace at either edge. Used by build-strongs.ts; build-data.ts does not track words.
 */
export interface WordSpan {
  start: number;
  end: number;
  /** The element's attributes as the module has them: `savlm="strong:G0026"`. */
  attrs: string;
}

/** A position in the text that follows it through the clean-up (see replaceTracked). */
interface Mark {
  pos: number;
  /** The end of a word: when the text around it is replaced, it stays left of the replacement. */
  end: boolean;
}

/**
 * `text.replace(re, replacer)` for a global `re`, same result, which also moves `marks` to where
 * their text went: a mark inside a replaced piece goes to the replacement's start (end marks) or
 * end (start marks), so a word never takes in what was replaced around it.
 */
function replaceTracked(
  text: string,
  re: RegExp,
  replacer: (m: RegExpExecArray) => string,
  marks: Mark[] | undefined,
): string {
  const edits: { from: number; to: number; outFrom: number; outTo: number }[] = [];
  let out = '';
  let last = 0;
  for (const m of text.matchAll(re)) {
    out += text.slice(last, m.index);
    const replacement = replacer(m);
    edits.push({
      from: m.index,
      to: m.index + m[0].length,
      outFrom: out.length,
      outTo: out.length + replacement.length,
    });
    out += replacement;
    last = m.index + m[0].length;
  }
  out += text.slice(last);
  if (marks && edits.length > 0) {
    for (const mark of marks) {
      // The last edit that starts before the mark.
      let lo = 0;
      let hi = edits.length;
      while (lo < hi) {
        const mid = (lo + hi) >> 1;
        if ((edits[mid]?.from ?? 0) < mark.pos) lo = mid + 1;
        else hi = mid;
      }
      const edit = edits[lo - 1];
      if (!edit) continue;
      if (mark.pos >= edit.to) mark.pos = edit.outTo + (mark.pos - edit.to);
      else mark.pos = mark.end ? edit.outFrom : edit.outTo;
    }
  }
  return out;
}

/** Spanish object pronouns that attach to a verb ("oyéndolo", "dadme", "díjole"). */
const ES_CLITICS = new Set(['lo', 'la', 'los', 'las', 'le', 'les', 'me', 'te', 'se', 'nos', 'os']);
/** Short imperatives / preterites the RV1909 module splits from their enclitic ("dalo", "vílo"). */
const ES_SHORT_VERB_CLITIC = new Set([
  'da|lo',
  'di|les',
  'dí|lo',
  'haz|lo',
  'haz|la',
  'he|lo',
  'vi|lo',
]);
/** Accented words that are not verbs, so an accent does not make them take an enclitic. */
const ES_ACCENTED_NON_VERBS = new Set([
  'á',
  'él',
  'éste',
  'ésta',
  'éstos',
  'éstas',
  'ése',
  'ésa',
  'aquél',
  'aquélla',
  'también',
  'sólo',
  'cuánto',
  'cuánta',
  'qué',
  'quién',
  'cómo',
  'dónde',
  'más',
  'así',
  'aquí',
  'allí',
  'ahí',
  'después',
  'jamás',
  'además',
  'través',
  'jehová',
  'josué',
  'moisés',
  'jesús',
  'david',
  'ejército',
]);

/**
 * Whether a word split from a following clitic by markup is really one word in the RV1909 text:
 * infinitives ("sacar|la"), imperatives in -d ("guardad|lo"), and — 1909 orthography keeps the
 * written accent on a verb that takes an enclitic — accented verb forms ("oyéndo|lo", "dió|les").
 */
function isSpanishEnclitic(left: string, right: string): boolean {
  const l = left.toLowerCase();
  const r = right.toLowerCase();
  if (!ES_CLITICS.has(r)) return false;
  if (ES_SHORT_VERB_CLITIC.has(`${l}|${r}`)) return true;
  if (/(?:ar|er|ir|ír|d)$/.test(l) && l.length > 2) return true;
  return /[áéíóú]/.test(l) && !ES_ACCENTED_NON_VERBS.has(l);
}

/**
 * Some modules have no space between words whose markup touches ("Christ</w><w>Jesus",
 * "siempre</w><transChange>es", "sacrifice,’</q><q>for"): a closing tag directly followed by an
 * opening one, or an opening one right after a letter, between two word characters is a word
 * boundary. A lone closing tag inside a word is not ("tha</w>t" in KJV).
 */
function separateTouchingWords(markup: string, language: 'en' | 'es'): string {
  return markup.replace(
    /(\p{L}+|[’”,.;:!?)])((?:<[^>]*>)+)(?=([‘“(]|\p{L}+))/gu,
    (whole: string, left: string, tags: string, right: string) => {
      const boundary =
        /<\/[^>]*>\s*<[A-Za-z]/.test(tags) ||
        (/^\p{L}/u.test(left) && /^<(?:w|transChange|q)\b[^>]*[^/]>/.test(tags));
      if (!boundary) return whole;
      if (language === 'es' && /^\p{L}+$/u.test(left) && isSpanishEnclitic(left, right))
        return whole;
      return `${left} ${tags}`;
    },
  );
}

/** Plain text and the tagged words in it (`words` only when asked for). */
export interface PlainText {
  text: string;
  words: WordSpan[];
}

/** Markup → plain text: drops tags (keeping their content), entities, ¶, extra whitespace. */
function toPlain(markup: string, language: 'en' | 'es' = 'en'): string {
  return toPlainText(markup, language, false).text;
}

/**
 * toPlain, and with `trackWords` where each <w> element's content ended up in the text (the
 * same text either way: tracking only follows the replacements).
 */
function toPlainText(markup: string, language: 'en' | 'es', trackWords: boolean): PlainText {
  const inline = separateTouchingWords(markup, language)
    // KJV: the divine name is printed in small capitals (LORD, GOD, JEHOVAH), and a few
    // <divineName> elements hold "Lord"/"Jah": render them in capitals like SWORD's own filters
    // (the possessive "’s" stays lower case: "LORD’s").
    .replace(/<divineName\b[^>]*>([\s\S]*?)<\/divineName>/g, (_whole, inner: string) =>
      inner.replace(
        /(^|>)([^<]*)/g,
        (_m, gt: string, txt: string) =>
          gt +
          txt.replace(
            /(^|[^’'\p{L}])(\p{L}+)/gu,
            (_w, pre: string, word: string) => pre + word.toUpperCase(),
          ),
      ),
    )
    // Structural empty elements (line/paragraph/line-group/milestones) separate words.
    .replace(/<(?:l|lg|lb|div|chapter|milestone|p)\b[^>]*\/>/g, ' ');

  // Everything else (w, transChange, divineName, q, foreign, seg, …) is inline: the tags go, and
  // each <w>…</w> leaves a start and an end mark where its content is.
  const marks: Mark[] | undefined = trackWords ? [] : undefined;
  const tagged: { attrs: string; start: Mark; end: Mark }[] = [];
  let open: { attrs: string; start: Mark } | undefined;
  let text = '';
  let last = 0;
  for (const m of inline.matchAll(/<[^>]*>/g)) {
    text += inline.slice(last, m.index);
    last = m.index + m[0].length;
    if (!marks) continue;
    const tag = m[0];
    const w = /^<w\b([^>]*)>$/.exec(tag);
    if (w) {
      const attrs = (w[1] ?? '').replace(/\/$/, '').trim();
      const start: Mark = { pos: text.length, end: false };
      if (tag.endsWith('/>')) {
        // An empty element: a word with no text.
        const end: Mark = { pos: text.length, end: true };
        tagged.push({ attrs, start, end });
        marks.push(start, end);
      } else {
        if (open) throw new Error(`nested <w> elements in: ${markup}`);
        open = { attrs, start };
      }
    } else if (tag === '</w>') {
      if (!open) throw new Error(`</w> without <w> in: ${markup}`);
      const end: Mark = { pos: text.length, end: true };
      tagged.push({ attrs: open.attrs, start: open.start, end });
      marks.push(open.start, end);
      open = undefined;
    }
  }
  text += inline.slice(last);
  if (open) throw new Error(`<w> not closed in: ${markup}`);

  text = replaceTracked(
    text,
    /&(#x[0-9a-f]+|#\d+|[a-z]+);/gi,
    (m) => decodeEntity(m[0], m[1] ?? ''),
    marks,
  );
  // KJV: pilcrow paragraph marks; a stray USFM character marker (\nd) before 27 divine names.
  text = replaceTracked(text, /¶/g, () => ' ', marks);
  text = replaceTracked(text, /\\[a-z]+\d*\*?(?=\s|$)/g, () => ' ', marks);
  text = replaceTracked(text, /\s+/g, () => ' ', marks);
  // WEB: "walk’ ?”" (a space kept before punctuation after a closing quotation).
  text = replaceTracked(text, / ([,.;:?!])/g, (m) => m[1] ?? '', marks);
  // String.prototype.trim removes what \s matches.
  text = replaceTracked(text, /^\s+|\s+$/g, () => '', marks);

  const words = tagged.map(({ attrs, start, end }) => {
    let from = start.pos;
    let to = Math.max(from, end.pos);
    while (from < to && /\s/.test(text.charAt(from))) from++;
    while (to > from && /\s/.test(text.charAt(to - 1))) to--;
    return { start: from, end: to, attrs };
  });
  return { text, words };
}

/**
 * Picks the Psalm titles out of pre-verse or chapter-intro markup: superscriptions
 * (<title type="psalm" canonical="true">) and Psalm 119's acrostic headings (KJV marks those as
 * plain <title><foreign>א ALEPH.</foreign></title>, WEB as canonical psalm titles).
 * Other titles (editorial section headings) are only counted.
 */
function extractTitles(
  markup: string,
  osis: string,
  trackWords = false,
): { titles: PlainText[]; headings: number } {
  const titles: PlainText[] = [];
  let headings = 0;
  for (const m of markup.matchAll(/<title\b([^>]*)>([\s\S]*?)<\/title>/g)) {
    const attrs = m[1] ?? '';
    const inner = m[2] ?? '';
    const plain = toPlainText(inner, 'en', trackWords);
    const isPsalmTitle =
      osis === 'Ps' &&
      (/\btype="psalm"/.test(attrs) ||
        /\bcanonical="true"/.test(attrs) ||
        /<foreign\b/.test(inner));
    if (isPsalmTitle && plain.text) titles.push(plain);
    else headings++;
  }
  return { titles, headings };
}

/** Cleans one verse's raw OSIS text. */
function cleanVerse(
  raw: string,
  ref: string,
  language: 'en' | 'es',
  dropped: Dropped,
  trackWords = false,
): PlainText {
  let text = raw;
  // Anything after the end of the chapter is not verse text: KJV's subscriptions after the
  // epistles ("Written to the Romans from Corinthus…"), WEB's glossary after Rev 22:21.
  const chapterEnd = text.search(/<chapter\b[^>]*\beID=/);
  if (chapterEnd >= 0) {
    const tail = text.slice(chapterEnd);
    for (const m of tail.matchAll(/<title\b[^>]*>([\s\S]*?)<\/title>/g)) {
      const colophon = toPlain(m[1] ?? '');
      if (colophon) dropped.colophons.push(`${ref}: ${colophon}`);
    }
    text = text.slice(0, chapterEnd);
  }
  text = text.replace(/<note\b[^>]*\/>/g, '');
  text = text.replace(/<note\b[^>]*>[\s\S]*?<\/note>/g, () => {
    dropped.notes++;
    return '';
  });
  text = text.replace(/<speaker\b[^>]*>[\s\S]*?<\/speaker>/g, () => {
    dropped.speakers++;
    return ' ';
  });
  text = text.replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, () => {
    dropped.sectionHeadings++;
    return ' ';
  });
  return toPlainText(text, language, trackWords);
}

/** Splits a verse's words at `at`: those before it, and those after it moved to start at 0. */
function splitWords(
  words: readonly WordSpan[],
  at: number,
  ref: string,
): { before: WordSpan[]; after: WordSpan[] } {
  const before: WordSpan[] = [];
  const after: WordSpan[] = [];
  for (const w of words) {
    if (w.end <= at) before.push(w);
    else if (w.start >= at) after.push({ ...w, start: w.start - at, end: w.end - at });
    else throw new Error(`${ref}: a tagged word [${w.start}, ${w.end}) straddles position ${at}`);
  }
  return { before, after };
}

/**
 * RV1909 (spaRV1909eb) has no <title> markup: a Psalm's superscription is simply the start of
 * verse 1 ("Salmo de David, cuando huía de delante de Absalom su hijo. ¡OH Jehová, …").
 * The module keeps the printed Bible's convention of setting the first word of every chapter in
 * capitals ("OH", "JEHOVÁ", "BIENAVENTURADO"), so the superscription is everything before that
 * capitalised word. Only applied where the same psalm has a title in the KJV module and the
 * verse does not already start with the capitalised word; anything else is left untouched.
 * `at`: where the verse text starts in `text`.
 */
function splitGluedPsalmTitle(
  text: string,
): { title: string; text: string; at: number } | undefined {
  // First capitalised word (2+ capitals, or a one-letter word before one: "A TI", "A JEHOVÁ"),
  // possibly after opening punctuation ("¡OH Jehová").
  const m = /(^|\s)[¡¿("“‘]*(?:\p{Lu} )?\p{Lu}{2,}(?=[\s,.;:!?)”’]|$)/u.exec(text);
  if (!m) return undefined;
  const start = m.index + (m[1] ?? '').length;
  if (start === 0) return undefined;
  const title = text.slice(0, start).trim();
  const rest = text.slice(start).trim();
  // A superscription is a whole sentence.
  if (!/[.:?!]$/.test(title) || rest.length === 0) return undefined;
  // `text` is already trimmed and `start` is at a non-space character, so `rest` starts there.
  return { title, text: rest, at: start };
}

/** RV1909 Psalm 119: "BETH ¿Con qué limpiará…" → title "BETH", text "¿Con qué limpiará…". */
function splitGluedAcrostic(text: string): { title: string; text: string; at: number } | undefined {
  const m = /^(\p{Lu}{2,}\.?)\s+(?=\S)/u.exec(text);
  if (!m || !m[1]) return undefined;
  return { title: m[1], text: text.slice(m[0].length), at: m[0].length };
}

/** Cuts the colophon off `text`; returns the verse text (which starts where `text` does). */
function cutGluedColophon(text: string, ref: string, start: string, dropped: Dropped): string {
  const at = text.indexOf(` ${start}`);
  if (at < 0) throw new Error(`${ref}: expected colophon "${start}…" not found in: ${text}`);
  dropped.colophons.push(`${ref}: ${text.slice(at + 1)}`);
  return text.slice(0, at).trim();
}

/** The tagged words of a translation, against the text of BuildResult.data (before corrections). */
export interface TranslationWords {
  /** By verse ("Gen.1.1"), in text order; verses without tagged words are absent. */
  verses: Map<string, WordSpan[]>;
  /** By the verse the Psalm title stands before, against `data.titles[ref]`. */
  titles: Map<string, WordSpan[]>;
  /** <w> elements read from the module (a pre-verse repeated by diatheke counted once). */
  read: number;
  /** Of those, how many are in the colophons cut off verses (RV1909's are tagged). */
  colophon: number;
  /** Of those, how many are in no verse text, title or colophon (notes, headings). */
  lost: number;
}

export interface BuildResult {
  data: BibleData;
  dropped: Dropped;
  /** Only when buildTranslation was asked to track words. */
  words?: TranslationWords;
}

function countWordElements(markup: string): number {
  return (markup.match(/<w\b/g) ?? []).length;
}

/**
 * Reads one translation from its SWORD module (one diatheke call per book, plus one for the
 * first chapter's intro). With `trackWords`, also where each tagged word (<w>, with its Strong's
 * numbers) stands in the verse and title texts; the texts are the same either way.
 */
export function buildTranslation(
  t: Translation,
  psalmsWithTitles: ReadonlySet<number> | undefined,
  trackWords = false,
): BuildResult {
  const dropped: Dropped = { sectionHeadings: 0, speakers: 0, colophons: [], notes: 0 };
  const books: BibleData['books'] = [];
  const gaps: string[] = [];
  const titles: Record<string, string> = {};
  const verseWords = new Map<string, WordSpan[]>();
  const titleWords = new Map<string, WordSpan[]>();
  let read = 0;
  let colophonWords = 0;

  for (const book of BOOKS) {
    const label = DIATHEKE_NAMES[book.osis];
    if (!label) throw new Error(`no diatheke name for ${book.osis}`);
    // `<Book>` alone starts at 1:1, so chapter 1's intro ("verse 0") is read separately.
    const entries = [
      ...parseEntries(diatheke(t.module, `${book.osis} 1:0`), t.module, label, book.osis),
      ...parseEntries(diatheke(t.module, book.osis), t.module, label, book.osis),
    ];

    const chapters: string[][] = [];
    const pendingTitles = new Map<number, PlainText[]>();
    let prevPre: string | undefined;
    let expectChapter = 0;
    let expectVerse = 0;
    for (const entry of entries) {
      const { chapter, verse } = entry;
      // Labels must run 1:0 (intro), 1:1, 1:2, …, 2:0 (intro), 2:1, … without holes.
      const inOrder =
        (chapter === expectChapter && verse === expectVerse + 1) ||
        (chapter === expectChapter + 1 && (verse === 0 || verse === 1));
      if (!inOrder) {
        throw new Error(
          `${t.module} ${book.osis}: unexpected label ${chapter}:${verse} after ${expectChapter}:${expectVerse}`,
        );
      }
      expectChapter = chapter;
      expectVerse = verse;

      // diatheke repeats the previous pre-verse markup when a verse has none of its own, so only
      // a pre-verse that differs from the previous one belongs to this verse.
      const ownPre = entry.pre !== prevPre ? entry.pre : '';
      prevPre = entry.pre;
      if (trackWords) read += countWordElements(ownPre) + countWordElements(entry.text);
      const found = extractTitles(ownPre, book.osis, trackWords);
      dropped.sectionHeadings += found.headings;
      if (/<speaker\b/.test(ownPre)) dropped.speakers += (ownPre.match(/<speaker\b/g) ?? []).length;

      if (verse === 0) {
        // Chapter intro: only titles are kept (they stand before verse 1).
        const intro = extractTitles(entry.text, book.osis, trackWords);
        dropped.sectionHeadings += intro.headings;
        const list = [...found.titles, ...intro.titles];
        if (list.length > 0) pendingTitles.set(chapter, list);
        dropped.speakers += (entry.text.match(/<speaker\b/g) ?? []).length;
        const rest = toPlain(
          entry.text
            .replace(/<title\b[^>]*>[\s\S]*?<\/title>/g, '')
            .replace(/<speaker\b[^>]*>[\s\S]*?<\/speaker>/g, ''),
        );
        if (rest) throw new Error(`${t.module} ${book.osis} ${chapter}:0 has text: ${rest}`);
        continue;
      }

      const ref = `${book.osis}.${chapter}.${verse}`;
      const cleaned = cleanVerse(entry.text, ref, t.language, dropped, trackWords);
      let text = cleaned.text;
      let words = cleaned.words;
      const verseTitles = [
        ...(verse === 1 ? (pendingTitles.get(chapter) ?? []) : []),
        ...found.titles,
      ];
      const colophonStart = t.gluedColophons[ref];
      if (colophonStart !== undefined) {
        text = cutGluedColophon(text, ref, colophonStart, dropped);
        // The verse keeps its start; the colophon's words go.
        const parts = splitWords(words, text.length + 1, ref);
        words = parts.before;
        colophonWords += parts.after.length;
      }
      if (t.splitGluedPsalmTitles && book.osis === 'Ps' && verseTitles.length === 0) {
        let split: { title: string; text: string; at: number } | undefined;
        let expected = false;
        if (chapter === 119 && verse % 8 === 1) {
          expected = true;
          split = splitGluedAcrostic(text);
        } else if (verse === 1 && psalmsWithTitles?.has(chapter)) {
          expected = true;
          split = splitGluedPsalmTitle(text);
        }
        if (split) {
          const parts = splitWords(words, split.at, ref);
          verseTitles.push({ text: split.title, words: parts.before });
          text = split.text;
          words = parts.after;
        } else if (expected) {
          throw new Error(`${t.code}: could not split the title off ${ref}: ${text}`);
        }
      }
      // A title repeated (same text) is kept once, with the words of its first copy.
      const unique = new Map<string, WordSpan[]>();
      for (const title of verseTitles) {
        if (!unique.has(title.text)) unique.set(title.text, title.words);
      }
      if (unique.size > 0) {
        titles[ref] = [...unique.keys()].join(' ');
        const spans: WordSpan[] = [];
        let offset = 0;
        for (const [titleText, spansOfTitle] of unique) {
          for (const w of spansOfTitle) {
            spans.push({ ...w, start: w.start + offset, end: w.end + offset });
          }
          offset += titleText.length + 1;
        }
        if (spans.length > 0) titleWords.set(ref, spans);
      }
      if (words.length > 0) verseWords.set(ref, words);

      while (chapters.length < chapter) chapters.push([]);
      const verses = chapters[chapter - 1];
      if (!verses) throw new Error('unreachable');
      if (verses.length !== verse - 1) throw new Error(`${t.module} ${ref}: verse out of order`);
      verses.push(text);
      if (text === '') gaps.push(ref);
    }

    if (chapters.length !== book.chapters) {
      throw new Error(
        `${t.module} ${book.osis}: ${chapters.length} chapters, expected ${book.chapters}`,
      );
    }
    books.push({ osis: book.osis, chapters });
  }

  const data: BibleData = {
    code: t.code,
    name: t.name,
    language: t.language,
    source: `SWORD module ${t.module} (public domain)`,
    books,
    gaps,
    titles,
  };
  if (!trackWords) return { data, dropped };
  let kept = 0;
  for (const list of verseWords.values()) kept += list.length;
  for (const list of titleWords.values()) kept += list.length;
  return {
    data,
    dropped,
    words: {
      verses: verseWords,
      titles: titleWords,
      read,
      colophon: colophonWords,
      lost: read - kept - colophonWords,
    },
  };
}

/** The Psalms that have a title in `data` (the RV1909 build splits titles off only in those). */
export function psalmNumbersWithTitles(data: BibleData): Set<number> {
  const set = new Set<number>();
  for (const key of Object.keys(data.titles)) {
    const m = /^Ps\.(\d+)\.1$/.exec(key);
    if (m) set.add(Number(m[1]));
  }
  return set;
}

/** Fails unless diatheke and the given modules are installed. */
export function checkModules(modules: readonly { module: string; debPackage: string }[]): void {
  try {
    const list = execFileSync('diatheke', ['-b', 'system', '-k', 'modulelist'], {
      encoding: 'utf8',
    });
    for (const t of modules) {
      if (!list.includes(`${t.module} :`)) {
        throw new Error(
          `SWORD module ${t.module} is not installed (apt-get install -y ${t.debPackage})`,
        );
      }
    }
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('diatheke not found (apt-get install -y diatheke)', { cause: err });
    }
    throw err;
  }
}
