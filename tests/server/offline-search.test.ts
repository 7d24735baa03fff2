import { describe, expect, it } from 'vitest';
import { BOOKS } from '#shared/bible/books.ts';
import {
  highlight,
  normalize,
  parseQuery,
  searchVerses,
  type SearchableVerse,
} from '#shared/bible/offline-search.ts';
import type { SearchResult } from '#shared/schemas/bible.ts';
import { offlinePack } from '#server/bible/offline-pack.ts';
import { readPart } from '../../src/client/features/offline/pack.ts';
import { useTestApp } from '../helpers/app.ts';

/**
 * Searching a downloaded Bible with no network (issue 40) finds what the server finds: the
 * service worker answers `GET /api/bible/search` from the pack's verses with the server's syntax
 * ("phrases", OR, -exclude, accents ignored) and a lighter stemming than PostgreSQL's. Compared
 * here with the server's own answers over the same texts.
 */
const app = useTestApp({ bibles: true }, { member: {} });

async function corpus(code: string): Promise<SearchableVerse[]> {
  const pack = await offlinePack();
  const bible = pack.manifest.bibles.find((b) => b.code === code)!;
  const verses: SearchableVerse[] = [];
  for (const { id } of bible.parts) {
    const part = await readPart(new Uint8Array(pack.parts.get(id)!));
    for (const chapter of part.chapters) {
      const book = BOOKS.findIndex((b) => b.osis === chapter.book) + 1;
      chapter.verses.forEach((text, i) => {
        if (text)
          verses.push({
            book,
            chapter: chapter.chapter,
            verse: i + 1,
            text,
            normalized: normalize(text),
          });
      });
    }
  }
  return verses;
}

/** Every hit of the server's search (all its pages). */
async function serverHits(code: string, q: string): Promise<Set<string>> {
  const found = new Set<string>();
  for (let page = 1; ; page++) {
    const res = await app.call(
      app.member,
      'GET',
      `/api/bible/search?q=${encodeURIComponent(q)}&translation=${code}&page=${page}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as SearchResult;
    for (const hit of body.results) found.add(hit.osis);
    if (page * body.pageSize >= body.total) return found;
  }
}

const osisOf = (v: SearchableVerse) => `${BOOKS[v.book - 1]!.osis}.${v.chapter}.${v.verse}`;

describe('searching the offline pack', () => {
  it.each([
    ['RV1909', 'es', 'pastor'],
    ['RV1909', 'es', 'misericordia verdad'],
    ['RV1909', 'es', '"buen pastor"'],
    ['RV1909', 'es', 'gracia -ley'],
    ['RV1909', 'es', 'Nicodemo'],
    ['KJV', 'en', 'shepherd'],
    ['KJV', 'en', 'faith hope'],
    ['KJV', 'en', '"good shepherd"'],
    ['KJV', 'en', 'charity OR love'],
    ['KJV', 'en', 'grace -law'],
  ] as const)('%s %s: «%s» finds what the server finds', async (code, language, q) => {
    const server = await serverHits(code, q);
    expect(server.size).toBeGreaterThan(0);
    const offline = searchVerses(await corpus(code), parseQuery(q, language)).map(osisOf);
    const missed = [...server].filter((osis) => !offline.includes(osis));
    // At least 90% of the server's verses, and not a flood of others (lighter stemming).
    expect(missed.length, `missed: ${missed.slice(0, 10).join(' ')}`).toBeLessThanOrEqual(
      Math.floor(server.size * 0.1),
    );
    expect(offline.length).toBeLessThanOrEqual(Math.max(server.size * 3, server.size + 20));
  });

  it('keeps a phrase in order, leaves out what is excluded, and takes either side of OR', async () => {
    const kjv = await corpus('KJV');
    const search = (q: string) => searchVerses(kjv, parseQuery(q, 'en')).map(osisOf);
    expect(search('"good shepherd"')).toContain('John.10.11');
    expect(search('"shepherd good"')).not.toContain('John.10.11');
    expect(search('shepherd -good')).not.toContain('John.10.11');
    expect(search('shepherd -good')).toContain('Ps.23.1');
    const either = search('Gethsemane OR Golgotha');
    expect(either).toEqual(expect.arrayContaining(['Matt.26.36', 'Matt.27.33']));
    // Stop words alone find nothing, as on the server.
    expect(search('the and of')).toEqual([]);
  });

  it('ignores accents and case both ways, and marks the words found', async () => {
    const rv = await corpus('RV1909');
    const search = (q: string) => searchVerses(rv, parseQuery(q, 'es')).map(osisOf);
    expect(search('quien ha creido')).toContain('Isa.53.1');
    expect(search('QUIÉN HA CREÍDO')).toContain('Isa.53.1');
    const query = parseQuery('pastor', 'es');
    const psalm = rv.find((v) => osisOf(v) === 'Ps.23.1')!;
    expect(highlight(psalm.text, query)).toEqual([
      { text: 'JEHOVÁ es mi ', match: false },
      { text: 'pastor', match: true },
      { text: '; nada me faltará.', match: false },
    ]);
  });
});
