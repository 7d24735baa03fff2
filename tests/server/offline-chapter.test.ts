import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import { chapterAnswer, fallbackTranslation, packedVerses } from '#shared/bible/chapter-answer.ts';
import { parallelChapterAnswer } from '#shared/bible/parallel-answer.ts';
import { versificationOf } from '#shared/bible/versification.ts';
import { translationLanguage } from '#shared/values/bible.ts';
import type { Chapter } from '#shared/schemas/bible.ts';
import { offlinePack } from '#server/bible/offline-pack.ts';
import { readPart } from '../../src/client/features/offline/pack.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * A chapter read from the offline pack is the chapter the server sends (issue 40): the service
 * worker will answer the reader's `GET /api/bible/chapter/...` offline with `chapterAnswer` over
 * the verses of a stored part (`packedVerses`), as the route does over the database's. Checked
 * here for chapters that test the edges, in every translation and both languages.
 */
const app = useTestApp({ bibles: true }, { member: {} });

const CHAPTERS = [
  'Gen.1', // the first: no previous chapter
  'Ps.3', // a psalm's title before verse 1
  'Ps.119', // headings before verses 1, 9, 17…
  'Song.1', // the VBL's speakers as headings
  'Obad.1', // a book of one chapter
  'Matt.1', // after Malachi 4
  'Matt.17', // verse 21 left out by the VBL
  'Rom.16', // the VBL leaves out verse 24
  '3John.1', // the WEB's verse 15
  'Rev.22', // the last: no next chapter
];

describe('a chapter from the offline pack', () => {
  it('is the chapter the server sends, in every translation and both languages', async () => {
    const pack = await offlinePack();
    let compared = 0;
    for (const bible of pack.manifest.bibles) {
      for (const place of CHAPTERS) {
        const [osis, chapterText] = place.split('.');
        const book = BOOKS.findIndex((b) => b.osis === osis) + 1;
        const chapter = Number(chapterText);
        const order = (id: string) => {
          const [b, c] = id.split('.');
          return BOOKS.findIndex((x) => x.osis === b) * 1000 + Number(c);
        };
        const listed = bible.parts.find(
          (p) => order(p.from) <= order(place) && order(place) <= order(p.to),
        )!;
        const part = await readPart(new Uint8Array(pack.parts.get(listed.id)!));
        const packed = part.chapters.find((c) => c.book === osis && c.chapter === chapter)!;
        for (const lang of ['en', 'es'] as const) {
          const res = await app.call(
            app.member,
            'GET',
            `/api/bible/chapter/${bible.code}/${osis}/${chapter}`,
            undefined,
            lang,
          );
          expect(res.statusCode, res.body).toBe(200);
          const served = res.json() as Chapter;
          const offline = chapterAnswer({
            translation: bible.code,
            requested: bible.code,
            fallback: false,
            book,
            chapter,
            lang,
            verses: packedVerses(packed, lang),
          });
          expect(offline, `${bible.code} ${place} ${lang}`).toEqual(served);
          compared++;
        }
      }
    }
    expect(compared).toBe(4 * CHAPTERS.length * 2);
  });
});

describe('a parallel chapter from the offline pack', () => {
  it('is the parallel chapter the server sends, aligned by the same verse map', async () => {
    const pack = await offlinePack();
    const order = (id: string) => {
      const [b, c] = id.split('.');
      return BOOKS.findIndex((x) => x.osis === b) * 1000 + Number(c);
    };
    // What the worker reads: a chapter of a downloaded text, from the part that holds it.
    const read = (osis: string, lang: 'en' | 'es') => async (code: string, chapter: number) => {
      const bible = pack.manifest.bibles.find((b) => b.code === code)!;
      const at = order(`${osis}.${chapter}`);
      const listed = bible.parts.find((p) => order(p.from) <= at && at <= order(p.to))!;
      const part = await readPart(new Uint8Array(pack.parts.get(listed.id)!));
      return packedVerses(
        part.chapters.find((c) => c.book === osis && c.chapter === chapter)!,
        lang,
      );
    };
    const PAIRS = [
      ['KJV', 'RV1909'],
      ['RV1909', 'VBL'],
      ['WEB', 'KJV'],
      ['NKJV', 'RV1909'], // not installed: the KJV's words, as the server reads it
    ] as const;
    const PLACES = ['Ps.3', 'Ps.119', 'Joel.2', 'Mal.4', 'Rom.16', '3John.1', 'Rev.12'];
    let compared = 0;
    for (const [first, second] of PAIRS) {
      for (const place of PLACES) {
        const [osis, chapterText] = place.split('.') as [string, string];
        const chapter = Number(chapterText);
        for (const lang of ['en', 'es'] as const) {
          const res = await app.call(
            app.member,
            'GET',
            `/api/bible/parallel/${first}/${second}/${osis}/${chapter}`,
            undefined,
            lang,
          );
          expect(res.statusCode, res.body).toBe(200);
          const offline = await parallelChapterAnswer(
            { first, second, book: BOOKS.findIndex((b) => b.osis === osis) + 1, chapter, lang },
            (wanted) => {
              const available = pack.manifest.bibles.some((b) => b.code === wanted);
              const fallback = !available;
              return {
                code: fallback ? fallbackTranslation(wanted, translationLanguage(wanted)) : wanted,
                requested: wanted,
                fallback,
              };
            },
            read(osis, lang),
            versificationOf,
          );
          expect(offline, `${first}/${second} ${place} ${lang}`).toEqual(res.json());
          compared++;
        }
      }
    }
    expect(compared).toBe(PAIRS.length * PLACES.length * 2);
  });
});
