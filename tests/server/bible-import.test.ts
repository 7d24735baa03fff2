import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  ImportError,
  importTranslation,
  parseJson,
  parseOsis,
  parseUsfm,
} from '#server/bible/import.ts';
import { bibleTranslation, bibleVerse } from '#server/db/schema.ts';
import type { DatabaseHandle } from '#server/db/client.ts';
import { createTestDatabase } from '../helpers/database.ts';

// Made-up sample text: the tests must never carry a copyrighted translation.
const OSIS = `<?xml version="1.0"?><osis><osisText><div type="book" osisID="John"><chapter osisID="John.3">
<verse osisID="John.3.16">Sample <w lemma="x">sixteen</w> &amp; more.</verse>
<verse sID="a" osisID="John.3.17"/>Sample seventeen.<verse eID="a"/>
</chapter></div></osisText></osis>`;

const USFM = `\\id JHN Sample
\\h John
\\c 3
\\p
\\v 16 Sample sixteen\\f + \\fr 3:16 \\ft a note\\f* text.
\\v 17 Sample \\wj seventeen\\wj* text.`;

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('parsers', () => {
  it('read OSIS (container and milestone verses)', () => {
    expect(parseOsis(OSIS)).toEqual([
      { book: 43, chapter: 3, verse: 16, text: 'Sample sixteen & more.' },
      { book: 43, chapter: 3, verse: 17, text: 'Sample seventeen.' },
    ]);
  });

  it('read USFM without footnotes or markers', () => {
    expect(parseUsfm(USFM)).toEqual([
      { book: 43, chapter: 3, verse: 16, text: 'Sample sixteen text.' },
      { book: 43, chapter: 3, verse: 17, text: 'Sample seventeen text.' },
    ]);
  });

  it('read both JSON shapes', () => {
    expect(
      parseJson(JSON.stringify({ books: [{ osis: 'Ps', chapters: [['One', 'Two']] }] })),
    ).toHaveLength(2);
    expect(
      parseJson(JSON.stringify([{ book: 'Gen', chapter: 1, verse: 1, text: 'Start' }]))[0],
    ).toMatchObject({ book: 1 });
  });

  it('explain malformed files', () => {
    expect(() => parseJson('{"books": [')).toThrow(/malformed JSON/);
    expect(() => parseUsfm('\\id XYZ\n\\c 1\n\\v 1 x')).toThrow(/unknown USFM book "XYZ"/);
    expect(() => parseOsis('<html></html>')).toThrow(/not an OSIS document/);
  });
});

describe('importTranslation', () => {
  it('imports a licensed text as an installed translation', async () => {
    const result = await importTranslation(database.db, {
      code: 'NASB',
      name: 'Sample NASB',
      language: 'en',
      fileName: 'sample.usfm',
      content: USFM,
    });
    expect(result.verses).toBe(2);
    const [row] = await database.db
      .select()
      .from(bibleTranslation)
      .where(eq(bibleTranslation.code, 'NASB'));
    expect(row).toMatchObject({ name: 'Sample NASB', verseCount: 2 });
  });

  it('writes nothing when the file is bad, keeping what was there', async () => {
    const bad = JSON.stringify([
      { book: 'John', chapter: 3, verse: 16, text: 'ok' },
      { book: 'John', chapter: 3, verse: 16, text: 'twice' },
    ]);
    await expect(
      importTranslation(database.db, {
        code: 'NASB',
        name: 'Broken',
        language: 'en',
        fileName: 'x.json',
        content: bad,
      }),
    ).rejects.toThrow(ImportError);
    const rows = await database.db
      .select()
      .from(bibleVerse)
      .where(eq(bibleVerse.translation, 'NASB'));
    expect(rows.map((r) => r.text)).toEqual(['Sample sixteen text.', 'Sample seventeen text.']);
    await expect(
      importTranslation(database.db, {
        code: 'KJV',
        name: 'x',
        language: 'en',
        fileName: 'x.json',
        content: '[]',
      }),
    ).rejects.toThrow(/--code must be one of NKJV, ESV, NASB/);
    await expect(
      importTranslation(database.db, {
        code: 'ESV',
        name: 'x',
        language: 'en',
        fileName: 'x.txt',
        content: '',
      }),
    ).rejects.toThrow(/unknown format/);
  });
});
