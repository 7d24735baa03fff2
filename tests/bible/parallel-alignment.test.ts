/**
 * The golden test of parallel reading (ADR 0053): for every chapter of the Bible and every pair
 * of bundled translations, the aligned rows hold every verse of both texts exactly once, in
 * order, and each row pairs verses the map says hold the same words. Prints the chapters whose
 * verse counts differ (listed in docs/bible-versification.md).
 */
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import {
  alignVerses,
  chapterRows,
  ordinal,
  spanOf,
  versificationOf,
  type AlignedRow,
  type VerseRef,
  type VersificationId,
} from '#shared/bible/versification.ts';

interface BibleFile {
  code: string;
  books: { osis: string; chapters: string[][] }[];
}

interface V extends VerseRef {
  text: string;
}

const CODES = ['KJV', 'WEB', 'RV1909'] as const;

const FILES = new Map(
  CODES.map((code) => {
    const url = new URL(`../../content/bible/${code.toLowerCase()}.json.gz`, import.meta.url);
    return [code, JSON.parse(gunzipSync(readFileSync(url)).toString('utf8')) as BibleFile];
  }),
);

/** A book's verses as the database holds them: empty slots (gaps) are no verse. */
function bookVerses(code: string, b: number): V[] {
  const book = FILES.get(code as (typeof CODES)[number])!.books[b]!;
  return book.chapters.flatMap((verses, c) =>
    verses.flatMap((text, v) =>
      text ? [{ book: book.osis, chapter: c + 1, verse: v + 1, text }] : [],
    ),
  );
}

const id = (v: VerseRef) => `${v.book}.${v.chapter}.${v.verse}`;

/** The KJV places a row's side holds, as one span; undefined when empty. */
function sideSpan(scheme: VersificationId, verses: readonly VerseRef[]) {
  if (verses.length === 0) return undefined;
  const spans = verses.map((v) => spanOf(scheme, v));
  return { lo: Math.min(...spans.map((s) => s.lo)), hi: Math.max(...spans.map((s) => s.hi)) };
}

/** Checks the rows of two whole texts; returns problems as readable lines. */
function checkRows<A extends VerseRef, B extends VerseRef>(
  rows: readonly AlignedRow<A, B>[],
  a: readonly A[],
  schemeA: VersificationId,
  b: readonly B[],
  schemeB: VersificationId,
): string[] {
  const problems: string[] = [];
  const sameOrder = (label: string, shown: readonly VerseRef[], all: readonly VerseRef[]) => {
    const seen = shown.map(id);
    const expected = all.map(id);
    if (seen.length !== new Set(seen).size) problems.push(`${label}: a verse is repeated`);
    const lost = expected.filter((x) => !seen.includes(x));
    if (lost.length) problems.push(`${label}: lost ${lost.join(', ')}`);
    if (seen.join() !== expected.join()) problems.push(`${label}: out of order`);
  };
  sameOrder(
    'A',
    rows.flatMap((r) => r.a),
    a,
  );
  sameOrder(
    'B',
    rows.flatMap((r) => r.b),
    b,
  );
  rows.forEach((row, n) => {
    if (row.a.length === 0 && row.b.length === 0) problems.push(`row ${n} is empty`);
    const sa = sideSpan(schemeA, row.a);
    const sb = sideSpan(schemeB, row.b);
    // A row with both sides pairs verses whose KJV places overlap.
    if (sa && sb && (sa.hi < sb.lo || sb.hi < sa.lo))
      problems.push(`row ${n} pairs ${row.a.map(id)} with ${row.b.map(id)}: the map does not`);
    // And it is whole: no verse of the next row overlaps a verse of the other text in this one
    // (else they would belong together).
    const next = rows[n + 1];
    const sna = next && sideSpan(schemeA, next.a);
    const snb = next && sideSpan(schemeB, next.b);
    const overlap = (x?: { lo: number; hi: number }, y?: { lo: number; hi: number }) =>
      x !== undefined && y !== undefined && x.lo <= y.hi && y.lo <= x.hi;
    if (overlap(sa, snb) || overlap(sb, sna))
      problems.push(`rows ${n} and ${n + 1} belong together (${row.a.map(id)} / ${row.b.map(id)})`);
  });
  return problems;
}

