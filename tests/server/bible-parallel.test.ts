/**
 * The parallel chapter answer (ADR 0053): two translations verse beside verse, paired by the
 * verse map; its fields are the Bible's (shared by every member), listed here as its contract.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  createUser,
  injectWithLogin,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';

let t: TestApp;
let member: TestUser;

beforeAll(async () => {
  t = await createTestApp({ bibles: true });
  member = await createUser(t);
});
afterAll(async () => {
  await t.close();
});

const get = (url: string, lang = 'en') =>
  injectWithLogin(t.app, member, { method: 'GET', url, headers: { 'accept-language': lang } });

interface Row {
  a: {
    book: string;
    bookName: string;
    chapter: number;
    verse: number;
    text: string;
    heading: string | null;
  }[];
  b: {
    book: string;
    bookName: string;
    chapter: number;
    verse: number;
    text: string;
    heading: string | null;
  }[];
}

const shape = (rows: Row[]) =>
  rows.map(
    (r) =>
      `${r.a.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'} | ${r.b.map((v) => `${v.chapter}:${v.verse}`).join('+') || '—'}`,
  );

describe('GET /api/bible/parallel/:first/:second/:book/:chapter', () => {
  it('answers a chapter in two translations, row by row, with only the listed fields', async () => {
    const res = await get('/api/bible/parallel/RV1909/KJV/John/3', 'es');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      [
        'book',
        'bookName',
        'chapter',
        'first',
        'next',
        'osis',
        'previous',
        'reference',
        'rows',
        'second',
      ].sort(),
    );
    expect(body.reference).toBe('Juan 3');
    expect(body.first).toEqual({
      translation: 'RV1909',
      requestedTranslation: 'RV1909',
      fallback: false,
      language: 'es',
      reference: 'Juan 3',
    });
    expect(body.second).toMatchObject({ translation: 'KJV', language: 'en', reference: 'John 3' });
    expect(body.rows).toHaveLength(36);
    const row16 = body.rows[15] as Row;
    expect(Object.keys(row16).sort()).toEqual(['a', 'b']);
    expect(Object.keys(row16.a[0]!).sort()).toEqual(
      ['book', 'bookName', 'chapter', 'heading', 'text', 'verse'].sort(),
    );
    expect(row16.a[0]!.text).toMatch(/^Porque de tal manera amó Dios al mundo/);
    expect(row16.b[0]!.text).toMatch(/^For God so loved the world/);
    // Book names follow the interface language on both sides.
    expect(row16.b[0]!.bookName).toBe('Juan');
  });

  it('pairs verses numbered differently, across a chapter end, and shows lone verses', async () => {
    const num12 = (await get('/api/bible/parallel/KJV/RV1909/Num/12')).json();
    expect(shape(num12.rows).at(-1)).toBe('12:16 | 13:1');
    const num13 = (await get('/api/bible/parallel/RV1909/KJV/Num/13')).json();
    expect(shape(num13.rows).slice(0, 2)).toEqual(['13:1 | 12:16', '13:2 | 13:1']);
    expect(shape(num13.rows).at(-1)).toBe('13:33 | 13:32+13:33');
    const acts = (await get('/api/bible/parallel/WEB/KJV/Acts/8')).json();
    expect(shape(acts.rows)).toContain('— | 8:37');
    const rom = (await get('/api/bible/parallel/KJV/WEB/Rom/16')).json();
    expect(shape(rom.rows).slice(-3)).toEqual(['16:25 | —', '16:26 | —', '16:27 | —']);
    const ps = (await get('/api/bible/parallel/KJV/RV1909/Ps/3')).json();
    expect(ps.rows[0].a[0].heading).toMatch(/A Psalm of David/);
    expect(ps.rows[0].b[0].heading).toBeTruthy();
  });

  it('answers Psalm 119 whole, and a translated 404 / 400 on bad input', async () => {
    const ps = (await get('/api/bible/parallel/RV1909/WEB/Ps/119')).json();
    expect(ps.rows).toHaveLength(176);
    const missing = await get('/api/bible/parallel/KJV/WEB/Gen/51', 'es');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toMatch(/capítulo/i);
    const bad = await get('/api/bible/parallel/KJV/XYZ/Gen/1', 'es');
    expect(bad.statusCode).toBe(400);
  });

  it("search shows each hit's verse in the parallel translation, through the map", async () => {
    const res = await get('/api/bible/search?q=Haseroth&translation=RV1909&parallel=KJV', 'es');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.parallelTranslation).toBe('KJV');
    const num13 = body.results.find((h: { osis: string }) => h.osis === 'Num.13.1');
    expect(
      num13.parallel.map((v: { chapter: number; verse: number }) => `${v.chapter}:${v.verse}`),
    ).toEqual(['12:16']);
    expect(num13.parallel[0].text).toMatch(/removed from Hazeroth/);
    const plain = (await get('/api/bible/search?q=Haseroth&translation=RV1909', 'es')).json();
    expect(plain.results[0].parallel).toBeUndefined();
  });

  it('shows a passage in both languages through the same map ("show in both")', async () => {
    const juan = (
      await get(`/api/bible/passage?ref=${encodeURIComponent('Juan 3:16-17')}&parallel=KJV`, 'es')
    ).json();
    expect(juan.translation).toBe('RV1909');
    expect(juan.parallel).toMatchObject({ translation: 'KJV', language: 'en' });
    expect(shape(juan.parallel.rows)).toEqual(['3:16 | 3:16', '3:17 | 3:17']);
    expect(juan.parallel.rows[0].b[0].text).toMatch(/^For God so loved the world/);
    // A counterpart across a chapter's end, and a verse one text lacks between two it has.
    const num = (
      await get(
        `/api/bible/passage?ref=${encodeURIComponent('Num 12:15-16')}&translation=KJV&parallel=RV1909`,
      )
    ).json();
    expect(shape(num.parallel.rows)).toEqual(['12:15 | 12:15', '12:16 | 13:1']);
    const acts = (
      await get(
        `/api/bible/passage?ref=${encodeURIComponent('Acts 8:36-38')}&translation=WEB&parallel=KJV`,
      )
    ).json();
    expect(shape(acts.parallel.rows)).toEqual(['8:36 | 8:36', '— | 8:37', '8:38 | 8:38']);
    // Two books in one reference: each part aligned in its own book.
    const two = (
      await get(
        `/api/bible/passage?ref=${encodeURIComponent('Gen 1:1; John 1:1')}&translation=KJV&parallel=RV1909`,
      )
    ).json();
    expect(shape(two.parallel.rows)).toEqual(['1:1 | 1:1', '1:1 | 1:1']);
    expect(two.parallel.rows[1].b[0].text).toMatch(/^EN el principio era el Verbo/i);
    const plain = (await get(`/api/bible/passage?ref=${encodeURIComponent('John 3:16')}`)).json();
    expect(plain.parallel).toBeUndefined();
    const bad = await get(`/api/bible/passage?ref=${encodeURIComponent('John 3:16')}&parallel=XYZ`);
    expect(bad.statusCode).toBe(400);
  });

  it('keeps answers per translation asked for and per language (built once, sent as JSON)', async () => {
    const asked = await get('/api/bible/chapter/NKJV/John/3');
    expect(asked.headers['content-type']).toMatch(/^application\/json/);
    expect(asked.json()).toMatchObject({ translation: 'KJV', fallback: true });
    const kjv = (await get('/api/bible/chapter/KJV/John/3')).json();
    expect(kjv).toMatchObject({ translation: 'KJV', requestedTranslation: 'KJV', fallback: false });
    expect((await get('/api/bible/chapter/KJV/John/3')).json()).toEqual(kjv);
    const en = (await get('/api/bible/parallel/RV1909/KJV/John/3', 'en')).json();
    const es = (await get('/api/bible/parallel/RV1909/KJV/John/3', 'es')).json();
    expect([en.bookName, es.bookName]).toEqual(['John', 'Juan']);
    expect((await get('/api/bible/parallel/RV1909/KJV/John/3', 'en')).json()).toEqual(en);
  });
});
