import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { bookIndex } from '#shared/bible/books.ts';
import { buildCrossReferences } from '../../scripts/bible/build-cross-references.ts';
import { ROOT } from '../helpers/server-process.ts';

/**
 * The shipped cross references (content/bible/cross-references.tsv.gz, built by
 * scripts/bible/build-cross-references.ts from OpenBible.info's file) against lines copied
 * literally from that file (edition of 2026-02-23): five verses' links, all of them, as the
 * source has them (its own order, negative votes and its 3 John 1:15 included).
 */
const HEADER = 'From Verse\tTo Verse\tVotes\t#www.openbible.info CC-BY 2026-02-23';

const SOURCE: Record<string, string[]> = {
  'John.3.16': [
    'John.3.16\t2Cor.5.19-2Cor.5.21\t206',
    'John.3.16\t1John.4.19\t339',
    'John.3.16\tJohn.3.36\t362',
    'John.3.16\tMatt.9.13\t181',
    'John.3.16\t1John.4.9-1John.4.10\t675',
    'John.3.16\tJohn.1.18\t144',
    'John.3.16\tRom.5.10\t256',
    'John.3.16\tLuke.2.14\t126',
    'John.3.16\tJohn.1.29\t231',
    'John.3.16\t2Thess.2.16\t219',
    'John.3.16\tMark.12.6\t134',
    'John.3.16\tJohn.11.25-John.11.26\t435',
    'John.3.16\tEph.2.4\t195',
    'John.3.16\tJohn.3.15\t481',
    'John.3.16\tRom.5.8\t950',
    'John.3.16\tTitus.3.4\t156',
    'John.3.16\tGen.22.12\t160',
    'John.3.16\tJohn.6.40\t378',
    'John.3.16\tRev.1.5\t166',
    'John.3.16\tJohn.1.14\t162',
    'John.3.16\tJohn.10.28\t311',
    'John.3.16\tRom.8.32\t487',
    'John.3.16\t1Tim.1.15-1Tim.1.16\t278',
  ],
  'Phil.4.13': [
    'Phil.4.13\tIsa.40.29-Isa.40.31\t545',
    'Phil.4.13\t2Cor.3.4-2Cor.3.5\t431',
    'Phil.4.13\tCol.1.11\t650',
    'Phil.4.13\tIsa.41.10\t998',
    'Phil.4.13\tJohn.15.7\t469',
    'Phil.4.13\tIsa.45.24\t301',
    'Phil.4.13\tEph.3.16\t491',
    'Phil.4.13\t2Cor.12.9-2Cor.12.10\t802',
    'Phil.4.13\tEph.6.10\t638',
    'Phil.4.13\tJohn.15.4-John.15.5\t383',
  ],
  // Two links voted down (left out).
  'Gen.4.13': [
    'Gen.4.13\tJob.15.22\t6',
    'Gen.4.13\tRev.16.11\t-1',
    'Gen.4.13\tRev.16.9\t3',
    'Gen.4.13\tRev.16.21\t-1',
  ],
  // A range that ends at 3 John 1:15, which the KJV numbering lacks (3 John 1:14 there).
  '2John.1.1': [
    '2John.1.1\tGal.5.7\t3',
    '2John.1.1\t1Pet.5.1\t6',
    '2John.1.1\tGal.2.14\t2',
    '2John.1.1\t2John.1.13-3John.1.15\t6',
    '2John.1.1\tHeb.10.26\t4',
    '2John.1.1\t1Pet.1.22-1Pet.1.23\t6',
    '2John.1.1\tCol.1.5\t3',
    '2John.1.1\t1John.2.21\t4',
    '2John.1.1\t1Thess.1.3-1Thess.1.4\t2',
    '2John.1.1\tGal.2.5\t3',
    '2John.1.1\tJohn.8.32\t7',
    '2John.1.1\tEph.1.4-Eph.1.5\t2',
    '2John.1.1\t2John.1.2-2John.1.3\t4',
    '2John.1.1\tGal.3.1\t3',
    '2John.1.1\t2John.1.5\t6',
    '2John.1.1\t1Tim.2.4\t8',
    '2John.1.1\t2Thess.2.13-2Thess.2.14\t3',
    '2John.1.1\t1Pet.1.2\t3',
    '2John.1.1\tLuke.1.3\t2',
    '2John.1.1\t1John.3.18\t7',
  ],
  // And 3 John 1:15 as a source verse: its link is 3 John 1:14's.
  '3John.1.14': [
    '3John.1.14\t1Pet.5.14\t2',
    '3John.1.14\tDan.4.1\t2',
    '3John.1.14\tGal.5.16\t2',
    '3John.1.14\tGen.43.23\t2',
    '3John.1.14\tRom.16.1-Rom.16.16\t2',
    '3John.1.14\tEph.6.23\t2',
    '3John.1.15\tJohn.10.3\t2',
  ],
};

const SHIPPED = gunzipSync(readFileSync(join(ROOT, 'content/bible/cross-references.tsv.gz')))
  .toString('utf8')
  .split('\n');
const shippedOf = (verse: string) => SHIPPED.filter((l) => l.startsWith(`${verse}\t`));