const PAIRS = CODES.flatMap((a) => CODES.filter((b) => b !== a).map((b) => [a, b] as const));

describe('parallel alignment of the bundled translations (golden)', () => {
  it('prints the chapters whose verse counts differ', () => {
    const lines: string[] = [];
    BOOKS.forEach((info, b) => {
      for (let c = 1; c <= info.chapters; c++) {
        const counts = CODES.map(
          (code) => bookVerses(code, b).filter((v) => v.chapter === c).length,
        );
        if (new Set(counts).size > 1)
          lines.push(
            `${info.osis} ${c}: ${CODES.map((code, i) => `${code} ${counts[i]}`).join(', ')}`,
          );
      }
    });
    process.stdout.write(
      `Chapters whose verse counts differ (${lines.length}):\n${lines.join('\n')}\n`,
    );
    expect(lines).toHaveLength(17);
  });

  describe.each(PAIRS)('%s beside %s', (codeA, codeB) => {
    const schemeA = versificationOf(codeA);
    const schemeB = versificationOf(codeB);

    it('holds every verse of both texts once, in order, paired as the map says, book by book', () => {
      const problems: string[] = [];
      BOOKS.forEach((info, b) => {
        const a = bookVerses(codeA, b);
        const bb = bookVerses(codeB, b);
        for (const p of checkRows(alignVerses(a, schemeA, bb, schemeB), a, schemeA, bb, schemeB))
          problems.push(`${info.osis}: ${p}`);
      });
      expect(problems).toEqual([]);
    });

    it('shows every verse of each chapter once, in order, with its counterparts', () => {
      const problems: string[] = [];
      const shownB = new Map<string, number>();
      let unmatched = 0;
      BOOKS.forEach((info, b) => {
        const a = bookVerses(codeA, b);
        const bb = bookVerses(codeB, b);
        for (let c = 1; c <= info.chapters; c++) {
          // As the server reads it: the chapter and its neighbours of both texts.
          const near = (v: VerseRef) => Math.abs(v.chapter - c) <= 1;
          const rows = chapterRows(
            alignVerses(a.filter(near), schemeA, bb.filter(near), schemeB),
            c,
          );
          const own = a.filter((v) => v.chapter === c).map(id);
          const shown = rows
            .flatMap((r) => r.a)
            .filter((v) => v.chapter === c)
            .map(id);
          if (shown.join() !== own.join()) problems.push(`${info.osis} ${c}: A verses ${shown}`);
          for (const row of rows) {
            if (row.a.length === 0 || row.b.length === 0) unmatched++;
            for (const v of row.b) shownB.set(id(v), (shownB.get(id(v)) ?? 0) + 1);
          }
        }
      });
      // Every verse of B is shown with some chapter of A; twice only when its row holds verses
      // of two chapters of A (a verse merged across a chapter's end).
      const allB = BOOKS.flatMap((_, b) => bookVerses(codeB, b).map(id));
      const missing = allB.filter((x) => !shownB.has(x));
      const twice = [...shownB].filter(([, n]) => n > 1).map(([x]) => x);
      expect(problems).toEqual([]);
      expect(missing).toEqual([]);
      expect(twice).toEqual(
        codeA === 'KJV' || codeA === 'WEB' ? (codeB === 'RV1909' ? ['Job.39.30'] : []) : [],
      );
      process.stdout.write(`${codeA} beside ${codeB}: ${unmatched} rows with a verse alone\n`);
    });
  });

  it('pairs the known differences as a reader expects', () => {
    const rows = (code: string, book: string, chapter: number) => {
      const b = BOOKS.findIndex((x) => x.osis === book);
      const near = (v: VerseRef) => Math.abs(v.chapter - chapter) <= 1;
      return chapterRows(
        alignVerses(
          bookVerses('KJV', b).filter(near),
          'kjv',
          bookVerses(code, b).filter(near),
          versificationOf(code),
        ),
        chapter,
      ).map((r) => `${r.a.map(id).join('+') || '—'} | ${r.b.map(id).join('+') || '—'}`);
    };
    expect(rows('RV1909', 'Num', 12).at(-1)).toBe('Num.12.16 | Num.13.1');
    expect(rows('RV1909', 'Num', 13).at(-1)).toBe('Num.13.32+Num.13.33 | Num.13.33');
    expect(rows('RV1909', 'Job', 40).slice(0, 2)).toEqual([
      'Job.39.27+Job.39.28+Job.39.29+Job.39.30+Job.40.1+Job.40.2+Job.40.3+Job.40.4+Job.40.5 | Job.39.30',
      'Job.40.6 | Job.40.1',
    ]);
    expect(rows('RV1909', '2Cor', 13).slice(-2)).toEqual([
      '2Cor.13.12+2Cor.13.13 | 2Cor.13.12',
      '2Cor.13.14 | 2Cor.13.13',
    ]);
    expect(rows('WEB', 'Acts', 8)).toContain('Acts.8.37 | —');
    expect(rows('WEB', 'Rom', 16).slice(-3)).toEqual([
      'Rom.16.25 | —',
      'Rom.16.26 | —',
      'Rom.16.27 | —',
    ]);
    expect(rows('WEB', '3John', 1).at(-1)).toBe('3John.1.14 | 3John.1.14');
    expect(rows('WEB', 'Mal', 4)).toHaveLength(6);
  });
});

