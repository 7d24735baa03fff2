/**
 * A chapter in two translations, verse beside verse through the verse map (ADR 0053), as
 * `GET /api/bible/parallel/:first/:second/:book/:chapter` answers it: built by the server (from
 * the database) and by the service worker (from the offline pack, issue 40) with the same code.
 * Pure but for the `read` it is given.
 */
import type { ParallelChapter, ParallelRow, Verse } from '../schemas/bible.ts';
import { translationLanguage } from '../values/bible.ts';
import { BOOKS, bookIndex } from './books.ts';
import { chapterLength, formatReference, neighbours } from './chapter-answer.ts';
import { alignVerses, chapterRows, chaptersIn, type VersificationId } from './versification.ts';

/** Reads chapter `chapter` of the book at hand in translation `code`, in its own numbering. */
export type ReadChapter = (code: string, chapter: number) => Promise<Verse[]>;

/**
 * The rows of chapter `chapter` (book 1–66) of `first` with `second` beside it: both texts read
 * for the chapter and its neighbours (Joel 4 of a Hebrew-numbered text holds the KJV's Joel 3),
 * aligned through the verse map, the rows holding the chapter's verses kept.
 */
export async function alignedChapterRows(
  at: { first: string; second: string; book: number; chapter: number },
  read: ReadChapter,
  versificationOf: (code: string) => VersificationId,
): Promise<ParallelRow[]> {
  const { first, second, book, chapter } = at;
  const osis = BOOKS[book - 1]!.osis;
  const near = async (code: string) => {
    const chapters = chaptersIn(versificationOf(code), osis);
    const wanted = [chapter - 1, chapter, chapter + 1].filter((c) => c >= 1 && c <= chapters);
    return (await Promise.all(wanted.map((c) => read(code, c)))).flat();
  };
  const [a, b] = await Promise.all([near(first), near(second)]);
  return chapterRows(alignVerses(a, versificationOf(first), b, versificationOf(second)), chapter);
}

/** Which text a side reads for the one asked for (itself, or its fallback). */
export type ResolveSide = (wanted: string) => {
  code: string;
  requested: string;
  fallback: boolean;
};

/** The parallel route's answer for chapter `chapter` of book `book` (1–66). */
export async function parallelChapterAnswer(
  input: { first: string; second: string; book: number; chapter: number; lang: 'en' | 'es' },
  resolve: ResolveSide,
  read: ReadChapter,
  versificationOf: (code: string) => VersificationId,
): Promise<ParallelChapter> {
  const { book, chapter, lang } = input;
  const info = BOOKS[book - 1]!;
  const whole = [
    {
      start: { book, chapter, verse: 1 },
      end: { book, chapter, verse: chapterLength(book, chapter) },
    },
  ];
  const side = (wanted: string) => {
    const resolved = resolve(wanted);
    const language = translationLanguage(resolved.code);
    return {
      translation: resolved.code,
      requestedTranslation: resolved.requested,
      fallback: resolved.fallback,
      language,
      reference: formatReference(whole, language),
    };
  };
  const first = side(input.first);
  const second = side(input.second);
  const rows = await alignedChapterRows(
    { first: first.translation, second: second.translation, book, chapter },
    read,
    versificationOf,
  );
  return {
    reference: formatReference(whole, lang),
    osis: `${info.osis}.${chapter}`,
    book: info.osis,
    bookName: info[lang],
    chapter,
    ...neighbours(book, chapter, lang),
    first,
    second,
    rows,
  };
}

/**
 * The rows pairing a passage of `first` (its verses as read, in order) with `second`: each part
 * of the passage in one book is aligned over its chapters and their neighbours (a counterpart
 * may sit across a chapter's end), and the rows holding the passage's verses are kept, with any
 * verse of `second` alone between them. Lessons, the verse of the day, the daily reading and a
 * memory verse's pair use it (issue 26), on the server and, from the download, on the phone.
 */
export async function passageRows(
  codes: { first: string; second: string },
  verses: readonly Verse[],
  read: (code: string, book: number, chapter: number) => Promise<Verse[]>,
  versificationOf: (code: string) => VersificationId,
): Promise<ParallelRow[]> {
  const parts: Verse[][] = [];
  for (const v of verses) {
    const last = parts.at(-1);
    if (last && last[0]!.book === v.book) last.push(v);
    else parts.push([v]);
  }
  const keyOf = (v: Verse) => `${v.book}.${v.chapter}.${v.verse}`;
  const aligned = await Promise.all(
    parts.map(async (part) => {
      const book = bookIndex(part[0]!.book) + 1;
      const chapters = part.map((v) => v.chapter);
      const from = Math.max(1, Math.min(...chapters) - 1);
      const side = async (code: string) => {
        const to = Math.min(
          chaptersIn(versificationOf(code), BOOKS[book - 1]!.osis),
          Math.max(...chapters) + 1,
        );
        return (
          await Promise.all(
            Array.from({ length: Math.max(0, to - from + 1) }, (_, i) =>
              read(code, book, from + i),
            ),
          )
        ).flat();
      };
      const [a, b] = await Promise.all([side(codes.first), side(codes.second)]);
      const rows = alignVerses(a, versificationOf(codes.first), b, versificationOf(codes.second));
      const wanted = new Set(part.map(keyOf));
      const holds = (r: ParallelRow) => r.a.some((v) => wanted.has(keyOf(v)));
      const firstRow = rows.findIndex(holds);
      if (firstRow < 0) return [];
      return rows
        .slice(firstRow, rows.findLastIndex(holds) + 1)
        .filter((r) => r.a.length === 0 || holds(r))
        .map((r) => ({ a: r.a.filter((v) => wanted.has(keyOf(v))), b: r.b }));
    }),
  );
  return aligned.flat();
}
