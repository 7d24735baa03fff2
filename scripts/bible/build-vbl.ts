/**
 * Builds content/bible/vbl.json.gz, the Versión Biblia Libre (CC BY-SA 4.0, © 2018-2020
 * Jonathan Gallagher y Shelly Barrios de Avila, from eBible.org's `spavbl`), from the verse list
 * converted from eBible's HTML edition (one JSON object per verse; see
 * content/bible/LICENSE-VBL.md for where it came from and how it was converted):
 *
 *   node --import tsx scripts/bible/build-vbl.ts <vbl-verses.jsonl.gz> [--out DIR]
 *
 * The text is not changed. What the build does, and checks (it fails rather than guess):
 * - each of the 66 books in canonical order with the KJV's chapters and verse slots (the VBL is
 *   numbered as the KJV: every slot of the KJV is present once, in order, and nothing else);
 * - the verses the translation leaves out stay "" in place and are listed in `gaps`;
 * - Psalm titles, the speakers of the Song of Songs and Psalm 119's letters, which come before a
 *   verse, go to `titles` (shown as headings); the two speakers that fall inside a verse (Song
 *   6:13, 8:5) are shown before it;
 * - the translator's notes go to `notes` (by verse; a title's notes follow the verse's).
 * Same input, same bytes out.
 */
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { buildInput } from './build-input.ts';
import { BOOKS } from '#shared/bible/books.ts';

interface SourceHeading {
  type: 'title' | 'speaker' | 'acrostic';
  text: string;
  footnotes?: string[];
}

interface SourceVerse {
  book: string;
  chapter: number;
  verse: number;
  text: string;
  headings?: SourceHeading[];
  headings_inside?: (SourceHeading & { before_char: number })[];
  footnotes?: string[];
}

export const VBL_SOURCE =
  'Versión Biblia Libre (VBL), eBible.org spavbl of 7 Oct 2025, CC BY-SA 4.0; converted to JSON, text unchanged';

/** The shipped file's shape: a BibleFile (src/server/bible/data.ts) with the notes. */
export interface VblFile {
  code: 'VBL';
  name: string;
  language: 'es';
  source: string;
  books: { osis: string; chapters: string[][] }[];
  gaps: string[];
  titles: Record<string, string>;
  notes: Record<string, string[]>;
}

/**
 * `lines`: the source, one verse per line. `kjv`: the verse count of each chapter of the bundled
 * KJV (content/bible/kjv.json.gz), the numbering the VBL follows.
 */
export function buildVbl(lines: readonly string[], kjv: readonly (readonly number[])[]): VblFile {
  const verses = lines.filter((l) => l.trim()).map((l) => JSON.parse(l) as SourceVerse);
  const usfm: string[] = [];
  for (const v of verses) if (usfm.at(-1) !== v.book) usfm.push(v.book);
  if (usfm.length !== BOOKS.length) throw new Error(`${usfm.length} books, expected 66`);
  const bookIndex = new Map(usfm.map((code, i) => [code, i]));
  const books = BOOKS.map((b, i) => ({
    osis: b.osis,
    chapters: kjv[i]!.map((length) => Array.from({ length }, () => null as string | null)),
  }));
  const titles: Record<string, string> = {};
  const notes: Record<string, string[]> = {};
  for (const v of verses) {
    const book = books[bookIndex.get(v.book)!]!;
    const slot = book.chapters[v.chapter - 1];
    if (!slot || v.verse < 1 || v.verse > slot.length) {
      throw new Error(`${v.book} ${v.chapter}:${v.verse} is not a KJV verse slot`);
    }
    if (slot[v.verse - 1] !== null) throw new Error(`${v.book} ${v.chapter}:${v.verse} twice`);
    if (v.text !== v.text.trim() || /[<>]/.test(v.text)) {
      throw new Error(`${v.book} ${v.chapter}:${v.verse} is not plain text`);
    }
    slot[v.verse - 1] = v.text;
    const id = `${book.osis}.${v.chapter}.${v.verse}`;
    const headings = [...(v.headings ?? []), ...(v.headings_inside ?? [])];
    if (headings.length) titles[id] = headings.map((h) => h.text.trim()).join(' ');
    const verseNotes = [...headings.flatMap((h) => h.footnotes ?? []), ...(v.footnotes ?? [])];
    if (verseNotes.length) notes[id] = verseNotes.map((n) => n.trim());
  }
  const gaps: string[] = [];
  const filled = books.map((book) => ({
    osis: book.osis,
    chapters: book.chapters.map((chapter, c) =>
      chapter.map((text, v) => {
        if (text === null) throw new Error(`${book.osis} ${c + 1}:${v + 1} is missing`);
        if (text === '') gaps.push(`${book.osis}.${c + 1}.${v + 1}`);
        return text;
      }),
    ),
  }));
  return {
    code: 'VBL',
    name: 'Versión Biblia Libre',
    language: 'es',
    source: VBL_SOURCE,
    books: filled,
    gaps,
    titles,
    notes,
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { text, dir, kjvVerses } = buildInput('build-vbl.ts <vbl-verses.jsonl.gz> [--out DIR]');
  const file = buildVbl(text.split('\n'), kjvVerses);
  const verses = file.books.flatMap((b) => b.chapters.flat());
  // zlib's gzip header carries no file name and mtime 0: output bytes depend on input only.
  writeFileSync(
    join(dir, 'vbl.json.gz'),
    gzipSync(Buffer.from(JSON.stringify(file), 'utf8'), { level: 9 }),
  );
  console.log(
    `VBL: ${file.books.length} books, ${verses.length} verse slots, ${verses.length - file.gaps.length} with text, ` +
      `${file.gaps.length} gaps, ${Object.keys(file.titles).length} headings, ` +
      `${Object.values(file.notes).flat().length} notes`,
  );
}
