/**
 * Verse mapping between translations (ADR 0053, docs/bible-versification.md).
 *
 * Every translation numbers its verses in some versification scheme. The reference scheme here
 * is the KJV's (the one SWORD maps its "KJV" modules to): each scheme says, for the verses it
 * numbers differently, which KJV verse or verses hold the same text. Everything a scheme does
 * not list is the KJV verse of the same number. Two texts are aligned by putting each verse at
 * its place in the KJV scheme and pairing the verses whose places overlap (`alignVerses`).
 *
 * Pure data and functions: no imports outside shared, safe for the server and the browser.
 */
import { BOOKS, bookIndex } from './books.ts';

/** A verse as its own translation numbers it ("Num", 13, 1). */
export interface VerseRef {
  readonly book: string;
  readonly chapter: number;
  readonly verse: number;
}

/**
 * One difference of a scheme from the KJV's:
 *
 * - `['Num.13.33', 'Num.13.32-33']`: this verse holds those KJV verses (a merge); a KJV range may
 *   cross a chapter (`'Job.39.27-Job.40.5'`).
 * - `['Job.39.1-3', 'Job.38.39-41']`: these verses are those KJV verses, one to one (same length).
 * - `['Num.13.2+', 'Num.13.1']`: this verse and every later one of the chapter are the KJV verses
 *   from that one on, one to one (a shift; a listed single verse later in the chapter wins).
 * - `['3John.1.15', '3John.1.14']`: both this verse and the KJV-numbered 3 John 14 of the same
 *   text hold parts of KJV 3 John 14 (a split).
 * - `['Ps.3.1', 'Ps.3.0']`: this verse is a Psalm title, which the KJV prints above verse 1
 *   without a number (verse 0 is the title's place).
 */
export type Difference = readonly [own: string, kjv: string];

export interface Versification {
  readonly id: VersificationId;
  /** What the scheme is and where its table comes from (shown in docs, kept in code). */
  readonly source: string;
  readonly differences: readonly Difference[];
}

export const VERSIFICATION_IDS = ['kjv', 'nrsv', 'rv1909-sword', 'hebrew'] as const;
export type VersificationId = (typeof VERSIFICATION_IDS)[number];

/** Psalms whose title is verse 1 in the Hebrew numbering (so KJV verse n is verse n + 1). */
const ONE_VERSE_TITLES = [
  3, 4, 5, 6, 7, 8, 9, 12, 13, 18, 19, 20, 21, 22, 30, 31, 34, 36, 38, 39, 40, 41, 42, 44, 45, 46,
  47, 48, 49, 53, 55, 56, 57, 58, 59, 61, 62, 63, 64, 65, 67, 68, 69, 70, 75, 76, 77, 80, 81, 83,
  84, 85, 88, 89, 92, 102, 108, 140, 142,
] as const;
/** Psalms whose title is verses 1–2 in the Hebrew numbering. */
const TWO_VERSE_TITLES = [51, 52, 54, 60] as const;

/** The chapters where the Hebrew numbering starts a chapter with the last verse of the KJV's previous one. */
const HEBREW_CHAPTER_STARTS: readonly Difference[] = [
  ['Num.13.1', 'Num.12.16'],
  ['Num.13.2+', 'Num.13.1'],
  ['Num.30.1', 'Num.29.40'],
  ['Num.30.2+', 'Num.30.1'],
  ['1Sam.24.1', '1Sam.23.29'],
  ['1Sam.24.2+', '1Sam.24.1'],
  ['Hos.12.1', 'Hos.11.12'],
  ['Hos.12.2+', 'Hos.12.1'],
  ['Jonah.2.1', 'Jonah.1.17'],
  ['Jonah.2.2+', 'Jonah.2.1'],
];

