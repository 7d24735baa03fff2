/**
 * A chapter in two translations, verse beside verse through the verse map (ADR 0053), as
 * `GET /api/bible/parallel/:first/:second/:book/:chapter` answers it: built by the server (from
 * the database) and by the service worker (from the offline pack, issue 40) with the same code.
 * Pure but for the `read` it is given.
 */
import type { ParallelChapter, ParallelRow, Verse } from '../schemas/bible.ts';
import { translationLanguage } from '../values/bible.ts';
import { BOOKS } from './books.ts';
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
