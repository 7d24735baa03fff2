/**
 * What a voice is given to say: text cut into short utterances at sentence boundaries, and Bible
 * references spelled the way a person says them ("Juan tres, dieciséis", "First Corinthians
 * thirteen, four"). Pure functions, no DOM: unit-tested in tests/client/listen-speech.test.ts.
 *
 * The words here are spoken, never shown: they follow the language of the text being read (a
 * Reina-Valera chapter in the English interface is spoken in Spanish), not the interface's.
 */
import { BOOKS } from '#shared/bible/books.ts';

export type SpeechLanguage = 'en' | 'es';

/** The language of a BCP 47 tag or a translation's language: Spanish or English. */
export const speechLanguage = (tag: string | null | undefined): SpeechLanguage =>
  tag?.toLowerCase().startsWith('es') ? 'es' : 'en';

/**
 * Longest utterance, in characters. Chrome stops an utterance after about 15 s with some voices;
 * 140 characters at the slowest rate offered (0.75×) stay well under that with every engine.
 */
export const MAX_UTTERANCE = 140;

// ── Numbers as words (chapters and verses: 1 to 999) ──

const EN_ONES = [
  'zero',
  'one',
  'two',
  'three',
  'four',
  'five',
  'six',
  'seven',
  'eight',
  'nine',
  'ten',
  'eleven',
  'twelve',
  'thirteen',
  'fourteen',
  'fifteen',
  'sixteen',
  'seventeen',
  'eighteen',
  'nineteen',
];
const EN_TENS = [
  '',
  '',
  'twenty',
  'thirty',
  'forty',
  'fifty',
  'sixty',
  'seventy',
  'eighty',
  'ninety',
];
const ES_ONES = [
  'cero',
  'uno',
  'dos',
  'tres',
  'cuatro',
  'cinco',
  'seis',
  'siete',
  'ocho',
  'nueve',
  'diez',
  'once',
  'doce',
  'trece',
  'catorce',
  'quince',
  'dieciséis',
  'diecisiete',
  'dieciocho',
  'diecinueve',
  'veinte',
  'veintiuno',
  'veintidós',
  'veintitrés',
  'veinticuatro',
  'veinticinco',
  'veintiséis',
  'veintisiete',
  'veintiocho',
  'veintinueve',
];
const ES_TENS = [
  '',
  '',
  '',
  'treinta',
  'cuarenta',
  'cincuenta',
  'sesenta',
  'setenta',
  'ochenta',
  'noventa',
];
const ES_HUNDREDS = [
  '',
  'ciento',
  'doscientos',
  'trescientos',
  'cuatrocientos',
  'quinientos',
  'seiscientos',
  'setecientos',
  'ochocientos',
  'novecientos',
];

/** A whole number from 0 to 999 in words; larger ones stay digits. */
export function numberWords(n: number, lang: SpeechLanguage): string {
  if (!Number.isInteger(n) || n < 0 || n > 999) return String(n);
  const hundreds = Math.floor(n / 100);
  const rest = n % 100;
  if (lang === 'es') {
    if (n === 100) return 'cien';
    const below =
      rest < 30
        ? ES_ONES[rest]!
        : `${ES_TENS[Math.floor(rest / 10)]}${rest % 10 ? ` y ${ES_ONES[rest % 10]}` : ''}`;
    if (!hundreds) return below;
    return rest ? `${ES_HUNDREDS[hundreds]} ${below}` : ES_HUNDREDS[hundreds]!;
  }
  const below =
    rest < 20
      ? EN_ONES[rest]!
      : `${EN_TENS[Math.floor(rest / 10)]}${rest % 10 ? `-${EN_ONES[rest % 10]}` : ''}`;
  if (!hundreds) return below;
  return rest ? `${EN_ONES[hundreds]} hundred ${below}` : `${EN_ONES[hundreds]} hundred`;
}

// ── Book names and references ──

const EN_ORDINALS = ['', 'First', 'Second', 'Third'];
/** "Primero de Samuel" (a book), "Primera de Corintios" (a letter). */
const ES_ORDINALS_M = ['', 'Primero', 'Segundo', 'Tercero'];
const ES_ORDINALS_F = ['', 'Primera', 'Segunda', 'Tercera'];
const ES_MASCULINE = new Set(['Samuel', 'Reyes', 'Crónicas']);