export const VERSIFICATIONS: Readonly<Record<VersificationId, Versification>> = {
  kjv: {
    id: 'kjv',
    source:
      'The KJV scheme itself (SWORD "KJV" versification): the KJV, the WEB module (engWEB2015eb ' +
      'leaves its extra NRSVA slots 3 John 15 and Revelation 12:18 empty), the NKJV.',
    differences: [],
  },
  nrsv: {
    id: 'nrsv',
    source:
      'SWORD "NRSV" versification as English editions print it (ESV, NRSV): 3 John 14 split in ' +
      'two, and "the dragon stood on the sand of the sea" numbered Revelation 12:18.',
    differences: [
      ['3John.1.15', '3John.1.14'],
      ['Rev.12.18', 'Rev.13.1'],
    ],
  },
  'rv1909-sword': {
    id: 'rv1909-sword',
    source:
      'The bundled RV1909 (SWORD module spaRV1909eb): a Spanish text fitted into KJV verse slots. ' +
      'Where the Reina-Valera numbers differently the module leaves slots empty and starts the next ' +
      'chapter early, or merges the excess into a slot; read verse by verse against the KJV (2026).',
    differences: [
      ['Num.13.1', 'Num.12.16'],
      ['Num.13.2+', 'Num.13.1'],
      ['Num.13.33', 'Num.13.32-33'],
      ['Num.30.1', 'Num.29.40'],
      ['Num.30.2+', 'Num.30.1'],
      ['Num.30.16', 'Num.30.15-16'],
      ['1Sam.24.1', '1Sam.23.29'],
      ['1Sam.24.2+', '1Sam.24.1'],
      ['1Sam.24.22', '1Sam.24.21-22'],
      ['2Sam.20.25', '2Sam.20.25-26'],
      ['2Chr.33.10', '2Chr.33.10-11'],
      ['2Chr.33.11+', '2Chr.33.12'],
      ['Job.35.15', 'Job.35.15-16'],
      ['Job.39.1-3', 'Job.38.39-41'],
      ['Job.39.4+', 'Job.39.1'],
      ['Job.39.30', 'Job.39.27-Job.40.5'],
      ['Job.40.1+', 'Job.40.6'],
      ['Hos.12.1', 'Hos.11.12'],
      ['Hos.12.2+', 'Hos.12.1'],
      ['Hos.12.14', 'Hos.12.13-14'],
      ['Jonah.2.1', 'Jonah.1.17'],
      ['Jonah.2.2+', 'Jonah.2.1'],
      ['Jonah.2.10', 'Jonah.2.9-10'],
      ['Acts.19.40', 'Acts.19.40-41'],
      ['2Cor.13.12', '2Cor.13.12-13'],
      ['2Cor.13.13', '2Cor.13.14'],
    ],
  },
  hebrew: {
    id: 'hebrew',
    source:
      'The Hebrew numbering of the Old Testament that many Spanish editions print (SWORD ' +
      '"Leningrad"/"Catholic" schemes against "KJV"): Psalm titles numbered as verses, Joel 3–4, ' +
      'Malachi 3:19–24, the five chapters that start one verse early; in the New Testament, 3 John 15. ' +
      'Other Hebrew differences are not listed: there the same numbers are paired.',
    differences: [
      ...ONE_VERSE_TITLES.flatMap((p): Difference[] => [
        [`Ps.${p}.1`, `Ps.${p}.0`],
        [`Ps.${p}.2+`, `Ps.${p}.1`],
      ]),
      ...TWO_VERSE_TITLES.flatMap((p): Difference[] => [
        [`Ps.${p}.1`, `Ps.${p}.0`],
        [`Ps.${p}.2`, `Ps.${p}.0`],
        [`Ps.${p}.3+`, `Ps.${p}.1`],
      ]),
      ...HEBREW_CHAPTER_STARTS,
      ['Joel.3.1+', 'Joel.2.28'],
      ['Joel.4.1+', 'Joel.3.1'],
      ['Mal.3.19+', 'Mal.4.1'],
      ['3John.1.15', '3John.1.14'],
    ],
  },
};

/** The scheme of each translation Camino knows; an imported one may say otherwise. */
export const TRANSLATION_VERSIFICATION: Readonly<Record<string, VersificationId>> = {
  KJV: 'kjv',
  WEB: 'kjv',
  NKJV: 'kjv',
  ESV: 'nrsv',
  NASB: 'kjv',
  RV1909: 'rv1909-sword',
  // Numbered as the KJV, every slot (its 16 omitted verses left empty in place).
  VBL: 'kjv',
};

