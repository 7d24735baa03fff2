/**
 * Builds content/bible/cross-references.tsv.gz, OpenBible.info's cross references (CC BY 4.0;
 * see content/bible/LICENSE-OPENBIBLE.md for where they came from and what the build changes),
 * from OpenBible.info's download (`cross_references.txt`, the only file of its zip; plain or
 * gzip'd):
 *
 *   node --import tsx scripts/bible/build-cross-references.ts <cross_references.txt[.gz]> [--out DIR]
 *
 * What the build does, and checks (it fails rather than guess):
 * - keeps the source's first line (its licence notice) as it is, and each link as its own line
 *   `From Verse<TAB>To Verse<TAB>Votes` in the source's OSIS form;
 * - leaves out the links with fewer than 0 votes (readers voted them down: not shown);
 * - maps the one reference the KJV numbering lacks, 3 John 1:15 (the ESV's split of 3 John 14),
 *   to 3 John 1:14, wherever it stands;
 * - checks every reference against the verse slots of the bundled KJV (content/bible/kjv.json.gz)
 *   and that no link is there twice;
 * - sorts the links by the source verse in canonical order, then by votes (most first), then by
 *   the target in canonical order.
 * Same input, same bytes out.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildInput } from './build-input.ts';
import { bookIndex } from '#shared/bible/books.ts';

/** The references of the source that the KJV numbering lacks, and the KJV verse that holds each. */
export const MAPPED_REFERENCES: Readonly<Record<string, string>> = { '3John.1.15': '3John.1.14' };

/** Links with fewer votes than this are left out. */
export const MIN_VOTES = 0;

export interface CrossReferenceBuild {
  /** The file's lines: the source's header, then one link per line. */
  lines: string[];
  stats: {
    read: number;
    kept: number;
    droppedNegative: number;
    mapped: number;
    sources: number;
    ranges: number;
  };
}

/** "John.3.16" → a sortable number (book, chapter, verse), checked against the KJV's slots. */
function placeOf(ref: string, kjv: readonly (readonly number[])[], where: string): number {
  const m = /^([1-3]?[A-Za-z]+)\.(\d+)\.(\d+)$/.exec(ref);
  const book = m ? bookIndex(m[1]!) : -1;
  const chapter = Number(m?.[2]);
  const verse = Number(m?.[3]);
  const slots = kjv[book]?.[chapter - 1];
  if (!m || book < 0 || !slots || verse < 1 || verse > slots) {
    throw new Error(`${where}: "${ref}" is not a verse of the KJV numbering`);
  }
  return (book + 1) * 1_000_000 + chapter * 1000 + verse;
}

/**
 * `text`: the source file. `kjv`: the verse count of each chapter of each book of the bundled
 * KJV, the numbering the source follows.
 */
export function buildCrossReferences(
  text: string,
  kjv: readonly (readonly number[])[],
): CrossReferenceBuild {
  const [header = '', ...rest] = text.split('\n');
  if (
    !/^From Verse\tTo Verse\tVotes\t#www\.openbible\.info CC-BY \d{4}-\d{2}-\d{2}$/.test(header)
  ) {
    throw new Error(`line 1 is not OpenBible.info's header with its licence notice: "${header}"`);
  }
  let mapped = 0;
  let droppedNegative = 0;
  const map = (ref: string) => {
    const to = MAPPED_REFERENCES[ref];
    if (!to) return ref;
    mapped++;
    return to;
  };
  const links: { line: string; from: number; votes: number; lo: number; hi: number }[] = [];
  const seen = new Set<string>();
  rest.forEach((raw, i) => {
    if (!raw) return;
    const where = `line ${i + 2}`;
    const cells = raw.split('\t');
    if (cells.length !== 3 || !/^-?\d+$/.test(cells[2]!)) {
      throw new Error(`${where}: expected "From Verse<TAB>To Verse<TAB>Votes": "${raw}"`);
    }
    const votes = Number(cells[2]);
    if (votes < MIN_VOTES) {
      droppedNegative++;
      return;
    }
    const source = map(cells[0]!);
    const ends = cells[1]!.split('-').map(map);
    if (ends.length > 2) throw new Error(`${where}: "${cells[1]}" is not a verse or a range`);
    const from = placeOf(source, kjv, where);
    const lo = placeOf(ends[0]!, kjv, where);
    const hi = ends[1] === undefined ? lo : placeOf(ends[1], kjv, where);
    if (hi < lo) throw new Error(`${where}: the range "${cells[1]}" ends before it starts`);
    const target = hi === lo ? ends[0]! : `${ends[0]}-${ends[1]}`;
    const key = `${source}\t${target}`;
    if (seen.has(key)) throw new Error(`${where}: the link ${source} → ${target} is there twice`);
    seen.add(key);
    links.push({ line: `${key}\t${votes}`, from, votes, lo, hi });
  });
  links.sort((a, b) => a.from - b.from || b.votes - a.votes || a.lo - b.lo || a.hi - b.hi);
  return {
    lines: [header, ...links.map((l) => l.line)],
    stats: {
      read: links.length + droppedNegative,
      kept: links.length,
      droppedNegative,
      mapped,
      sources: new Set(links.map((l) => l.from)).size,
      ranges: links.filter((l) => l.hi !== l.lo).length,
    },
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text, dir, kjvVerses } = buildInput(
    'build-cross-references.ts <cross_references.txt[.gz]> [--out DIR]',
  );
  const { lines, stats } = buildCrossReferences(text, kjvVerses);
  // zlib's gzip header carries no file name and mtime 0: output bytes depend on input only.
  const out = gzipSync(Buffer.from(`${lines.join('\n')}\n`, 'utf8'), { level: 9 });
  writeFileSync(join(dir, 'cross-references.tsv.gz'), out);
  console.log(
    `Cross references: ${stats.read.toLocaleString('en')} links read, ${stats.droppedNegative.toLocaleString('en')} with fewer than 0 votes left out, ` +
      `${stats.kept.toLocaleString('en')} kept (${stats.ranges.toLocaleString('en')} to a range) from ${stats.sources.toLocaleString('en')} verses; ` +
      `${stats.mapped} references mapped to the KJV numbering; ${out.length.toLocaleString('en')} bytes`,
  );
}
