import { eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import {
  VERSIFICATION_IDS,
  chaptersIn,
  versificationOf,
  type VersificationId,
} from '#shared/bible/versification.ts';
import type { Database } from '../db/client.ts';
import { bibleTranslation, bibleVerse } from '../db/schema.ts';

/**
 * Imports an operator-licensed translation (DESIGN §3) from OSIS XML, USFM or JSON. The file is
 * parsed and checked completely before anything is written, and written in one transaction.
 */
export const IMPORTABLE_CODES = ['NKJV', 'ESV', 'NASB'] as const;

export class ImportError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ImportError';
  }
}

export interface ParsedVerse {
  book: number;
  chapter: number;
  verse: number;
  text: string;
}

const USFM_BOOKS =
  'GEN EXO LEV NUM DEU JOS JDG RUT 1SA 2SA 1KI 2KI 1CH 2CH EZR NEH EST JOB PSA PRO ECC SNG ISA JER LAM EZK DAN HOS JOL AMO OBA JON MIC NAM HAB ZEP HAG ZEC MAL MAT MRK LUK JHN ACT ROM 1CO 2CO GAL EPH PHP COL 1TH 2TH 1TI 2TI TIT PHM HEB JAS 1PE 2PE 1JN 2JN 3JN JUD REV'.split(
    ' ',
  );

const clean = (text: string) =>
  text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();

function osisPoint(id: string, where: string): Omit<ParsedVerse, 'text'> {
  const [b = '', c, v] = id.split('.');
  const index = bookIndex(b);
  if (index < 0 || !c || !v || !/^\d+$/.test(c) || !/^\d+$/.test(v))
    throw new ImportError(`${where}: "${id}" is not an OSIS verse id of the 66 books`);
  return { book: index + 1, chapter: Number(c), verse: Number(v) };
}

export function parseOsis(xml: string): ParsedVerse[] {
  if (!/<osis[\s>]/.test(xml)) throw new ImportError('not an OSIS document (no <osis> element)');
  const verses: ParsedVerse[] = [];
  // Container form: <verse osisID="Gen.1.1">text</verse>
  for (const m of xml.matchAll(
    /<verse\b[^>]*\bosisID="([^"]+)"[^>]*(?<!\/)>([\s\S]*?)<\/verse>/g,
  )) {
    verses.push({ ...osisPoint(m[1]!.split(' ')[0]!, 'OSIS'), text: clean(m[2]!) });
  }
  // Milestone form: <verse sID="x" osisID="Gen.1.1"/> text <verse eID="x"/>
  for (const m of xml.matchAll(
    /<verse\b[^>]*\bsID="([^"]+)"[^>]*\bosisID="([^"]+)"[^>]*\/>([\s\S]*?)<verse\b[^>]*\beID="\1"[^>]*\/>/g,
  )) {
    verses.push({ ...osisPoint(m[2]!.split(' ')[0]!, 'OSIS'), text: clean(m[3]!) });
  }
  return verses;
}

export function parseUsfm(text: string): ParsedVerse[] {
  const verses: ParsedVerse[] = [];
  let book = 0;
  let chapter = 0;
  let current: ParsedVerse | null = null;
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    const where = `line ${i + 1}`;
    const id = /^\\id\s+(\S+)/.exec(line);
    if (id) {
      const index = USFM_BOOKS.indexOf(id[1]!.toUpperCase());
      if (index < 0)
        throw new ImportError(
          `${where}: unknown USFM book "${id[1]}" (only the 66 books are imported)`,
        );
      book = index + 1;
      chapter = 0;
      return;
    }
    const c = /^\\c\s+(\d+)/.exec(line);
    if (c) {
      if (!book) throw new ImportError(`${where}: \\c before any \\id`);
      chapter = Number(c[1]);
      return;
    }
    for (const part of line.split(/(?=\\v\s+\d+)/)) {
      const v = /^\\v\s+(\d+)\S*\s*([\s\S]*)$/.exec(part);
      if (v) {
        if (!book || !chapter) throw new ImportError(`${where}: \\v before \\id and \\c`);
        current = { book, chapter, verse: Number(v[1]), text: '' };
        verses.push(current);
        current.text = v[2]!;
      } else if (current && !/^\\(id|h|toc\d?|mt\d?|s\d?|ms\d?|r|d)\b/.test(part)) {
        current.text += ` ${part}`;
      }
    }
  });
  return verses.map((v) => ({
    ...v,
    text: clean(
      v.text
        .replace(/\\f\s[\s\S]*?\\f\*/g, '')
        .replace(/\\x\s[\s\S]*?\\x\*/g, '')
        .replace(/\\\+?\w+\*?/g, ' '),
    ),
  }));
}