export const versificationOf = (code: string): VersificationId =>
  TRANSLATION_VERSIFICATION[code] ?? 'kjv';

// ── Places in the KJV scheme ──

/** A verse's place in the KJV scheme as one sortable number (verse 0: a Psalm title). */
export const ordinal = (book: number, chapter: number, verse: number) =>
  book * 1_000_000 + chapter * 1000 + verse;

/** The KJV verses a verse holds: from `lo` to `hi` (ordinals, inclusive). */
export interface Span {
  readonly lo: number;
  readonly hi: number;
}

interface Point {
  book: number;
  chapter: number;
  verse: number;
}

/** "Num.13.2" → its book number (1–66), chapter and verse. */
function point(id: string): Point {
  const [b = '', c = '', v = ''] = id.split('.');
  const book = bookIndex(b) + 1;
  if (book < 1 || !/^\d+$/.test(c) || !/^\d+$/.test(v))
    throw new Error(`versification: "${id}" is not a verse`);
  return { book, chapter: Number(c), verse: Number(v) };
}

/** "Num.13.32-33", "Job.39.27-Job.40.5" or "Num.13.1" → first and last verse. */
function range(id: string): [Point, Point] {
  const [from = '', to] = id.split('-');
  const start = point(from);
  if (to === undefined) return [start, start];
  const end = to.includes('.') ? point(to) : { ...start, verse: Number(to) };
  return [start, end];
}

const at = (p: Point) => ordinal(p.book, p.chapter, p.verse);

/** A scheme compiled for lookups: single verses, and shifts per chapter. */
interface Compiled {
  exact: Map<number, Span>;
  /** "book.chapter" → shifts sorted by their first verse. */
  shifts: Map<string, { from: number; delta: Point }[]>;
}

const compiled = new Map<VersificationId, Compiled>();

function compile(id: VersificationId): Compiled {
  const done = compiled.get(id);
  if (done) return done;
  const exact = new Map<number, Span>();
  const shifts = new Map<string, { from: number; delta: Point }[]>();
  for (const [own, kjv] of VERSIFICATIONS[id].differences) {
    if (own.endsWith('+')) {
      const start = point(own.slice(0, -1));
      const target = point(kjv);
      const key = `${start.book}.${start.chapter}`;
      const list = shifts.get(key) ?? [];
      list.push({ from: start.verse, delta: target });
      list.sort((a, b) => a.from - b.from);
      shifts.set(key, list);
      continue;
    }
    const [s, e] = range(own);
    const [ks, ke] = range(kjv);
    const count = e.verse - s.verse + 1;
    if (count === 1) {
      exact.set(at(s), { lo: at(ks), hi: at(ke) });
    } else if (ks.chapter === ke.chapter && ke.verse - ks.verse + 1 === count) {
      for (let i = 0; i < count; i++)
        exact.set(ordinal(s.book, s.chapter, s.verse + i), {
          lo: ordinal(ks.book, ks.chapter, ks.verse + i),
          hi: ordinal(ks.book, ks.chapter, ks.verse + i),
        });
    } else {
      throw new Error(`versification ${id}: ${own} → ${kjv} is neither one to one nor a merge`);
    }
  }
  const result = { exact, shifts };
  compiled.set(id, result);
  return result;
}

/** Where a verse of a text in scheme `id` stands in the KJV scheme. */
export function spanOf(id: VersificationId, ref: VerseRef): Span {
  const book = bookIndex(ref.book) + 1;
  const { exact, shifts } = compile(id);
  const hit = exact.get(ordinal(book, ref.chapter, ref.verse));
  if (hit) return hit;
  const shift = shifts.get(`${book}.${ref.chapter}`)?.findLast((s) => s.from <= ref.verse);
  if (shift) {
    const place = ordinal(
      shift.delta.book,
      shift.delta.chapter,
      shift.delta.verse + ref.verse - shift.from,
    );
    return { lo: place, hi: place };
  }
  const place = ordinal(book, ref.chapter, ref.verse);
  return { lo: place, hi: place };
}

// ── Alignment ──

/** One row of a parallel reading: the verses of each text that hold the same words. */
export interface AlignedRow<A, B> {
  readonly a: A[];
  readonly b: B[];
}

