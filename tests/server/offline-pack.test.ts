import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  PACK_FORMAT,
  PACK_PART_MAX_BYTES,
  type BiblePart,
  type OfflineManifest,
} from '#shared/schemas/offline.ts';
import { BIBLE_DIR, bundledBibles, type BibleFile } from '#server/bible/data.ts';
import { offlinePack } from '#server/bible/offline-pack.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * The offline pack's Bibles (issue 40; ADR 0070), through the API, against the bundled files
 * read here directly: every chapter once, in order, in parts of at most 64 KB named by the
 * SHA-256 of their bytes.
 */
const app = useTestApp({}, { member: {} });
const FILES = new Map<string, BibleFile>(bundledBibles().map((b) => [b.read().code, b.read()]));

async function manifest(): Promise<OfflineManifest> {
  const res = await app.call(app.member, 'GET', '/api/offline/manifest');
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['cache-control']).toBe('private, no-cache');
  return res.json() as OfflineManifest;
}

describe('the offline pack', () => {
  it('lists every bundled translation, cut into parts of at most 64 KB', async () => {
    const body = await manifest();
    expect(body.format).toBe(PACK_FORMAT);
    expect(body.maxPartBytes).toBe(PACK_PART_MAX_BYTES);
    expect(body.bibles.map((b) => [b.code, b.language]).sort()).toEqual([
      ['KJV', 'en'],
      ['RV1909', 'es'],
      ['VBL', 'es'],
      ['WEB', 'en'],
    ]);
    const ids = body.bibles.flatMap((b) => b.parts.map((p) => p.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const bible of body.bibles) {
      expect(bible.parts.length).toBeGreaterThan(10);
      expect(bible.bytes).toBe(bible.parts.reduce((sum, p) => sum + p.bytes, 0));
      for (const part of bible.parts) {
        expect(part.id).toMatch(/^[0-9a-f]{64}$/);
        expect(part.bytes).toBeGreaterThan(0);
        expect(part.bytes).toBeLessThanOrEqual(PACK_PART_MAX_BYTES);
      }
      // Full parts: all but the last at least half the room (not one chapter each).
      const small = bible.parts.slice(0, -1).filter((p) => p.bytes < PACK_PART_MAX_BYTES / 2);
      expect(small).toEqual([]);
      expect(bible.parts[0]!.from).toBe('Gen.1');
      expect(bible.parts.at(-1)!.to).toBe('Rev.22');
    }
    // Issue 40: two Bibles ≤ 3 MB transferred (the member's Spanish and English texts).
    const size = (code: string) => body.bibles.find((b) => b.code === code)!.bytes;
    expect(size('KJV') + size('RV1909')).toBeLessThanOrEqual(3_000_000);
    expect(size('WEB') + size('VBL')).toBeLessThanOrEqual(3_000_000);
  });

  it('sends each part as stored: its bytes hash to its name, and hold every chapter once, in order', async () => {
    const body = await manifest();
    for (const bible of body.bibles) {
      const file = FILES.get(bible.code)!;
      const chapters: BiblePart['chapters'] = [];
      for (const listed of bible.parts) {
        const res = await app.call(app.member, 'GET', `/api/offline/parts/${listed.id}`);
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/gzip');
        expect(res.headers['cache-control']).toBe('private, max-age=31536000, immutable');
        const bytes = res.rawPayload;
        expect(bytes.length).toBe(listed.bytes);
        expect(createHash('sha256').update(bytes).digest('hex')).toBe(listed.id);
        const part = JSON.parse(gunzipSync(bytes).toString('utf8')) as BiblePart;
        expect(part).toMatchObject({ format: PACK_FORMAT, kind: 'bible', translation: bible.code });
        const first = part.chapters[0]!;
        const last = part.chapters.at(-1)!;
        expect([`${first.book}.${first.chapter}`, `${last.book}.${last.chapter}`]).toEqual([
          listed.from,
          listed.to,
        ]);
        chapters.push(...part.chapters);
      }
      const expected = file.books.flatMap((book) =>
        book.chapters.map((verses, c) => ({ book: book.osis, chapter: c + 1, verses })),
      );
      expect(chapters.map(({ book, chapter, verses }) => ({ book, chapter, verses }))).toEqual(
        expected,
      );
      // The headings (psalms' titles, Psalm 119's letters) and the VBL's notes come along.
      const headings = chapters.reduce((sum, c) => sum + Object.keys(c.headings ?? {}).length, 0);
      expect(headings).toBe(Object.keys(file.titles).length);
      const psalm = (n: number) => chapters.find((c) => c.book === 'Ps' && c.chapter === n)!;
      expect(psalm(3).headings?.['1']).toBe(file.titles['Ps.3.1']);
      expect(psalm(119).headings?.['9']).toBe(file.titles['Ps.119.9']);
      const notes = chapters.reduce(
        (sum, c) => sum + Object.values(c.notes ?? {}).reduce((n, list) => n + list.length, 0),
        0,
      );
      expect(notes).toBe(Object.values(file.notes ?? {}).reduce((n, list) => n + list.length, 0));
    }
  });

  it('names the same parts when built again (a text unchanged is not downloaded again)', async () => {
    const body = await manifest();
    const again = await offlinePack(BIBLE_DIR);
    const { courses: _courses, ...bibles } = body;
    expect(again.manifest).toEqual(bibles);
  });

  it('answers a wrong name in the member’s language, and nothing to someone signed out', async () => {
    const bad = await app.call(app.member, 'GET', '/api/offline/parts/not-a-hash', undefined, 'es');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      path: 'id',
      message: 'Ese no es el nombre de una parte de la descarga sin conexión.',
    });
    const gone = await app.call(
      app.member,
      'GET',
      `/api/offline/parts/${'0'.repeat(64)}`,
      undefined,
      'es',
    );
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(
      'Esa parte de la descarga sin conexión no existe (o ya no existe). Vuelve a iniciar la descarga.',
    );
    const anonymous = await app.t.app.inject({ method: 'GET', url: '/api/offline/manifest' });
    expect(anonymous.statusCode).toBe(401);
  });
});
