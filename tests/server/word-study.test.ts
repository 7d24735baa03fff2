import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { PassageWords, WordEntry, WordOccurrences } from '#shared/schemas/bible.ts';
import { BIBLE_DIR, type BibleFile } from '#server/bible/data.ts';
import {
  WORD_RENDERINGS_KEPT,
  occurrences,
  readStrongsDictionary,
  readStrongsFile,
  renderings,
  type StrongsFile,
} from '#server/bible/strongs.ts';
import { WORD_STUDY_SET, loadWordStudy } from '#server/bible/words.ts';
import { bibleWord, bibleWordSource, bibleWordVerse } from '#server/db/schema.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * Word study's routes (issue 39 item 2) on the embedded PGlite, or on PostgreSQL with
 * TEST_DATABASE_URL: what the install put in the database, read back through the API, against
 * the bundled files read here directly (content/bible/strongs/ and the two tagged Bibles).
 */
const app = useTestApp({ bibles: true }, { member: {} });

type Code = 'KJV' | 'RV1909';
const readBible = (code: Code) =>
  JSON.parse(
    gunzipSync(readFileSync(join(BIBLE_DIR, `${code.toLowerCase()}.json.gz`))).toString('utf8'),
  ) as BibleFile;
const BIBLES: Record<Code, BibleFile> = { KJV: readBible('KJV'), RV1909: readBible('RV1909') };
const FILES: Record<Code, StrongsFile> = {
  KJV: readStrongsFile('kjv'),
  RV1909: readStrongsFile('rv1909'),
};
const DICTIONARY = readStrongsDictionary();

async function get<T>(url: string, lang = 'en', status = 200): Promise<T> {
  const res = await app.call(app.member, 'GET', url, undefined, lang);
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
}

/** The verses (each once, in order) where a number stands, as the file has them. */
function versesOf(code: Code, number: string) {
  const seen = new Set<string>();
  const list: { osis: string; texts: string[] }[] = [];
  for (const o of occurrences(FILES[code], BIBLES[code], number)) {
    const osis = `${o.book}.${o.chapter}.${o.verse}`;
    if (!seen.has(osis)) {
      seen.add(osis);
      list.push({ osis, texts: [] });
    }
    list[list.length - 1]!.texts.push(o.text);
  }
  return list;
}

