import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { BOOKS } from '#shared/bible/books.ts';
import type { CrossReferences } from '#shared/schemas/bible.ts';
import {
  bundledCrossReferences,
  CROSS_REFERENCE_SET,
  loadCrossReferences,
  placesBetween,
} from '#server/bible/cross-references.ts';
import { bibleCrossReference, bibleCrossReferenceSource } from '#server/db/schema.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { ROOT } from '../helpers/server-process.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * GET /api/bible/cross-references (issue 39 item 3) on the embedded PGlite, or on PostgreSQL
 * with TEST_DATABASE_URL: the links of the bundled file, the most voted first, ranges whole, in
 * the reader's translation and numbering, page by page; bad input refused in words.
 */
const app = useTestApp({ bibles: true }, { member: {} });

/** The bundled file's links of one verse, as its lines say (the file is sorted by votes). */
const FILE = gunzipSync(readFileSync(join(ROOT, 'content/bible/cross-references.tsv.gz')))
  .toString('utf8')
  .split('\n');
const linesOf = (osis: string) =>
  FILE.filter((l) => l.startsWith(`${osis}\t`)).map((l) => {
    const [, to = '', votes = ''] = l.split('\t');
    return { to, votes: Number(votes) };
  });

async function get(url: string, lang = 'en') {
  return app.call(app.member, 'GET', url, undefined, lang);
}
async function links(query: string, lang = 'en'): Promise<CrossReferences> {
  const res = await get(`/api/bible/cross-references?${query}`, lang);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('a verse', () => {
  it('lists the links of the file, the most voted first, with their text in the translation', async () => {
    const body = await links('ref=John%203:16&translation=KJV&limit=50');
    const file = linesOf('John.3.16');
    expect(body).toMatchObject({ reference: 'John 3:16', osis: 'John.3.16', translation: 'KJV' });
    expect(body.total).toBe(file.length);
    expect(body.total).toBe(23);
    expect(body.links.map((l) => [l.osis, l.votes])).toEqual(file.map((l) => [l.to, l.votes]));
    const votes = body.links.map((l) => l.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
    expect(body.links[0]).toEqual({
      reference: 'Romans 5:8',
      osis: 'Rom.5.8',
      book: 'Rom',
      chapter: 5,
      verse: 8,
      votes: 950,
      verses: [
        {
          book: 'Rom',
          chapter: 5,
          verse: 8,
          text: 'But God commendeth his love toward us, in that, while we were yet sinners, Christ died for us.',
        },
      ],
    });
  });

  it('shows a range whole: every verse of it, across a chapter too', async () => {
    const john = await links('ref=John%203:16&translation=KJV&limit=2');
    expect(john.links[1]!.reference).toBe('1 John 4:9-10');
    expect(john.links[1]!.verses.map((v) => v.verse)).toEqual([9, 10]);
    expect(john.links[1]!.verses[1]!.text).toMatch(/^Herein is love, not that we loved God/);
    const terah = await links('ref=Genesis%2011:31&translation=KJV&limit=50');
    const across = terah.links.find((l) => l.osis === 'Gen.11.32-Gen.12.1')!;
    expect(across.reference).toBe('Genesis 11:32-12:1');
    expect(across.verses.map((v) => `${v.chapter}:${v.verse}`)).toEqual(['11:32', '12:1']);
    // The longest range of the file: Numbers 7:2-89, 88 verses.
    const ezra = await links('ref=Ezra%206:17&translation=KJV&limit=50');
    const numbers = ezra.links.find((l) => l.osis === 'Num.7.2-Num.7.89')!;
    expect(numbers.verses).toHaveLength(88);
  });

  it('names the places in the reader language and reads the asked translation', async () => {
    const body = await links('ref=Juan%203:16&translation=RV1909&limit=3', 'es');
    expect(body.reference).toBe('Juan 3:16');
    expect(body.links.map((l) => l.reference)).toEqual([
      'Romanos 5:8',
      '1 Juan 4:9-10',
      'Romanos 8:32',
    ]);
    expect(body.links[0]!.verses[0]!.text).toBe(
      'Mas Dios encarece su caridad para con nosotros, porque siendo aún pecadores, Cristo murió por nosotros.',
    );
    // The member's own Spanish text when none is asked for (RV1909 by default).
    const mine = await links('ref=Juan%203:16&limit=1', 'es');
    expect(mine.translation).toBe('RV1909');
    const vbl = await links('ref=Juan%203:16&translation=VBL&limit=1', 'es');
    expect(vbl.links[0]!.verses[0]!.text).not.toBe(body.links[0]!.verses[0]!.text);
  });

  it('goes through the verse map where the translation numbers otherwise (RV1909, Numbers 12-13)', async () => {
    // RV1909's Numbers 13:1 is the KJV's Numbers 12:16: its links are that verse's.
    const own = await links('ref=N%C3%BAmeros%2013:1&translation=RV1909&limit=50', 'es');
    // Its targets in Numbers 13 are RV1909's own numbers there: the KJV's 13:3 is its 13:4.
    const rv1909 = (to: string) =>
      to.replace(/^Num\.13\.(\d+)$/, (_, v) => `Num.13.${Number(v) + 1}`);
    expect(own.links.map((l) => [l.osis, l.votes])).toEqual(
      linesOf('Num.12.16').map((l) => [rv1909(l.to), l.votes]),
    );
    expect(linesOf('Num.12.16').map((l) => l.to)).toContain('Num.13.3');
    expect(own.links.find((l) => l.osis === 'Num.13.4')?.reference).toBe('Números 13:4');
    expect(own.links[0]!.reference).toBe('Números 11:35');
    expect(own.links[0]!.verses[0]!.text).toBe(
      'De Kibroth-hattaavah movió el pueblo á Haseroth, y pararon en Haseroth.',
    );
    // And a link to the KJV's Numbers 12:16 opens RV1909's Numbers 13:1, with its text.
    const paran = await links('ref=G%C3%A9nesis%2021:21&translation=RV1909&limit=50', 'es');
    const hazeroth = paran.links.find((l) => l.reference === 'Números 13:1')!;
    expect(hazeroth).toMatchObject({ osis: 'Num.13.1', book: 'Num', chapter: 13, verse: 1 });
    expect(hazeroth.verses[0]!.text).toMatch(/^Y DESPUÉS movió el pueblo de Haseroth/);
    // The KJV there: its own Numbers 12:16.
    const kjv = await links('ref=Genesis%2021:21&translation=KJV&limit=50');
    expect(kjv.links.find((l) => l.osis === 'Num.12.16')?.verses[0]!.text).toMatch(
      /^And afterward the people removed from Hazeroth/,
    );
  });
});

describe('a passage', () => {
  it('joins its verses’ links, each target once at its best votes, none inside the passage', async () => {
    const body = await links('ref=John%203:15-16&translation=KJV&limit=50');
    const inside = new Set(['John.3.15', 'John.3.16']);
    const best = new Map<string, number>();
    for (const { to, votes } of [...linesOf('John.3.15'), ...linesOf('John.3.16')]) {
      if (inside.has(to)) continue;
      best.set(to, Math.max(best.get(to) ?? -Infinity, votes));
    }
    expect(body.total).toBe(best.size);
    expect(linesOf('John.3.16').some((l) => l.to === 'John.3.15')).toBe(true);
    expect(body.links.some((l) => inside.has(l.osis))).toBe(false);
    for (const l of body.links) expect(l.votes).toBe(best.get(l.osis));
    const votes = body.links.map((l) => l.votes);
    expect(votes).toEqual([...votes].sort((a, b) => b - a));
  });
});

describe('paging', () => {
  it('gives the same order page by page as at once, and the total with each page', async () => {
    const all = await links('ref=Romans%208:28&translation=WEB&limit=50');
    expect(all.total).toBe(linesOf('Rom.8.28').length);
    const first = await links('ref=Romans%208:28&translation=WEB');
    expect(first).toMatchObject({ offset: 0, limit: 10, total: all.total });
    expect(first.links).toEqual(all.links.slice(0, 10));
    const second = await links('ref=Romans%208:28&translation=WEB&offset=10&limit=20');
    expect(second.links).toEqual(all.links.slice(10, 30));
    const past = await links(`ref=Romans%208:28&translation=WEB&offset=${all.total}`);
    expect(past).toMatchObject({ total: all.total, links: [] });
  });
});

describe('bad input', () => {
  it('is refused with a 400 in words, in the reader language', async () => {
    const notVerse = await get('/api/bible/cross-references?ref=hola%20mundo', 'es');
    expect(notVerse.statusCode).toBe(400);
    expect(notVerse.json()).toMatchObject({
      code: 'VERSE_NOT_FOUND',
      message: 'Versículo No Encontrado',
    });
    const missing = await get('/api/bible/cross-references', 'es');
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION',
      errors: [{ path: 'ref', message: 'Este campo es obligatorio' }],
    });
    for (const query of ['limit=0', 'limit=51', 'limit=ten', 'offset=-1', 'offset=1.5']) {
      const res = await get(`/api/bible/cross-references?ref=John%203:16&${query}`);
      expect(res.statusCode, query).toBe(400);
      const field = query.split('=')[0];
      expect(res.json(), query).toMatchObject({
        code: 'VALIDATION',
        errors: [{ path: field, message: 'This value is not valid' }],
      });
    }
    const translation = await get('/api/bible/cross-references?ref=John%203:16&translation=NIV');
    expect(translation.statusCode).toBe(400);
    expect(translation.json().errors[0]).toEqual({
      path: 'translation',
      message: 'This value is not valid',
    });
  });

  it('says the links are being installed (503, in words) until they are in', async () => {
    const t = app.t;
    const [source] = await t.database.db
      .select()
      .from(bibleCrossReferenceSource)
      .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
    await t.database.db
      .update(bibleCrossReferenceSource)
      .set({ checksum: `installing:${source!.checksum}` });
    await t.app.bibleCatalog.refresh(t.database.db);
    try {
      const res = await get('/api/bible/cross-references?ref=Juan%203:16', 'es');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 'CROSS_REFERENCES_LOADING',
        message: 'Las referencias cruzadas se están instalando. Intenta de nuevo en un momento.',
      });
    } finally {
      await t.database.db.update(bibleCrossReferenceSource).set({ checksum: source!.checksum });
      await t.app.bibleCatalog.refresh(t.database.db);
    }
    expect((await get('/api/bible/cross-references?ref=Juan%203:16', 'es')).statusCode).toBe(200);
  });
});

