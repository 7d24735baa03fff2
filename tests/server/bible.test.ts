import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { bibleTranslation, bibleVerse } from '#server/db/schema.ts';
import { loadBundledBibles, tidySearchIndex } from '#server/bible/loader.ts';
import { importTranslation } from '#server/bible/import.ts';
import { formatReference, parseReference } from '#server/bible/reference.ts';
import { searchVerses, verseOfTheDayFor } from '#server/bible/service.ts';
import { localDate } from '#shared/values/time.ts';
import { BOOKS } from '#shared/bible/books.ts';
import {
  createTestApp,
  createUser,
  injectWithLogin,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';

let t: TestApp;
let member: TestUser;
let premium: TestUser;
let other: TestUser;

beforeAll(async () => {
  t = await createTestApp({ bibles: true });
  member = await createUser(t);
  premium = await createUser(t, { isPremium: true });
  other = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const get = (who: TestUser, url: string, lang = 'en') =>
  injectWithLogin(t.app, who, { method: 'GET', url, headers: { 'accept-language': lang } });

describe('before the Bibles are loaded', () => {
  it('Bible routes say they are being installed (503), translated', async () => {
    const empty = await createTestApp();
    try {
      const u = await createUser(empty);
      const res = await injectWithLogin(empty.app, u, {
        method: 'GET',
        url: '/api/bible/passage?ref=John%203:16',
        headers: { 'accept-language': 'es' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'La Biblia se está instalando. Intenta de nuevo en un momento.',
      );
    } finally {
      await empty.close();
    }
  });
});

describe('before the Bibles are loaded', () => {
  it('Bible routes say they are being installed (503), translated', async () => {
    const empty = await createTestApp();
    try {
      const u = await createUser(empty);
      const res = await injectWithLogin(empty.app, u, {
        method: 'GET',
        url: '/api/bible/passage?ref=John%203:16',
        headers: { 'accept-language': 'es' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'La Biblia se está instalando. Intenta de nuevo en un momento.',
      );
    } finally {
      await empty.close();
    }
  });
});

describe('reference parsing', () => {
  it.each([
    ['Juan 3:16', 'es', 'John.3.16', 'Juan 3:16'],
    ['Jn 3:16', 'en', 'John.3.16', 'John 3:16'],
    ['1 Cor 13:4-7', 'en', '1Cor.13.4-1Cor.13.7', '1 Corinthians 13:4-7'],
    ['Salmos 23', 'es', 'Ps.23.1-Ps.23.6', 'Salmo 23'],
    ['Salmos 1-2', 'es', 'Ps.1.1-Ps.2.12', 'Salmos 1-2'],
    ['Romans 8:38-39', 'es', 'Rom.8.38-Rom.8.39', 'Romanos 8:38-39'],
    ['Gen 1:31-2:3', 'en', 'Gen.1.31-Gen.2.3', 'Genesis 1:31-2:3'],
    ['Judas 3', 'es', 'Jude.1.3', 'Judas 3'],
    ['Philippians 4:13', 'en', 'Phil.4.13', 'Philippians 4:13'],
  ] as const)('%s (%s)', (input, lang, osis, shown) => {
    const parsed = parseReference(input, lang);
    expect(parsed?.osis).toBe(osis);
    expect(formatReference(parsed!.ranges, lang)).toBe(shown);
  });

  it('rejects what is not a reference', () => {
    expect(parseReference('hello world', 'en')).toBeNull();
    expect(parseReference('Juan 99:1', 'es')).toBeNull();
    expect(parseReference('', 'es')).toBeNull();
  });
});

describe('loading', () => {
  it('is idempotent and complete', async () => {
    expect(await loadBundledBibles(t.database.db)).toEqual([]);
    const kjv = await t.database.db.$count(bibleVerse, eq(bibleVerse.translation, 'KJV'));
    expect(kjv).toBe(31_102);
  });
});

describe('GET /api/bible/translations', () => {
  it('lists the bundled ones as available and the copyrighted ones as not installed', async () => {
    const res = await get(member, '/api/bible/translations');
    const byCode = Object.fromEntries(
      res.json().map((x: { code: string; available: boolean }) => [x.code, x.available]),
    );
    expect(byCode).toEqual({
      KJV: true,
      WEB: true,
      RV1909: true,
      VBL: true,
      NKJV: false,
      ESV: false,
      NASB: false,
    });
  });
});

describe('GET /api/bible/passage', () => {
  it('reads a verse in Spanish from a Spanish reference', async () => {
    const res = await get(
      member,
      `/api/bible/passage?ref=${encodeURIComponent('Juan 3:16')}&translation=RV1909`,
      'es',
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      reference: 'Juan 3:16',
      osis: 'John.3.16',
      translation: 'RV1909',
      fallback: false,
    });
    expect(body.verses[0].text).toMatch(/^Porque de tal manera amó Dios al mundo/);
  });

  it('shows a Spanish reader the Spanish text they chose (issue 39), with the RV1909 until they do', async () => {
    const reader = await createUser(t);
    const passage = async () =>
      (await get(reader, `/api/bible/passage?ref=${encodeURIComponent('Juan 3:16')}`, 'es')).json();
    expect((await passage()).translation).toBe('RV1909');
    const saved = await injectWithLogin(t.app, reader, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { spanishBible: 'VBL' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const body = await passage();
    expect(body.translation).toBe('VBL');
    expect(body.verses[0].text).toMatch(/^“Porque Dios amó al mundo, y lo hizo de esta manera/);
    // The translator's notes come with the verses that have them, and only those.
    const noted = (
      await get(reader, `/api/bible/passage?ref=${encodeURIComponent('Salmos 35:19-20')}`, 'es')
    ).json();
    expect(noted.verses[0].notes).toBeUndefined();
    expect(noted.verses[1].notes).toEqual(['Literalmente, “los silenciosos de la tierra”.']);
    const votd = (await get(reader, '/api/bible/verse-of-the-day?lang=es')).json();
    expect(votd.translation).toBe('VBL');
    // The English side keeps the member's English translation.
    expect(
      (await get(reader, `/api/bible/passage?ref=${encodeURIComponent('John 3:16')}`)).json()
        .translation,
    ).toBe('KJV');
    const refused = await injectWithLogin(t.app, reader, {
      method: 'PATCH',
      url: '/api/user/preferences',
      payload: { spanishBible: 'RVR1960' },
    });
    expect(refused.statusCode).toBe(400);
  });

  it('reads ranges across chapters and whole chapters', async () => {
    const cross = (
      await get(
        member,
        `/api/bible/passage?ref=${encodeURIComponent('Gen 1:31-2:3')}&translation=KJV`,
      )
    ).json();
    expect(
      cross.verses.map((v: { chapter: number; verse: number }) => `${v.chapter}:${v.verse}`),
    ).toEqual(['1:31', '2:1', '2:2', '2:3']);
    const psalm = (
      await get(
        member,
        `/api/bible/passage?ref=${encodeURIComponent('Salmos 23')}&translation=WEB`,
        'es',
      )
    ).json();
    expect(psalm.verses).toHaveLength(6);
    expect(psalm.verses[0].heading).toMatch(/David/);
  });

  it('falls back from a translation that is not installed, and says so', async () => {
    const nkjv = (await get(member, '/api/bible/passage?ref=John%203:16&translation=NKJV')).json();
    expect(nkjv).toMatchObject({
      translation: 'KJV',
      requestedTranslation: 'NKJV',
      fallback: true,
    });
    const esv = (await get(member, '/api/bible/passage?ref=John%203:16&translation=ESV')).json();
    expect(esv).toMatchObject({ translation: 'WEB', fallback: true });
    const es = (
      await get(member, '/api/bible/passage?ref=Juan%203:16&translation=NASB', 'es')
    ).json();
    expect(es).toMatchObject({ translation: 'RV1909', fallback: true });
    // No translation given: the member's preference (NKJV by default) falls back to KJV.
    expect((await get(member, '/api/bible/passage?ref=John%203:16')).json().translation).toBe(
      'KJV',
    );
  });

  it('answers an unknown reference with 404, the SPEC message and its five suggestions', async () => {
    const res = await get(member, '/api/bible/passage?ref=Hezekiah%204:1', 'es');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'VERSE_NOT_FOUND',
      message: 'Versículo No Encontrado',
      suggestions: ['Juan 3:16', 'Romanos 8:28', 'Filipenses 4:13', 'Salmo 23:1', 'Mateo 6:33'],
    });
    const en = await get(member, '/api/bible/passage?ref=nothing');
    expect(en.json().suggestions).toEqual([
      'John 3:16',
      'Romans 8:28',
      'Philippians 4:13',
      'Psalm 23:1',
      'Matthew 6:33',
    ]);
  });

  it('validates its query', async () => {
    expect((await get(member, '/api/bible/passage?ref=')).statusCode).toBe(400);
    expect((await get(member, `/api/bible/passage?ref=${'x'.repeat(300)}`)).statusCode).toBe(400);
    expect(
      (await get(member, '/api/bible/passage?ref=John%203:16&translation=NIV')).statusCode,
    ).toBe(400);
    expect((await get(member, '/api/bible/passage?ref=Genesis')).statusCode).toBe(400);
  });
});

describe('kept chapter answers, compressed as a browser asks (ADR 0057)', () => {
  it('sends brotli or gzip that decompress to the same JSON, the same bytes each time', async () => {
    const url = '/api/bible/chapter/KJV/John/3';
    const as = (encoding: string) =>
      injectWithLogin(t.app, member, {
        method: 'GET',
        url,
        headers: { 'accept-language': 'en', 'accept-encoding': encoding },
      });
    const plain = await as('identity');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toMatchObject({ osis: 'John.3', translation: 'KJV' });
    const br = await as('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.payload);
    const again = await as('gzip, deflate, br');
    expect(again.rawPayload.equals(br.rawPayload)).toBe(true);
    const gzip = await as('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.payload);
  });
});

describe('passage cache', () => {
  it('is dropped when the installed translations change (an import)', async () => {
    await get(member, '/api/bible/passage?ref=John%203:16&translation=ESV');
    expect(t.app.bibleCatalog.passages.size).toBeGreaterThan(0);
    await importTranslation(t.database.db, {
      code: 'ESV',
      name: 'Sample (test text)',
      language: 'en',
      fileName: 'sample.json',
      content: JSON.stringify([
        { book: 'John', chapter: 3, verse: 16, text: 'Sample text for a test.' },
      ]),
    });
    await t.app.bibleCatalog.refresh(t.database.db);
    expect(t.app.bibleCatalog.passages.size).toBe(0);
    const res = (await get(member, '/api/bible/passage?ref=John%203:16&translation=ESV')).json();
    expect(res).toMatchObject({ translation: 'ESV', fallback: false });
    expect(res.verses[0].text).toBe('Sample text for a test.');
    await t.database.db.delete(bibleTranslation).where(eq(bibleTranslation.code, 'ESV'));
    await t.app.bibleCatalog.refresh(t.database.db);
  });
});

describe('an imported text with its own verse numbering (ADR 0053)', () => {
  // Made-up sample text, numbered as Hebrew editions number Joel: the KJV's 2:28–32 are its
  // 3:1–5, the KJV's chapter 3 its chapter 4.
  const joel = [
    ...Array.from({ length: 27 }, (_, i) => [2, i + 1]),
    ...Array.from({ length: 5 }, (_, i) => [3, i + 1]),
    ...Array.from({ length: 21 }, (_, i) => [4, i + 1]),
  ].map(([chapter, verse]) => ({
    book: 'Joel',
    chapter,
    verse,
    text: `Sample Joel ${chapter}:${verse}.`,
  }));
  const importJoel = (versification?: string) =>
    importTranslation(t.database.db, {
      code: 'NASB',
      name: 'Sample (test text)',
      language: 'en',
      fileName: 'sample.json',
      content: JSON.stringify(joel),
      versification,
    });
  const shape = (rows: { a: { chapter: number; verse: number }[]; b: (typeof rows)[0]['a'] }[]) =>
    rows.map(
      (r) =>
        `${r.a.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'} | ${r.b.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'}`,
    );

  it('refuses a Joel 4 unless the import says how the file is numbered', async () => {
    await expect(importJoel()).rejects.toThrow(/Joel\.4\.1 does not exist/);
    await expect(importJoel('greek')).rejects.toThrow(/--versification must be one of/);
  });

  it('reads it beside the KJV through the map, across the chapters its numbering has', async () => {
    expect((await importJoel('hebrew')).versification).toBe('hebrew');
    await t.app.bibleCatalog.refresh(t.database.db);
    expect(t.app.bibleCatalog.versificationOf('NASB')).toBe('hebrew');
    const three = (await get(member, '/api/bible/parallel/KJV/NASB/Joel/3')).json();
    expect(shape(three.rows).slice(0, 2)).toEqual(['3:1 | 4:1', '3:2 | 4:2']);
    expect(shape(three.rows).at(-1)).toBe('3:21 | 4:21');
    expect(three.rows[0].b[0].text).toBe('Sample Joel 4:1.');
    const two = (await get(member, '/api/bible/parallel/KJV/NASB/Joel/2')).json();
    expect(shape(two.rows).slice(-5)).toEqual([
      '2:28 | 3:1',
      '2:29 | 3:2',
      '2:30 | 3:3',
      '2:31 | 3:4',
      '2:32 | 3:5',
    ]);
    // A passage shown in both ("show in both"): the same map.
    const passage = (
      await get(member, '/api/bible/passage?ref=Joel%203:1-2&translation=KJV&parallel=NASB')
    ).json();
    expect(shape(passage.parallel.rows)).toEqual(['3:1 | 4:1', '3:2 | 4:2']);
    await t.database.db.delete(bibleTranslation).where(eq(bibleTranslation.code, 'NASB'));
    await t.app.bibleCatalog.refresh(t.database.db);
    expect(t.app.bibleCatalog.versificationOf('NASB')).toBe('kjv');
  });
});

describe('GET /api/bible/chapter', () => {
  it('returns the chapter with previous and next links across books', async () => {
    const res = (await get(member, '/api/bible/chapter/KJV/Mal/4')).json();
    expect(res.verses).toHaveLength(6);
    expect(res.previous).toMatchObject({ book: 'Mal', chapter: 3 });
    expect(res.next).toMatchObject({ book: 'Matt', chapter: 1 });
    const first = (await get(member, '/api/bible/chapter/RV1909/Gen/1', 'es')).json();
    expect(first.previous).toBeNull();
    expect(first.bookName).toBe('Génesis');
    expect((await get(member, '/api/bible/chapter/KJV/Rev/22')).json().next).toBeNull();
    expect((await get(member, '/api/bible/chapter/KJV/Gen/51')).statusCode).toBe(404);
    expect((await get(member, '/api/bible/chapter/KJV/Nope/1')).statusCode).toBe(404);
  });
});

describe('GET /api/bible/search', () => {
  it('ranks results and highlights matches, ignoring accents in Spanish', async () => {
    const res = await get(member, '/api/bible/search?q=espiritu%20santo&translation=RV1909', 'es');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBeGreaterThan(10);
    const first = body.results[0];
    expect(
      first.segments.some(
        (s: { text: string; match: boolean }) => s.match && /esp[ií]ritu/i.test(s.text),
      ),
    ).toBe(true);
    expect(first.osis).toMatch(/^\w+\.\d+\.\d+$/);
  });

  it('supports phrases, OR and exclusion', async () => {
    const phrase = (
      await get(
        member,
        `/api/bible/search?q=${encodeURIComponent('"living water"')}&translation=WEB`,
      )
    ).json();
    expect(phrase.total).toBeGreaterThan(0);
    for (const hit of phrase.results) {
      expect(
        hit.segments
          .map((s: { text: string }) => s.text)
          .join('')
          .toLowerCase(),
      ).toContain('living water');
    }
    const without = (
      await get(
        member,
        `/api/bible/search?q=${encodeURIComponent('shepherd -sheep')}&translation=KJV`,
      )
    ).json();
    for (const hit of without.results) {
      expect(
        hit.segments
          .map((s: { text: string }) => s.text)
          .join('')
          .toLowerCase(),
      ).not.toMatch(/\bsheep\b/);
    }
    const either = (
      await get(
        member,
        `/api/bible/search?q=${encodeURIComponent('Nicodemus or Zacchaeus')}&translation=KJV`,
      )
    ).json();
    expect(either.total).toBeGreaterThanOrEqual(8);
  });

  it('paginates', async () => {
    const p1 = (await get(member, '/api/bible/search?q=love&translation=KJV')).json();
    const p2 = (await get(member, '/api/bible/search?q=love&translation=KJV&page=2')).json();
    expect(p1.results).toHaveLength(20);
    expect(p2.results[0].osis).not.toBe(p1.results[0].osis);
  });

  it('filters by book or testament for premium members only', async () => {
    expect((await get(member, '/api/bible/search?q=love&book=John')).statusCode).toBe(403);
    const john = (await get(premium, '/api/bible/search?q=love&book=John&translation=KJV')).json();
    expect(john.results.every((h: { book: string }) => h.book === 'John')).toBe(true);
    const nt = (await get(premium, '/api/bible/search?q=love&testament=OT&translation=KJV')).json();
    expect(nt.results.length).toBeGreaterThan(0);
  });
});

describe('search on common words (ADR 0028)', () => {
  /** The ranking as it was: ts_rank over every hit with a window count, in one statement. */
  async function reference(code: string, config: string, q: string, page: number) {
    const result = await t.database.db.execute<{
      book: number;
      chapter: number;
      verse: number;
      total: string;
    }>(sql`
      select book, chapter, verse, count(*) over () as total
      from bible_verse, websearch_to_tsquery(${sql.raw(`'${config}'::regconfig`)}, ${q}) as q(query)
      where translation = ${code} and search @@ q.query
      order by ts_rank(search, q.query) desc, book, chapter, verse
      limit 20 offset ${(page - 1) * 20}`);
    return {
      total: Number(result.rows[0]?.total ?? 0),
      keys: result.rows.map((r) => `${r.book}.${r.chapter}.${r.verse}`),
    };
  }

  it.each([
    ['KJV', 'en_unaccent', 'unto', 1],
    ['KJV', 'en_unaccent', 'lord god', 1],
    ['KJV', 'en_unaccent', 'unto', 3],
    ['WEB', 'en_unaccent', 'yahweh said', 1],
    ['WEB', 'en_unaccent', '"son of man"', 1],
    ['RV1909', 'es_unaccent', 'jehova', 1],
    ['RV1909', 'es_unaccent', 'dios tierra', 2],
  ] as const)(
    '%s "%s" page %s: the same page and exact total as ranking every hit',
    async (code, config, q, page) => {
      const expected = await reference(code, config, q, page);
      expect(expected.total).toBeGreaterThan(20 * page);
      const found = await searchVerses(t.database.db, {
        code,
        language: code === 'RV1909' ? 'es' : 'en',
        q,
        page,
        lang: 'en',
      });
      expect(found.total).toBe(expected.total);
      expect(
        found.results.map(
          (r) => `${BOOKS.findIndex((b) => b.osis === r.book) + 1}.${r.chapter}.${r.verse}`,
        ),
      ).toEqual(expected.keys);
    },
  );

  it('a query of stop words only finds nothing, without an error', async () => {
    const res = await get(member, '/api/bible/search?q=the%20and%20of&translation=KJV');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ total: 0, results: [] });
  });

  it('tidying the search index after a load works here and gives the planner statistics', async () => {
    await tidySearchIndex(t.database.db);
    const stats = await t.database.db.execute<{ reltuples: number }>(
      sql`select reltuples from pg_class where relname = 'bible_verse'`,
    );
    expect(Number(stats.rows[0]?.reltuples)).toBeGreaterThan(90_000);
  });
});

describe('verse of the day', () => {
  it('is the same for everyone on a date, and follows the time zone', async () => {
    const a = (await get(member, '/api/bible/verse-of-the-day')).json();
    const b = (await get(other, '/api/bible/verse-of-the-day')).json();
    expect(a.osis).toBe(b.osis);
    expect(a.verses.length).toBeGreaterThan(0);
    expect(verseOfTheDayFor('2026-11-22').osis).not.toBe(verseOfTheDayFor('2026-11-23').osis);
    const instant = new Date('2026-11-22T03:00:00Z');
    expect(localDate(instant, 'America/Mexico_City')).toBe('2026-11-21');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2026-11-22');
    expect(localDate(instant, 'Not/AZone')).toBe('2026-11-22');
    const es = (await get(member, '/api/bible/verse-of-the-day?lang=es')).json();
    expect(es.translation).toBe('RV1909');
  });
});

describe('compare (premium)', () => {
  it('shows up to three translations side by side', async () => {
    expect(
      (await get(member, '/api/bible/compare?ref=John%203:16&translations=KJV,WEB')).statusCode,
    ).toBe(403);
    const res = await get(
      premium,
      '/api/bible/compare?ref=John%203:16&translations=KJV,WEB,RV1909',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().columns.map((c: { translation: string }) => c.translation)).toEqual([
      'KJV',
      'WEB',
      'RV1909',
    ]);
    expect(
      (await get(premium, '/api/bible/compare?ref=John%203:16&translations=KJV,WEB,RV1909,NKJV'))
        .statusCode,
    ).toBe(400);
  });
});

describe('saved studies', () => {
  it('create, list, read, update, export and delete; another user sees 404', async () => {
    const created = await injectWithLogin(t.app, member, {
      method: 'POST',
      url: '/api/studies',
      headers: { 'accept-language': 'es' },
      payload: {
        reference: 'jn 3:16',
        translation: 'RV1909',
        observation: 'Dios amó',
        title: 'Amor',
      },
    });
    expect(created.statusCode).toBe(201);
    const study = created.json();
    expect(study).toMatchObject({
      reference: 'Juan 3:16',
      osis: 'John.3.16',
      observation: 'Dios amó',
    });

    const list = (await get(member, '/api/studies')).json();
    expect(list.items.map((s: { id: string }) => s.id)).toContain(study.id);

    const patched = await injectWithLogin(t.app, member, {
      method: 'PATCH',
      url: `/api/studies/${study.id}`,
      payload: { application: 'Compartirlo hoy' },
    });
    expect(patched.json()).toMatchObject({
      application: 'Compartirlo hoy',
      title: 'Amor',
      observation: 'Dios amó',
    });

    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const res = await injectWithLogin(t.app, other, {
        method,
        url: `/api/studies/${study.id}`,
        ...(method === 'PATCH' ? { payload: { title: 'stolen' } } : {}),
      });
      expect({ method, status: res.statusCode }).toEqual({ method, status: 404 });
    }
    expect((await get(other, `/api/studies/${study.id}/export`)).statusCode).toBe(404);

    const md = await get(member, `/api/studies/${study.id}/export`, 'es');
    expect(md.headers['content-type']).toMatch(/text\/markdown/);
    expect(md.headers['content-disposition']).toMatch(
      /attachment; filename="study-amor-\d{4}-\d{2}-\d{2}\.md"/,
    );
    expect(md.body).toContain('## Observación');
    expect(md.body).not.toContain('Porque de tal manera');
    expect((await get(member, `/api/studies/${study.id}/export?withText=1`)).statusCode).toBe(403);

    const del = await injectWithLogin(t.app, member, {
      method: 'DELETE',
      url: `/api/studies/${study.id}`,
    });
    expect(del.statusCode).toBe(204);
    expect((await get(member, `/api/studies/${study.id}`)).statusCode).toBe(404);
  });

  it('premium export carries the passage text', async () => {
    const study = (
      await injectWithLogin(t.app, premium, {
        method: 'POST',
        url: '/api/studies',
        payload: { reference: 'Psalm 23:1-2', translation: 'KJV' },
      })
    ).json();
    const md = await get(premium, `/api/studies/${study.id}/export?withText=1`);
    expect(md.statusCode).toBe(200);
    expect(md.body).toContain('> 23:1 The LORD is my shepherd');
  });

  it('rejects bad input with translated messages and writes nothing', async () => {
    const before = (await get(member, '/api/studies')).json().total;
    const bad = await injectWithLogin(t.app, member, {
      method: 'POST',
      url: '/api/studies',
      headers: { 'accept-language': 'es' },
      payload: { reference: 'not a verse', translation: 'KJV' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Versículo No Encontrado');
    const missing = await injectWithLogin(t.app, member, {
      method: 'POST',
      url: '/api/studies',
      payload: { translation: 'KJV' },
    });
    expect(missing.statusCode).toBe(400);
    expect((await get(member, '/api/studies')).json().total).toBe(before);
  });
});