/** A book's name as said aloud: "1 Corintios" → "Primera de Corintios", "1 John" → "First John". */
export function spokenBookName(name: string, lang: SpeechLanguage): string {
  const match = /^([123])\s+(.+)$/.exec(name);
  if (!match) return name;
  const n = Number(match[1]);
  const rest = match[2]!;
  if (lang === 'es') {
    const ordinal = (ES_MASCULINE.has(rest) ? ES_ORDINALS_M : ES_ORDINALS_F)[n];
    return `${ordinal} de ${rest}`;
  }
  return `${EN_ORDINALS[n]} ${rest}`;
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const BOOK_NAMES = [
  ...new Set([...BOOKS.flatMap((b) => [b.en, b.es]), 'Psalm', 'Salmo', 'Song of Songs']),
].sort((a, b) => b.length - a.length);
/** A book name, then chapter, optional verse, optional range ("Juan 3:16-18", "Salmo 23"). */
const REFERENCE = new RegExp(
  `(?<![\\p{L}\\d])(${BOOK_NAMES.map(escape).join('|')})\\s+(\\d{1,3})(?::(\\d{1,3}))?(?:\\s*[-–]\\s*(\\d{1,3})(?::(\\d{1,3}))?)?(?![\\d:])`,
  'gu',
);

const WORDS = {
  en: { to: 'to', chapter: 'chapter' },
  es: { to: 'al', chapter: 'capítulo' },
} as const;

/** Every Bible reference in `text` as it is said: "Juan 3:16" → "Juan tres, dieciséis". */
export function speakReferences(text: string, lang: SpeechLanguage): string {
  const say = (n: string) => numberWords(Number(n), lang);
  const to = WORDS[lang].to;
  return text.replace(
    REFERENCE,
    (_all, book: string, chapter: string, verse?: string, end?: string, endVerse?: string) => {
      let spoken = `${spokenBookName(book, lang)} ${say(chapter)}`;
      if (verse) spoken += `, ${say(verse)}`;
      if (end && endVerse) spoken += ` ${to} ${say(end)}, ${say(endVerse)}`;
      else if (end) spoken += ` ${to} ${say(end)}`;
      return spoken;
    },
  );
}

/** The translation codes shown next to references: read as nothing ("Juan 3:16 (RV1909)"). */
const TRANSLATION_CODE = /\s*\(?\b(?:KJV|WEB|RV1909|VBL)\b\)?/g;

/** Text as it should be spoken: references said naturally, translation codes left out. */
export function spokenText(text: string, lang: SpeechLanguage): string {
  return speakReferences(text.replace(TRANSLATION_CODE, ''), lang).replace(/\s+/g, ' ').trim();
}

/** The words announcing a chapter: "Juan, capítulo tres." / "Psalm twenty-three." */
export function chapterAnnouncement(bookName: string, chapter: number, lang: SpeechLanguage) {
  const name = spokenBookName(bookName, lang);
  const n = numberWords(chapter, lang);
  if (bookName === 'Psalms' || bookName === 'Salmos') {
    return `${lang === 'es' ? 'Salmo' : 'Psalm'} ${n}.`;
  }
  return `${name}, ${WORDS[lang].chapter} ${n}.`;
}

// ── Utterances ──

/** Cuts a piece longer than `max` at commas, then at spaces. */
function cutLong(piece: string, max: number): string[] {
  if (piece.length <= max) return [piece];
  const out: string[] = [];
  let current = '';
  for (const word of piece.split(/\s+/)) {
    const next = current ? `${current} ${word}` : word;
    if (next.length > max && current) {
      out.push(current);
      current = word;
    } else current = next;
  }
  if (current) out.push(current);
  return out;
}

/**
 * Text cut into utterances of at most `max` characters, at sentence ends where possible (then at
 * clause marks, then between words). Short sentences are kept together: fewer utterances, fewer
 * of the engine's pauses between them.
 */
export function splitUtterances(text: string, max = MAX_UTTERANCE): string[] {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (!clean) return [];
  if (clean.length <= max) return [clean];
  const sentences = clean.split(/(?<=[.!?;:»”"')\]])\s+(?=\S)/);
  const pieces = sentences.flatMap((s) => {
    if (s.length <= max) return [s];
    // A long sentence: its clauses first (after commas), then words.
    const clauses = s.split(/(?<=,)\s+/);
    return clauses.flatMap((c) => cutLong(c, max));
  });
  const out: string[] = [];
  for (const piece of pieces) {
    const last = out.at(-1);
    if (last !== undefined && last.length + 1 + piece.length <= max)
      out[out.length - 1] = `${last} ${piece}`;
    else out.push(piece);
  }
  return out;
}

// ── Voices ──

/** The regions preferred for each language, best first (Latin American Spanish first). */
const PREFERRED_REGIONS: Record<SpeechLanguage, readonly string[]> = {
  es: ['es-mx', 'es-us', 'es-419', 'es-es'],
  en: ['en-us', 'en-gb', 'en-ca', 'en-au'],
};

export interface VoiceLike {
  name: string;
  lang: string;
  voiceURI: string;
  localService: boolean;
  default: boolean;
}

const normalTag = (tag: string) => tag.toLowerCase().replace('_', '-');

/** The system's voices for a language, best match first (region preference, then the default). */
export function rankVoices<V extends VoiceLike>(voices: readonly V[], lang: SpeechLanguage): V[] {
  const regions = PREFERRED_REGIONS[lang];
  const rank = (v: V) => {
    const tag = normalTag(v.lang);
    const region = regions.findIndex((r) => tag === r || tag.startsWith(`${r}-`));
    return (region < 0 ? regions.length : region) * 2 + (v.default ? 0 : 1);
  };
  return voices
    .filter((v) => normalTag(v.lang).split('-')[0] === lang)
    .map((v, i) => ({ v, i, r: rank(v) }))
    .sort((a, b) => a.r - b.r || a.i - b.i)
    .map(({ v }) => v);
}