/** JSON: the bundled shape ({books: [{osis, chapters: [[text, …], …]}]}) or [{book, chapter, verse, text}]. */
export function parseJson(text: string): ParsedVerse[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new ImportError(`malformed JSON: ${(error as Error).message}`);
  }
  if (Array.isArray(data)) {
    return data.map((row, i) => {
      const r = row as { book?: unknown; chapter?: unknown; verse?: unknown; text?: unknown };
      if (
        typeof r.book !== 'string' ||
        typeof r.text !== 'string' ||
        !Number.isInteger(r.chapter) ||
        !Number.isInteger(r.verse)
      ) {
        throw new ImportError(`item ${i}: expected {book, chapter, verse, text}`);
      }
      return {
        ...osisPoint(`${r.book}.${String(r.chapter)}.${String(r.verse)}`, `item ${i}`),
        text: clean(r.text),
      };
    });
  }
  const books = (data as { books?: unknown }).books;
  if (!Array.isArray(books))
    throw new ImportError('expected {"books": [...]} or an array of verses');
  const verses: ParsedVerse[] = [];
  books.forEach((b, i) => {
    const book = b as { osis?: unknown; chapters?: unknown };
    const index = typeof book.osis === 'string' ? bookIndex(book.osis) : -1;
    if (index < 0 || !Array.isArray(book.chapters))
      throw new ImportError(`books[${i}]: expected {osis, chapters}`);
    book.chapters.forEach((chapter, c) => {
      if (!Array.isArray(chapter))
        throw new ImportError(`books[${i}].chapters[${c}] is not a list of verses`);
      chapter.forEach((t, v) => {
        if (typeof t !== 'string')
          throw new ImportError(`books[${i}].chapters[${c}][${v}] is not text`);
        if (t.trim())
          verses.push({ book: index + 1, chapter: c + 1, verse: v + 1, text: clean(t) });
      });
    });
  });
  return verses;
}

export function parseBibleFile(name: string, content: string): ParsedVerse[] {
  const lower = name.toLowerCase();
  if (lower.endsWith('.json')) return parseJson(content);
  if (lower.endsWith('.usfm') || lower.endsWith('.sfm')) return parseUsfm(content);
  if (lower.endsWith('.xml') || lower.endsWith('.osis')) return parseOsis(content);
  throw new ImportError('unknown format: use a .json, .usfm/.sfm or .xml/.osis file');
}

/**
 * Checks a parsed text before it is written: every verse real, none twice, chapters in range
 * (the range of its numbering: a Hebrew-numbered text has a Joel 4).
 */
export function checkVerses(verses: ParsedVerse[], scheme: VersificationId = 'kjv'): void {
  if (verses.length === 0) throw new ImportError('no verses found in the file');
  const seen = new Set<string>();
  for (const v of verses) {
    const info = BOOKS[v.book - 1]!;
    const key = `${info.osis}.${v.chapter}.${v.verse}`;
    const chapters = chaptersIn(scheme, info.osis);
    if (v.chapter < 1 || v.chapter > chapters || v.verse < 1 || v.verse > 200)
      throw new ImportError(`${key} does not exist`);
    if (!v.text) throw new ImportError(`${key} is empty`);
    if (seen.has(key)) throw new ImportError(`${key} appears twice`);
    seen.add(key);
  }
}

export async function importTranslation(
  db: Database,
  opts: {
    code: string;
    name: string;
    language: 'en' | 'es';
    fileName: string;
    content: string;
    /** How the file numbers its verses (ADR 0053); by default the code's usual scheme. */
    versification?: string | undefined;
  },
): Promise<{ verses: number; versification: VersificationId }> {
  if (!(IMPORTABLE_CODES as readonly string[]).includes(opts.code)) {
    throw new ImportError(
      `--code must be one of ${IMPORTABLE_CODES.join(', ')} (the bundled KJV, WEB and RV1909 are managed by the app)`,
    );
  }
  if (!opts.name.trim()) throw new ImportError('--name is required');
  const scheme = opts.versification ?? versificationOf(opts.code);
  if (!(VERSIFICATION_IDS as readonly string[]).includes(scheme)) {
    throw new ImportError(`--versification must be one of ${VERSIFICATION_IDS.join(', ')}`);
  }
  const versification = scheme as VersificationId;
  const verses = parseBibleFile(opts.fileName, opts.content);
  checkVerses(verses, versification);
  await db.transaction(async (tx) => {
    await tx.delete(bibleTranslation).where(eq(bibleTranslation.code, opts.code));
    await tx.insert(bibleTranslation).values({
      code: opts.code,
      name: opts.name.trim(),
      language: opts.language,
      versification,
      source: `imported from ${opts.fileName}`,
      verseCount: verses.length,
      checksum: createHash('sha256').update(opts.content).digest('hex'),
    });
    for (let i = 0; i < verses.length; i += 2000) {
      await tx
        .insert(bibleVerse)
        .values(
          verses
            .slice(i, i + 2000)
            .map((v) => ({ ...v, translation: opts.code, language: opts.language, heading: null })),
        );
    }
  });
  return { verses: verses.length, versification };
}
