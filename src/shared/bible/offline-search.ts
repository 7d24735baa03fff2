/**
 * Searching a downloaded Bible on the phone (issue 40): the service worker answers
 * `GET /api/bible/search` from the offline pack when there is no network. The server searches
 * with PostgreSQL's full text (websearch syntax, stemming, accents ignored); this is the same
 * syntax over the same words, with a lighter stemming: a word is found by its stem at the start
 * of a word ("amor" finds «amor», «amores», «amorosa»; "loved" finds "love", "loveth"). Pure: the
 * page, the worker and the tests run it.
 */

/** Words the server's dictionaries leave out of a search (the most frequent of each language). */
const STOP_WORDS: Record<'en' | 'es', ReadonlySet<string>> = {
  en: new Set(
    'a an and are as at be but by for from he her him his i in is it me my not of on or she so that the their them they this to was we were which with ye you your'.split(
      ' ',
    ),
  ),
  es: new Set(
    'a al como con de del el en es la las le les lo los me mi no nos o para por que se su sus te tu un una y ya'.split(
      ' ',
    ),
  ),
};

/** Lower case, accents off, anything but letters and digits a space: «¿Quién?» → " quien ". */
export function normalize(text: string): string {
  return ` ${text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
}

/**
 * Endings taken off a query's word (normalized: no accents), longest first: what is left is
 * looked for at a word's start.
 */
const ENDINGS: Record<'en' | 'es', readonly string[]> = {
  en: ['ingly', 'edly', 'ings', 'eth', 'est', 'ing', 'ies', 'ied', 'ed', 'es', 'ly', 's'],
  es: [
    'amientos',
    'imientos',
    'amiento',
    'imiento',
    'aciones',
    'iendo',
    'acion',
    'mente',
    'ando',
    'aron',
    'ieron',
    'ados',
    'idos',
    'adas',
    'idas',
    'ado',
    'ido',
    'ada',
    'ida',
    'ar',
    'er',
    'ir',
    'es',
    'as',
    'os',
    'a',
    'o',
    'e',
    's',
  ],
};

/**
 * The shortest stem left: "sins" → "sin", but «dios» stays «dios» (not «dio», "gave"), «casa»
 * stays «casa».
 */
const SHORTEST_STEM = { en: 3, es: 4 };

/** The part of a query's word looked for at the start of the verse's words. */
export function stem(word: string, language: 'en' | 'es'): string {
  for (const ending of ENDINGS[language]) {
    if (word.length - ending.length >= SHORTEST_STEM[language] && word.endsWith(ending)) {
      return word.slice(0, -ending.length);
    }
  }
  return word;
}

/** One thing a verse must (or must not) have: a word, or a phrase of words in order. */
export interface Term {
  /** Each word's stem, in order (one for a word). */
  stems: string[];
}

/** A parsed search: every group must match (one of its terms), no excluded term may. */
export interface OfflineQuery {
  groups: Term[][];
  excluded: Term[];
}

/**
 * The server's syntax (PostgreSQL's `websearch_to_tsquery`): words are all required, "a phrase"
 * keeps its words in order, `or` between two terms takes either, `-word` leaves verses out.
 * Stop words are dropped as the server drops them; a search of stop words alone finds nothing.
 */
export function parseQuery(q: string, language: 'en' | 'es'): OfflineQuery {
  const groups: Term[][] = [];
  const excluded: Term[] = [];
  const tokens = q.match(/-?"[^"]*"?|\S+/g) ?? [];
  let joinWithOr = false;
  for (const raw of tokens) {
    if (raw.toLowerCase() === 'or') {
      joinWithOr = groups.length > 0;
      continue;
    }
    const negative = raw.startsWith('-');
    const body = negative ? raw.slice(1) : raw;
    const words = normalize(body.replace(/"/g, ' '))
      .trim()
      .split(' ')
      .filter((w) => w && !STOP_WORDS[language].has(w));
    if (words.length === 0) continue;
    const term: Term = { stems: words.map((w) => stem(w, language)) };
    if (negative) excluded.push(term);
    else if (joinWithOr) groups.at(-1)!.push(term);
    else groups.push([term]);
    joinWithOr = false;
  }
  return { groups, excluded };
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A term as a test on a normalized verse (" word word "). */
function matcher(term: Term): (normalized: string) => number {
  if (term.stems.length === 1) {
    const needle = ` ${term.stems[0]}`;
    return (text) => {
      let count = 0;
      for (let at = text.indexOf(needle); at >= 0; at = text.indexOf(needle, at + 1)) count++;
      return count;
    };
  }
  const phrase = new RegExp(` ${term.stems.map(escape).join('\\S* ')}`, 'g');
  return (text) => text.match(phrase)?.length ?? 0;
}

export interface SearchableVerse {
  /** Canonical order: 1–66. */
  book: number;
  chapter: number;
  verse: number;
  text: string;
  /** `normalize(text)`, computed once. */
  normalized: string;
}

/**
 * The verses that match, the best first (the most occurrences of what was asked), then in
 * canonical order, as the server orders them.
 */
export function searchVerses(
  verses: readonly SearchableVerse[],
  query: OfflineQuery,
  filter: { book?: number; testament?: 'OT' | 'NT' } = {},
): SearchableVerse[] {
  if (query.groups.length === 0) return [];
  const groups = query.groups.map((g) => g.map(matcher));
  const excluded = query.excluded.map(matcher);
  const hits: { verse: SearchableVerse; rank: number }[] = [];
  for (const verse of verses) {
    if (filter.book && verse.book !== filter.book) continue;
    if (filter.testament === 'OT' && verse.book > 39) continue;
    if (filter.testament === 'NT' && verse.book < 40) continue;
    let rank = 0;
    let all = true;
    for (const group of groups) {
      let found = 0;
      for (const test of group) found += test(verse.normalized);
      if (found === 0) {
        all = false;
        break;
      }
      rank += found;
    }
    if (!all || excluded.some((test) => test(verse.normalized) > 0)) continue;
    hits.push({ verse, rank });
  }
  // Stable: equal ranks stay in canonical order.
  hits.sort((a, b) => b.rank - a.rank);
  return hits.map((h) => h.verse);
}

/** A verse's text cut into the words asked for (`match`) and the rest, as the server gives it. */
export function highlight(text: string, query: OfflineQuery): { text: string; match: boolean }[] {
  const stems = query.groups.flat().flatMap((t) => t.stems);
  const out: { text: string; match: boolean }[] = [];
  const push = (part: string, match: boolean) => {
    if (!part) return;
    const last = out.at(-1);
    if (last && last.match === match) last.text += part;
    else out.push({ text: part, match });
  };
  let at = 0;
  for (const word of text.matchAll(/[\p{L}\p{M}\p{N}]+/gu)) {
    const found = normalize(word[0]).trim();
    if (stems.some((s) => found.startsWith(s))) {
      push(text.slice(at, word.index), false);
      push(word[0], true);
      at = word.index + word[0].length;
    }
  }
  push(text.slice(at), false);
  return out;
}