describe('the install', () => {
  it('finds the fixture whole: every link of the file, nothing to do again', async () => {
    const db = app.t.database.db;
    expect(await loadCrossReferences(db, { kind: app.t.database.kind })).toBeNull();
    const [row] = await db
      .select({
        verses: sql<number>`count(*)::int`,
        links: sql<number>`sum(cardinality(${bibleCrossReference.starts}))::int`,
      })
      .from(bibleCrossReference);
    expect(row).toEqual({ verses: 29_332, links: 343_563 });
    expect(row!.links).toBe(FILE.filter((l) => l && !l.startsWith('From Verse')).length);
  });

  it.runIf(!process.env.TEST_DATABASE_URL)(
    'on PGlite, carries on after a start stopped midway, and starts over for another file',
    async () => {
      const handle = await createTestDatabase();
      try {
        const db = handle.db;
        const first = await loadCrossReferences(db, { kind: 'pglite' });
        expect(first).toEqual({ links: 343_563, verses: 29_332, resumed: 0 });
        const whole = await db.execute(
          sql`select md5(string_agg(verse::text || starts::text || ends::text || votes::text, ';' order by verse)) as sum from bible_cross_reference`,
        );
        // As a start stopped after the Psalms: the later rows are not there, the row says so.
        const bundled = bundledCrossReferences()!;
        const psalms = BOOKS.findIndex((b) => b.osis === 'Ps') + 1;
        await db.execute(
          sql`delete from bible_cross_reference where verse > ${psalms * 1_000_000 + 999_999}`,
        );
        await db
          .update(bibleCrossReferenceSource)
          .set({ checksum: `installing:${bundled.checksum}` });
        const again = await loadCrossReferences(db, { kind: 'pglite' });
        expect(again!.resumed).toBeGreaterThan(10_000);
        expect(again!.resumed).toBeLessThan(29_332);
        expect(
          (
            await db.execute(
              sql`select md5(string_agg(verse::text || starts::text || ends::text || votes::text, ';' order by verse)) as sum from bible_cross_reference`,
            )
          ).rows,
        ).toEqual(whole.rows);
        // Rows of another file: all of them replaced.
        await db.update(bibleCrossReferenceSource).set({ checksum: 'installing:another file' });
        await db
          .insert(bibleCrossReference)
          .values({
            verse: 66_022_022,
            starts: [1_001_001],
            ends: [1_001_001],
            votes: [1],
          })
          .onConflictDoUpdate({ target: bibleCrossReference.verse, set: { votes: [1] } });
        expect(await loadCrossReferences(db, { kind: 'pglite' })).toMatchObject({ resumed: 0 });
        expect(
          (
            await db.execute(
              sql`select md5(string_agg(verse::text || starts::text || ends::text || votes::text, ';' order by verse)) as sum from bible_cross_reference`,
            )
          ).rows,
        ).toEqual(whole.rows);
        expect(await loadCrossReferences(db, { kind: 'pglite' })).toBeNull();
      } finally {
        await handle.close();
      }
    },
    120_000,
  );
});

describe('placesBetween', () => {
  it('walks verses across chapters and books by the KJV numbering', () => {
    expect(placesBetween(1_011_031, 1_012_002)).toEqual([
      1_011_031, 1_011_032, 1_012_001, 1_012_002,
    ]);
    // Leviticus 27:34 to Numbers 1:1.
    expect(placesBetween(3_027_034, 4_001_001)).toEqual([3_027_034, 4_001_001]);
    expect(placesBetween(19_003_000, 19_003_000)).toEqual([19_003_000]);
  });
});
