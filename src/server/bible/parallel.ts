import { BOOKS, bookIndex } from '#shared/bible/books.ts';
import {
  alignedChapterRows,
  parallelChapterAnswer,
  passageRows as passageRowsOf,
} from '#shared/bible/parallel-answer.ts';
import type { Language } from '#shared/constants.ts';
import type { ParallelChapter, ParallelRow, Verse } from '#shared/schemas/bible.ts';
import type { Database } from '../db/client.ts';
import { HttpError } from '../errors.ts';
import { readPassage, translationLanguage, type BibleCatalog } from './service.ts';

/** A whole chapter of a translation, through the passage cache (the chapter route's key). */
export function readChapter(
  db: Database,
  catalog: BibleCatalog,
  code: string,
  book: number,
  chapter: number,
  lang: Language,
): Promise<Verse[]> {
  return readPassage(
    db,
    catalog,
    code,
    [{ start: { book, chapter, verse: 1 }, end: { book, chapter, verse: 999 } }],
    lang,
  );
}

/** The book (1–66) and its entry for an OSIS id and chapter; a translated 404 when absent. */
export function chapterPlace(osis: string, chapter: number) {
  const index = bookIndex(osis);
  const info = BOOKS[index];
  if (!info || chapter > info.chapters) throw new HttpError(404, 'bible.errors.chapterNotFound');
  return { book: index + 1, info };
}

/**
 * The rows of chapter `chapter` (book 1–66) of installed translation `first` with `second`
 * beside it (the shared builder, src/shared/bible/parallel-answer.ts, over the database).
 */
function alignedChapter(
  db: Database,
  catalog: BibleCatalog,
  at: { first: string; second: string; book: number; chapter: number },
  lang: Language,
) {
  return alignedChapterRows(
    at,
    (code, chapter) => readChapter(db, catalog, code, at.book, chapter, lang),
    (code) => catalog.versificationOf(code),
  );
}

/**
 * The rows pairing a passage of `first` (its verses as read, in order) with `second`: each part
 * of the passage in one book is aligned over its chapters and their neighbours (a counterpart
 * may sit across a chapter's end), and the rows holding the passage's verses are kept, with any
 * verse of `second` alone between them. Lessons, the verse of the day, the daily reading and a
 * memory verse's pair use it (issue 26).
 */
export function passageRows(
  db: Database,
  catalog: BibleCatalog,
  codes: { first: string; second: string },
  verses: readonly Verse[],
  lang: Language,
): Promise<ParallelRow[]> {
  return passageRowsOf(
    codes,
    verses,
    (code, book, chapter) => readChapter(db, catalog, code, book, chapter, lang),
    (code) => catalog.versificationOf(code),
  );
}

/**
 * Each hit's counterpart in `second` (the verses its row holds, through the verse map): for
 * search results shown with the parallel verse under each. Hits of one chapter share its rows.
 */
export async function counterparts<H extends { book: string; chapter: number; verse: number }>(
  db: Database,
  catalog: BibleCatalog,
  first: string,
  wanted: string,
  hits: H[],
  lang: Language,
): Promise<(H & { parallel: Verse[] })[]> {
  const second = catalog.resolve(wanted, translationLanguage(wanted)).code;
  const rowsOf = new Map<string, Promise<Awaited<ReturnType<typeof alignedChapter>>>>();
  return Promise.all(
    hits.map(async (hit) => {
      const key = `${hit.book}.${hit.chapter}`;
      let rows = rowsOf.get(key);
      if (!rows) {
        const book = bookIndex(hit.book) + 1;
        rows = alignedChapter(db, catalog, { first, second, book, chapter: hit.chapter }, lang);
        rowsOf.set(key, rows);
      }
      const row = (await rows).find((r) =>
        r.a.some((v) => v.chapter === hit.chapter && v.verse === hit.verse),
      );
      return { ...hit, parallel: row?.b ?? [] };
    }),
  );
}

/**
 * Chapter `chapter` of translation `first` with `second` beside it, verse by verse (ADR 0053),
 * built by the same function as the service worker's from the offline pack (issue 40).
 */
export async function parallelChapter(
  db: Database,
  catalog: BibleCatalog,
  input: { first: string; second: string; book: string; chapter: number },
  lang: Language,
): Promise<ParallelChapter> {
  const { book } = chapterPlace(input.book, input.chapter);
  return parallelChapterAnswer(
    { first: input.first, second: input.second, book, chapter: input.chapter, lang },
    (wanted) => catalog.resolve(wanted, translationLanguage(wanted)),
    (code, chapter) => readChapter(db, catalog, code, book, chapter, lang),
    (code) => catalog.versificationOf(code),
  );
}
