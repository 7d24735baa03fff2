import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import { chapterLength, formatReference, type VerseRange } from '#shared/bible/chapter-answer.ts';
import { readShownReference } from '#shared/bible/shown-reference.ts';

const point = (book: number, chapter: number, verse: number) => ({ book, chapter, verse });

describe('a reference as the app shows it, read back', () => {
  it('reads every form formatReference writes, in both languages, for every book', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return 1 + (seed % n);
    };
    for (const lang of ['en', 'es'] as const) {
      BOOKS.forEach((info, i) => {
        const book = i + 1;
        const c = random(info.chapters);
        const length = chapterLength(book, c);
        const v = random(length);
        const next = Math.min(info.chapters, c + 1);
        const shapes: VerseRange[][] = [
          [{ start: point(book, c, v), end: point(book, c, v) }],
          [{ start: point(book, c, 1), end: point(book, c, length) }],
          [{ start: point(book, c, v), end: point(book, c, Math.min(length, v + 2)) }],
          [{ start: point(book, c, 1), end: point(book, next, chapterLength(book, next)) }],
          [{ start: point(book, c, v), end: point(book, next, 1) }],
          [
            { start: point(book, c, v), end: point(book, c, v) },
            { start: point(book, 1, 1), end: point(book, 1, 1) },
          ],
        ];
        for (const ranges of shapes) {
          const shown = formatReference(ranges, lang);
          const read = readShownReference(shown, lang);
          expect(read && formatReference(read, lang), `${lang}: ${shown}`).toBe(shown);
        }
      });
    }
  });

  it('gives the places themselves', () => {
    expect(readShownReference('Juan 3:16-17', 'es')).toEqual([
      { start: point(43, 3, 16), end: point(43, 3, 17) },
    ]);
    expect(readShownReference('Salmo 23', 'es')).toEqual([
      { start: point(19, 23, 1), end: point(19, 23, 6) },
    ]);
    expect(readShownReference('Psalms 1-2', 'en')).toEqual([
      { start: point(19, 1, 1), end: point(19, 2, 12) },
    ]);
    expect(readShownReference('1 John 4:8', 'en')).toEqual([
      { start: point(62, 4, 8), end: point(62, 4, 8) },
    ]);
    expect(readShownReference('Génesis 1:31-2:3', 'es')).toEqual([
      { start: point(1, 1, 31), end: point(1, 2, 3) },
    ]);
    expect(readShownReference('Jude 3', 'en')).toEqual([
      { start: point(65, 1, 3), end: point(65, 1, 3) },
    ]);
    expect(readShownReference('Romans 8:28; John 3:16', 'en')).toHaveLength(2);
  });

  it('refuses what the app does not write, and places that do not exist', () => {
    for (const [text, lang] of [
      ['Jn 3:16', 'en'],
      ['John 3:16', 'es'],
      ['John 22:1', 'en'],
      ['John 3:37', 'en'],
      ['John 3:0', 'en'],
      ['John 3:16-17a', 'en'],
      ['John 3:16–17', 'en'],
      ['Psalm 1-2', 'en'],
      ['', 'en'],
    ] as const) {
      expect(readShownReference(text, lang), text).toBeNull();
    }
  });
});