describe("a passage's words", () => {
  it('John 3:16 in the KJV: every tagged word with its number, the numbers named', async () => {
    const body = await get<PassageWords>('/api/bible/words?ref=John%203:16&translation=KJV');
    expect(body.reference).toBe('John 3:16');
    expect(body.translation).toBe('KJV');
    const [verse] = body.verses;
    expect(verse).toMatchObject({ book: 'John', chapter: 3, verse: 16, title: null });
    const said = verse!.words.map((w) => [verse!.text.slice(w.start, w.end), ...w.numbers]);
    expect(said.slice(0, 4)).toEqual([
      ['For', 'G1063'],
      ['God', 'G2316'],
      ['so', 'G3779'],
      ['loved', 'G25'],
    ]);
    expect(said).toContainEqual(['everlasting', 'G166']);
    expect(body.entries.G25).toEqual({
      number: 'G25',
      lemma: DICTIONARY.entries.G25!.lemma,
      translit: DICTIONARY.entries.G25!.translit,
      gloss: 'amar',
    });
    expect(Object.keys(body.entries).sort()).toEqual(
      [...new Set(verse!.words.flatMap((w) => w.numbers))].sort(),
    );
  });

  it('in Spanish the RV1909 by default, a Psalm title with its own tagged words', async () => {
    const john = await get<PassageWords>('/api/bible/words?ref=Juan%203:16', 'es');
    expect(john.translation).toBe('RV1909');
    expect(john.reference).toBe('Juan 3:16');
    const loved = john.verses[0]!.words.find((w) => w.numbers.includes('G25'))!;
    expect(john.verses[0]!.text.slice(loved.start, loved.end)).toMatch(/amó/);

    const psalm = await get<PassageWords>('/api/bible/words?ref=Salmo%2023:1-2', 'es');
    expect(psalm.verses.map((v) => v.verse)).toEqual([1, 2]);
    const title = psalm.verses[0]!.title!;
    expect(title.text).toBe(BIBLES.RV1909.titles['Ps.23.1']);
    expect(title.words.map((w) => title.text.slice(w.start, w.end))).toContain('de David');
    expect(psalm.verses[1]!.title).toBeNull();
  });

  it('shows at most ten verses at once', async () => {
    const body = await get<PassageWords>('/api/bible/words?ref=Psalm%20119:1-40&translation=KJV');
    expect(body.verses.map((v) => v.verse)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe("a number's card", () => {
  for (const number of ['G26', 'H2617', 'G3056']) {
    it(`${number}: the dictionary's entry, and how each text renders it, counted from its tagged words`, async () => {
      const body = await get<WordEntry>(`/api/bible/words/${number}`);
      const entry = DICTIONARY.entries[number]!;
      expect(body).toMatchObject({
        number,
        language: number.startsWith('G') ? 'greek' : 'hebrew',
        lemma: entry.lemma,
        translit: entry.translit,
        pron: entry.pron,
        definition: entry.def,
      });
      for (const code of ['KJV', 'RV1909'] as const) {
        const all = renderings(FILES[code], BIBLES[code], number);
        const got = body.renderings.find((r) => r.translation === code)!;
        expect(got.count).toBe(code === 'KJV' ? entry.kjv : entry.rv1909);
        expect(got.distinct).toBe(all.length);
        expect(got.top).toEqual(
          all.slice(0, WORD_RENDERINGS_KEPT).map(({ text, count }) => ({ text, count })),
        );
      }
    });
  }

  it('G26 agápē: love and charity in the KJV, amor and caridad in the RV1909, glossed «amor»', async () => {
    const body = await get<WordEntry>('/api/bible/words/G26', 'es');
    expect(body.gloss).toBe('amor');
    const top = (code: string) =>
      body.renderings
        .find((r) => r.translation === code)!
        .top.slice(0, 2)
        .map((r) => r.text);
    expect(top('KJV')).toEqual(['love', 'charity']);
    expect(top('RV1909')).toEqual(['amor', 'caridad']);
  });

  it('refuses a number that is not one, or not in the dictionary, in words', async () => {
    const bad = await app.call(app.member, 'GET', '/api/bible/words/X26', undefined, 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toEqual({
      path: 'number',
      message: 'No hay ningún número Strong así.',
    });
    const missing = await app.call(app.member, 'GET', '/api/bible/words/G99999', undefined, 'es');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      code: 'WORD_NOT_FOUND',
      message: 'No hay ningún número Strong así.',
    });
  });
});

describe('where a number stands', () => {
  it('G26 in the KJV: every verse once, in order, page by page, the words it tags marked', async () => {
    const expected = versesOf('KJV', 'G26');
    const seen: WordOccurrences['verses'] = [];
    let offset = 0;
    let total = 0;
    do {
      const page = await get<WordOccurrences>(
        `/api/bible/words/G26/occurrences?translation=KJV&offset=${offset}&limit=50`,
      );
      total = page.total;
      expect(page.verses.length).toBeLessThanOrEqual(50);
      seen.push(...page.verses);
      offset += page.verses.length;
      if (page.verses.length === 0) break;
    } while (offset < total);
    expect(total).toBe(expected.length);
    expect(seen.map((v) => `${v.book}.${v.chapter}.${v.verse}`)).toEqual(
      expected.map((e) => e.osis),
    );
    for (const [i, v] of seen.entries()) {
      const marked = [
        ...(v.title?.marks.map(([s, e]) => v.title!.text.slice(s, e)) ?? []),
        ...v.marks.map(([s, e]) => v.text.slice(s, e)),
      ];
      expect(marked).toEqual(expected[i]!.texts);
    }
    expect(seen[0]!.reference).toBe('Matthew 24:12');
  });

  it('in Spanish, the RV1909 a page at a time, 20 by default, references in Spanish', async () => {
    const page = await get<WordOccurrences>(
      '/api/bible/words/H2617/occurrences?translation=RV1909',
      'es',
    );
    expect(page.verses).toHaveLength(20);
    expect(page.total).toBe(versesOf('RV1909', 'H2617').length);
    expect(page.verses[0]!.reference).toBe('Génesis 19:19');
    const [s, e] = page.verses[0]!.marks[0]!;
    expect(page.verses[0]!.text.slice(s, e)).toMatch(/misericordia/i);
    const past = await get<WordOccurrences>(
      `/api/bible/words/H2617/occurrences?translation=RV1909&offset=${page.total}`,
      'es',
    );
    expect(past.verses).toEqual([]);
  });

  it('refuses a text without Strong’s numbers, in words', async () => {
    const res = await app.call(
      app.member,
      'GET',
      '/api/bible/words/G26/occurrences?translation=WEB',
      undefined,
      'en',
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toEqual({
      path: 'translation',
      message: "Word study works in the KJV and the RV1909, whose words carry Strong's numbers.",
    });
  });

  it('says the word study is being installed (503, in words) until it is in', async () => {
    const t = app.t;
    const [source] = await t.database.db
      .select()
      .from(bibleWordSource)
      .where(eq(bibleWordSource.name, WORD_STUDY_SET));
    await t.database.db.update(bibleWordSource).set({ checksum: `installing:${source!.checksum}` });
    await t.app.bibleCatalog.refresh(t.database.db);
    try {
      const res = await app.call(app.member, 'GET', '/api/bible/words/G26', undefined, 'es');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'WORD_STUDY_LOADING',
        message: 'El estudio de palabras se está instalando. Intenta de nuevo en un momento.',
      });
    } finally {
      await t.database.db.update(bibleWordSource).set({ checksum: source!.checksum });
      await t.app.bibleCatalog.refresh(t.database.db);
    }
    await get('/api/bible/words/G26', 'es');
  });
});

describe('the install', () => {
  it('finds the fixture whole: every tagged verse and every number, nothing to do again', async () => {
    const db = app.t.database.db;
    expect(await loadWordStudy(db, { kind: app.t.database.kind })).toBeNull();
    const [verses] = await db.select({ n: sql<number>`count(*)::int` }).from(bibleWordVerse);
    const [words] = await db.select({ n: sql<number>`count(*)::int` }).from(bibleWord);
    const tagged = (code: Code) =>
      FILES[code].books
        .flatMap((b) =>
          b.chapters.flatMap((verses, c) =>
            verses.map(
              (spans, v) => spans.length > 0 || `${b.osis}.${c + 1}.${v + 1}` in FILES[code].titles,
            ),
          ),
        )
        .filter(Boolean).length;
    expect(verses!.n).toBe(tagged('KJV') + tagged('RV1909'));
    expect(words!.n).toBe(Object.keys(DICTIONARY.entries).length);
  });
});