/** Canonical order of a reference (or a range's first verse): book, chapter, verse. */
function order(ref: string): number {
  const [book = '', chapter, verse] = ref.split('-')[0]!.split('.');
  return (bookIndex(book) + 1) * 1_000_000 + Number(chapter) * 1000 + Number(verse);
}

/** What the conversion promises, worked out here on its own from the source's lines. */
function expected(lines: string[]): string[] {
  return lines
    .map((l) => l.replaceAll('3John.1.15', '3John.1.14').split('\t'))
    .filter(([, , votes]) => Number(votes) >= 0)
    .sort((a, b) => Number(b[2]) - Number(a[2]) || order(a[1]!) - order(b[1]!))
    .map((cells) => cells.join('\t'));
}

describe('the shipped cross references', () => {
  it.each(Object.keys(SOURCE))('%s: every link of the source, the most voted first', (verse) => {
    expect(shippedOf(verse)).toEqual(expected(SOURCE[verse]!));
  });

  it('are in the order written out by hand for Philippians 4:13', () => {
    expect(shippedOf('Phil.4.13').map((l) => l.split('\t').slice(1).join(' '))).toEqual([
      'Isa.41.10 998',
      '2Cor.12.9-2Cor.12.10 802',
      'Col.1.11 650',
      'Eph.6.10 638',
      'Isa.40.29-Isa.40.31 545',
      'Eph.3.16 491',
      'John.15.7 469',
      '2Cor.3.4-2Cor.3.5 431',
      'John.15.4-John.15.5 383',
      'Isa.45.24 301',
    ]);
  });

  it('leave out the links voted down and map 3 John 1:15, nothing else', () => {
    expect(shippedOf('Gen.4.13')).toEqual(['Gen.4.13\tJob.15.22\t6', 'Gen.4.13\tRev.16.9\t3']);
    expect(shippedOf('2John.1.1')).toContain('2John.1.1\t2John.1.13-3John.1.14\t6');
    expect(shippedOf('3John.1.14').map((l) => l.split('\t')[1])).toEqual([
      'Gen.43.23',
      'Dan.4.1',
      'John.10.3',
      'Rom.16.1-Rom.16.16',
      'Gal.5.16',
      'Eph.6.23',
      '1Pet.5.14',
    ]);
    expect(SHIPPED.some((l) => l.includes('3John.1.15'))).toBe(false);
  });

  it('keep the source header (its licence notice) and hold 343,563 links from 29,332 verses', () => {
    expect(SHIPPED[0]).toBe(HEADER);
    const links = SHIPPED.slice(1).filter(Boolean);
    // 344,799 in the source, 1,236 of them with fewer than 0 votes.
    expect(links).toHaveLength(344_799 - 1_236);
    expect(new Set(links.map((l) => l.split('\t')[0])).size).toBe(29_332);
    for (const line of links) expect(line).toMatch(/^\S+\t\S+\t\d+$/);
    // Sorted by source verse, then votes.
    const keys = links.map((l) => {
      const [from = '', , votes] = l.split('\t');
      return [order(from), Number(votes)] as const;
    });
    const sorted = keys.every(
      (k, i) =>
        i === 0 || k[0] > keys[i - 1]![0] || (k[0] === keys[i - 1]![0] && k[1] <= keys[i - 1]![1]),
    );
    expect(sorted).toBe(true);
  });

  it('are what the build makes of these lines', () => {
    const kjv = JSON.parse(
      gunzipSync(readFileSync(join(ROOT, 'content/bible/kjv.json.gz'))).toString('utf8'),
    ) as { books: { chapters: string[][] }[] };
    const chapters = kjv.books.map((b) => b.chapters.map((c) => c.length));
    const built = buildCrossReferences(
      [HEADER, ...Object.values(SOURCE).flat()].join('\n'),
      chapters,
    );
    expect(built.lines[0]).toBe(HEADER);
    for (const verse of Object.keys(SOURCE))
      expect(built.lines.filter((l) => l.startsWith(`${verse}\t`))).toEqual(shippedOf(verse));
    expect(built.stats).toMatchObject({ droppedNegative: 2, mapped: 2, sources: 5 });
    // It fails rather than guess.
    expect(() => buildCrossReferences(`${HEADER}\nJohn.3.16\tJohn.3.99\t3`, chapters)).toThrow(
      /John\.3\.99/,
    );
    expect(() => buildCrossReferences('From Verse\tTo Verse\tVotes', chapters)).toThrow(/header/);
    expect(() =>
      buildCrossReferences(`${HEADER}\nJohn.3.16\tRom.5.8\t1\nJohn.3.16\tRom.5.8\t2`, chapters),
    ).toThrow(/twice/);
  });

  it('ship with their licence, source and the line to show', () => {
    const licence = readFileSync(join(ROOT, 'content/bible/LICENSE-OPENBIBLE.md'), 'utf8');
    expect(licence).toContain('https://creativecommons.org/licenses/by/4.0/');
    expect(licence).toContain('https://www.openbible.info/labs/cross-references/');
    expect(licence).toContain(
      'Referencias cruzadas: OpenBible.info (https://www.openbible.info/labs/cross-references/), CC BY 4.0.',
    );
    expect(licence).toContain('scripts/bible/build-cross-references.ts');
  });
});