describe('an imported translation in another numbering', () => {
  /**
   * A synthetic Spanish edition in the Hebrew numbering, made from the KJV's own verse list:
   * every KJV verse renumbered where the scheme says so, each Psalm title a verse of its own.
   * Its "text" is the KJV verse it came from, so each row can be checked against the source.
   */
  function hebrewEdition(b: number): (V & { from: string })[] {
    const info = BOOKS[b]!;
    const kjv = bookVerses('KJV', b);
    const byPlace = new Map(kjv.map((v) => [ordinal(b + 1, v.chapter, v.verse), id(v)]));
    const out: (V & { from: string })[] = [];
    for (let c = 1; c <= info.chapters + 1; c++) {
      for (let v = 1; v <= 200; v++) {
        const ref = { book: info.osis, chapter: c, verse: v };
        const span = spanOf('hebrew', ref);
        if (span.lo !== span.hi) throw new Error('the Hebrew scheme has no merges');
        if (span.lo % 1000 === 0) {
          out.push({ ...ref, text: 'title', from: `title ${c}.${v}` });
          continue;
        }
        const from = byPlace.get(span.lo);
        if (from !== undefined) out.push({ ...ref, text: from, from });
      }
    }
    // A KJV verse reached from two numbers (the same number, and the one the scheme moves it
    // to) is the moved one: Num 12:16 is Num 13:1 in this edition, Malachi 4:1 is 3:19.
    const moved = new Set(out.filter((v) => id(v) !== v.from).map((v) => v.from));
    return out.filter((v) => !(moved.has(v.from) && id(v) === v.from));
  }

  it('aligns with the KJV verse for verse over the whole Bible, titles alone', () => {
    const problems: string[] = [];
    let titles = 0;
    BOOKS.forEach((info, b) => {
      const kjv = bookVerses('KJV', b);
      const hebrew = hebrewEdition(b);
      const rows = alignVerses(hebrew, 'hebrew', kjv, 'kjv');
      for (const p of checkRows(rows, hebrew, 'hebrew', kjv, 'kjv'))
        problems.push(`${info.osis}: ${p}`);
      for (const row of rows) {
        const froms = row.a.map((v) => v.from);
        if (froms.some((f) => f.startsWith('title'))) {
          titles++;
          if (row.b.length) problems.push(`${info.osis}: a title paired with ${row.b.map(id)}`);
          continue;
        }
        if (froms.join() !== row.b.map(id).join())
          problems.push(`${info.osis}: ${row.a.map(id)} beside ${row.b.map(id)}`);
      }
      // Nothing of the KJV is left out of the edition.
      const used = new Set(hebrew.map((v) => v.from));
      const lost = kjv.map(id).filter((x) => !used.has(x));
      if (lost.length) problems.push(`${info.osis}: the edition lacks ${lost}`);
    });
    expect(problems).toEqual([]);
    // 59 one-verse titles + 4 two-verse ones.
    expect(titles).toBe(59 + 4); // rows: a two-verse title is one row
  });

  const verses = (book: string, list: [number, number][]) =>
    list.map(([chapter, verse]) => ({ book, chapter, verse }));
  const render = (rows: AlignedRow<VerseRef, VerseRef>[]) =>
    rows.map(
      (r) =>
        `${r.a.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'} | ${r.b.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'}`,
    );

  it('puts a Psalm title numbered as verse 1 alone, then verse 2 beside verse 1', () => {
    const spanish = verses('Ps', [
      [3, 1],
      [3, 2],
      [3, 3],
      [3, 9],
    ]);
    const english = verses('Ps', [
      [3, 1],
      [3, 2],
      [3, 8],
    ]);
    expect(render(alignVerses(spanish, 'hebrew', english, 'kjv'))).toEqual([
      '3:1 | —',
      '3:2 | 3:1',
      '3:3 | 3:2',
      '3:9 | 3:8',
    ]);
    // Psalm 51: a two-verse title.
    const s51 = verses('Ps', [
      [51, 1],
      [51, 2],
      [51, 3],
      [51, 21],
    ]);
    const e51 = verses('Ps', [
      [51, 1],
      [51, 19],
    ]);
    expect(render(alignVerses(s51, 'hebrew', e51, 'kjv'))).toEqual([
      '51:1+51:2 | —',
      '51:3 | 51:1',
      '51:21 | 51:19',
    ]);
  });

  it('pairs Malachi 3:19–24 with Malachi 4:1–6, Joel 3 and 4 with Joel 2:28–32 and 3', () => {
    const spanish = verses('Mal', [
      [3, 18],
      [3, 19],
      [3, 24],
    ]);
    const english = verses('Mal', [
      [3, 18],
      [4, 1],
      [4, 6],
    ]);
    expect(render(alignVerses(spanish, 'hebrew', english, 'kjv'))).toEqual([
      '3:18 | 3:18',
      '3:19 | 4:1',
      '3:24 | 4:6',
    ]);
    const joelEs = verses('Joel', [
      [2, 27],
      [3, 1],
      [3, 5],
      [4, 1],
      [4, 21],
    ]);
    const joelEn = verses('Joel', [
      [2, 27],
      [2, 28],
      [2, 32],
      [3, 1],
      [3, 21],
    ]);
    expect(render(alignVerses(joelEs, 'hebrew', joelEn, 'kjv'))).toEqual([
      '2:27 | 2:27',
      '3:1 | 2:28',
      '3:5 | 2:32',
      '4:1 | 3:1',
      '4:21 | 3:21',
    ]);
  });

  it('keeps a verse split in two beside the one verse that holds both (3 John 14–15)', () => {
    const split = verses('3John', [
      [1, 13],
      [1, 14],
      [1, 15],
    ]);
    const whole = verses('3John', [
      [1, 13],
      [1, 14],
    ]);
    expect(render(alignVerses(split, 'nrsv', whole, 'kjv'))).toEqual([
      '1:13 | 1:13',
      '1:14+1:15 | 1:14',
    ]);
    expect(render(alignVerses(whole, 'kjv', split, 'hebrew'))).toEqual([
      '1:13 | 1:13',
      '1:14 | 1:14+1:15',
    ]);
  });

  it('never loses or repeats a verse, even when a scheme is out of order', () => {
    // A text whose map (wrongly) sends verse 2 before verse 1: the rows keep the text's order.
    const a = verses('Mal', [
      [3, 19],
      [3, 1],
      [3, 2],
    ]);
    const b = verses('Mal', [
      [3, 1],
      [3, 2],
      [4, 1],
    ]);
    const rows = alignVerses(a, 'hebrew', b, 'kjv');
    expect(rows.flatMap((r) => r.a)).toEqual(a);
    expect(rows.flatMap((r) => r.b)).toEqual(b);
  });
});
