import { bcv_parser } from 'bible-passage-reference-parser/esm/bcv_parser.js';
import * as enLang from 'bible-passage-reference-parser/esm/lang/en.js';
import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import { chapterLength, formatReference, neighbours } from '#shared/bible/chapter-answer.ts';

/**
 * The chapter answer's pure parts (src/shared/bible/chapter-answer.ts), which the server and the
 * service worker share (issue 40): the chapter lengths are the reference parser's, and the
 * references and neighbours read as the reader shows them.
 */
describe('a chapter’s answer, shared by the server and the service worker', () => {
  it('knows each chapter’s length as the reference parser does (KJV numbering)', () => {
    const parsed = new bcv_parser(enLang).translation_info('default').chapters as Record<
      string,
      number[]
    >;
    for (const [b, info] of BOOKS.entries()) {
      const lengths = Array.from({ length: info.chapters }, (_, c) => chapterLength(b + 1, c + 1));
      expect(lengths, info.osis).toEqual(parsed[info.osis]);
      expect(chapterLength(b + 1, info.chapters + 1)).toBe(0);
    }
    expect(chapterLength(67, 1)).toBe(0);
  });

  it('names a whole chapter, a one-chapter book and a psalm as the reader does', () => {
    const whole = (book: number, chapter: number, last = chapterLength(book, chapter)) => [
      { start: { book, chapter, verse: 1 }, end: { book, chapter, verse: last } },
    ];
    expect(formatReference(whole(43, 3), 'es')).toBe('Juan 3');
    expect(formatReference(whole(19, 23), 'es')).toBe('Salmo 23');
    expect(formatReference(whole(19, 23), 'en')).toBe('Psalm 23');
    // Obadiah has one chapter; 3 John's 15th verse in the WEB (KJV: 14).
    expect(formatReference(whole(31, 1), 'en')).toBe('Obadiah 1-21');
    expect(formatReference(whole(64, 1, 15), 'en')).toBe('3 John 1-15');
    expect(neighbours(1, 1, 'es')).toEqual({
      previous: null,
      next: { book: 'Gen', bookName: 'Génesis', chapter: 2 },
    });
    expect(neighbours(40, 1, 'en').previous).toEqual({
      book: 'Mal',
      bookName: 'Malachi',
      chapter: 4,
    });
    expect(neighbours(66, 22, 'en').next).toBeNull();
  });
});