/**
 * Aligns two texts (each in its own order and numbering) into rows. A row holds the verses of
 * both whose KJV places overlap, so a merged verse sits beside all the verses it holds; a verse
 * with no counterpart stands alone in its row (one side empty). Each verse of each text is in
 * exactly one row, and both texts keep their order: the rows are built by walking both lists
 * once, never by sorting them, so even a scheme out of order could not lose or repeat a verse.
 */
export function alignVerses<A extends VerseRef, B extends VerseRef>(
  a: readonly A[],
  schemeA: VersificationId,
  b: readonly B[],
  schemeB: VersificationId,
): AlignedRow<A, B>[] {
  const spansA = a.map((v) => spanOf(schemeA, v));
  const spansB = b.map((v) => spanOf(schemeB, v));
  const rows: AlignedRow<A, B>[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const rowA: A[] = [];
    const rowB: B[] = [];
    // Open the row with whichever verse comes first in the KJV scheme.
    const takeA = j >= b.length || (i < a.length && spansA[i]!.lo <= spansB[j]!.lo);
    let lo: number;
    let hi: number;
    if (takeA) {
      ({ lo, hi } = spansA[i]!);
      rowA.push(a[i++]!);
    } else {
      ({ lo, hi } = spansB[j]!);
      rowB.push(b[j++]!);
    }
    // Grow it with the next verses of either text that overlap what it holds.
    for (;;) {
      if (i < a.length && spansA[i]!.lo <= hi && spansA[i]!.hi >= lo) {
        hi = Math.max(hi, spansA[i]!.hi);
        lo = Math.min(lo, spansA[i]!.lo);
        rowA.push(a[i++]!);
      } else if (j < b.length && spansB[j]!.lo <= hi && spansB[j]!.hi >= lo) {
        hi = Math.max(hi, spansB[j]!.hi);
        lo = Math.min(lo, spansB[j]!.lo);
        rowB.push(b[j++]!);
      } else break;
    }
    rows.push({ a: rowA, b: rowB });
  }
  return rows;
}

/**
 * The rows to show with chapter `chapter` of text A: the rows that hold one of its verses, and
 * the rows of B alone that stand among them or hold B's verses of the same chapter number (a
 * verse A lacks, e.g. Acts 8:37 beside the WEB). `rows` must come from a stretch of both texts
 * that covers the chapter and its neighbours.
 */
export function chapterRows<A extends VerseRef, B extends VerseRef>(
  rows: readonly AlignedRow<A, B>[],
  chapter: number,
): AlignedRow<A, B>[] {
  const inChapter = (r: AlignedRow<A, B>) => r.a.some((v) => v.chapter === chapter);
  const first = rows.findIndex(inChapter);
  if (first < 0) return rows.filter((r) => r.a.length === 0 && r.b[0]?.chapter === chapter);
  const last = rows.findLastIndex(inChapter);
  let from = first;
  let to = last;
  const bOnlyHere = (r: AlignedRow<A, B> | undefined) =>
    r !== undefined && r.a.length === 0 && r.b.every((v) => v.chapter === chapter);
  while (bOnlyHere(rows[from - 1])) from--;
  while (bOnlyHere(rows[to + 1])) to++;
  return rows.slice(from, to + 1);
}

/** The book's number of chapters, for callers that read a chapter's neighbours. */
export const chaptersOf = (book: string) => BOOKS[bookIndex(book)]?.chapters ?? 0;

const chapterCounts = new Map<string, number>();

/**
 * The chapters a book has in a scheme: the KJV's, or more where the scheme numbers more (Joel 4
 * in the Hebrew numbering holds the KJV's Joel 3), read from the scheme's own table.
 */
export function chaptersIn(id: VersificationId, book: string): number {
  const key = `${id}|${book}`;
  let count = chapterCounts.get(key);
  if (count === undefined) {
    count = chaptersOf(book);
    for (const [own] of VERSIFICATIONS[id].differences) {
      const place = /^([^.]+)\.(\d+)\./.exec(own);
      if (place?.[1] === book) count = Math.max(count, Number(place[2]));
    }
    chapterCounts.set(key, count);
  }
  return count;
}
