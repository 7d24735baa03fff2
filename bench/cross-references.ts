/**
 * `npm run bench -- --cross-references` (issue 39 item 3): a verse's cross references as the
 * reader's panel asks for them, on PostgreSQL, and what installing the links adds to a first
 * start, on PostgreSQL and on the embedded PGlite.
 *
 * 1. Install: on a new database `bench_xrefs` (PostgreSQL) and a new PGlite data folder, the
 *    bundled Bibles are installed as a first start does (`loadBundledBibles`), timed without the
 *    links, then the links (`loadCrossReferences`), timed on their own.
 * 2. Then a production-mode server on `bench_xrefs` answers `GET /api/bible/cross-references`
 *    for 399 verses spread over the Bible, each asked once (no answer kept from before: the
 *    verse, its links and their texts are read from the database every time), in the KJV with
 *    English names and the RV1909 with Spanish ones, first pages (10 links) and "More" pages
 *    (the next 20), one request at a time, interleaved with the bare route.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundledBibles } from '../src/server/bible/loader.ts';
import {
  bundledCrossReferences,
  loadCrossReferences,
} from '../src/server/bible/cross-references.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client.ts';
import { BOOKS } from '../src/shared/bible/books.ts';
import { startBenchServer } from './scale-server.ts';
import { signedIn } from './sign-up.ts';

export const XREF_INTRO = `The reader's cross-reference panel on PostgreSQL (issue 39 item 3; bench/cross-references.ts): a production-mode
server answers \`GET /api/bible/cross-references\` for 399 verses spread over the Bible (every 78th verse of the KJV
numbering), each asked once, so nothing comes from the answers the server keeps: one statement reads the verse's row
of links, ranks them, reads the page's targets (ranges whole, a key range scan each) and checks that the translation
has the verse. First pages (10 links) and "More" pages (the next 20), in the KJV with English names and in the RV1909
with Spanish ones (its numbering goes through the verse map), one request at a time as a browser asks (compressed),
interleaved with the bare route. Goal: p95 ≤ 20 ms per verse. Before that, what the links add to a first start: the
Bibles installed as a first start does, then the links alone, on a new PostgreSQL database and on a new PGlite
folder. \`npm run bench -- --cross-references\` measures this section alone and writes it here.`;

const NAME = 'bench_xrefs';
const VERSES = 399;

export const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return Number(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!.toFixed(1));
};
export const seconds = (ms: number) => (ms / 1000).toFixed(1);

export async function admin(url: string, query: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** The Bibles as a first start installs them, then the links: each timed. */
async function timedInstall(handle: DatabaseHandle) {
  const started = performance.now();
  await loadBundledBibles(handle.db, { kind: handle.kind, crossReferences: false });
  const bibles = performance.now() - started;
  const linksStarted = performance.now();
  const links = await loadCrossReferences(handle.db, { kind: handle.kind });
  if (!links) throw new Error('the cross references were not installed');
  return { bibles, links: performance.now() - linksStarted, count: links };
}

export async function crossReferenceLines(adminUrl: string): Promise<string[]> {
  if (!bundledCrossReferences())
    throw new Error('content/bible/cross-references.tsv.gz is missing');
  const lines: string[] = [];

  // 1. Install, PostgreSQL.
  await admin(adminUrl, `drop database if exists ${NAME} with (force)`);
  await admin(adminUrl, `create database ${NAME}`);
  const url = new URL(adminUrl);
  url.pathname = `/${NAME}`;
  let running: { stop: () => Promise<unknown> } = { stop: async () => undefined };
  try {
    const postgres = await openPostgres(url.toString(), 4);
    await postgres.migrate();
    const onPg = await timedInstall(postgres);
    await postgres.db.execute(sql`analyze`);
    await postgres.close();

    // 1b. Install, PGlite (a data folder on disk, as `npm start` keeps it).
    const dir = mkdtempSync(join(tmpdir(), 'bench-xrefs-'));
    let onPglite;
    try {
      const pglite = await openPglite(join(dir, 'pglite'));
      await pglite.migrate();
      onPglite = await timedInstall(pglite);
      await pglite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const share = (r: typeof onPg) => ((r.links / r.bibles) * 100).toFixed(0);
    lines.push(
      `- First start, PostgreSQL: the four Bibles in ${seconds(onPg.bibles)} s without the links; the links (${onPg.count.links.toLocaleString('en')} from ${onPg.count.verses.toLocaleString('en')} verses) add ${seconds(onPg.links)} s (+${share(onPg)} %).`,
      `- First start, PGlite: the four Bibles in ${seconds(onPglite.bibles)} s without the links; the links add ${seconds(onPglite.links)} s (+${share(onPglite)} %), in batches of 250 verses with a turn of the event loop between them.`,
    );

    // 2. The answers.
    const server = await startBenchServer({ DATABASE_URL: url.toString() });
    running = server;
    const base = server.url;
    const { cookie } = await signedIn(base);
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const get = async (path: string, lang: 'en' | 'es', allow400 = false) => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        headers: { ...headers, 'accept-language': lang },
      });
      const body = await res.arrayBuffer();
      const ms = performance.now() - started;
      // A verse the RV1909 numbers otherwise may not be there (2 Samuel 20:26 is in its 20:25).
      if (allow400 && res.status === 400) return { ms, body, missing: true };
      if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
      return { ms, body, missing: false };
    };
    // The verses: every 78th of the KJV numbering (31,102 verses), from the parser's lengths.
    const { chapterLength } = await import('../src/server/bible/reference.ts');
    const places: { en: string; es: string }[] = [];
    let n = 0;
    for (const [b, book] of BOOKS.entries()) {
      for (let c = 1; c <= book.chapters; c++) {
        for (let v = 1; v <= chapterLength(b + 1, c); v++) {
          if (n++ % 78 === 0)
            places.push({ en: `${book.en} ${c}:${v}`, es: `${book.es} ${c}:${v}` });
        }
      }
    }
    const chosen = places.slice(0, VERSES);
    const times = {
      kjv: [] as number[],
      rv1909: [] as number[],
      more: [] as number[],
      bare: [] as number[],
    };
    const notInRv1909: string[] = [];
    let links = 0;
    let withLinks = 0;
    for (const [i, place] of chosen.entries()) {
      const kjv = await get(
        `/api/bible/cross-references?ref=${encodeURIComponent(place.en)}&translation=KJV`,
        'en',
      );
      times.kjv.push(kjv.ms);
      const rv = await get(
        `/api/bible/cross-references?ref=${encodeURIComponent(place.es)}&translation=RV1909`,
        'es',
        true,
      );
      if (rv.missing) notInRv1909.push(place.es);
      else times.rv1909.push(rv.ms);
      times.bare.push((await get('/healthz', 'en')).ms);
      if (i % 2 === 0) {
        const more = await get(
          `/api/bible/cross-references?ref=${encodeURIComponent(place.en)}&translation=KJV&offset=10&limit=20`,
          'en',
        );
        times.more.push(more.ms);
      }
      // fetch gives the body uncompressed.
      const total = (JSON.parse(Buffer.from(kjv.body).toString('utf8')) as { total: number }).total;
      links += total;
      if (total > 0) withLinks++;
    }
    const all = [...times.kjv, ...times.rv1909];
    const p95 = percentile(all, 0.95);
    lines.push(
      `- PostgreSQL, ${chosen.length} verses (${withLinks} with links, ${(links / chosen.length).toFixed(1)} links each on average), first page, each verse asked once: KJV median **${percentile(times.kjv, 0.5)} ms**, p95 **${percentile(times.kjv, 0.95)} ms**, p99 ${percentile(times.kjv, 0.99)} ms; RV1909 (Spanish names, the verse map; ${times.rv1909.length} verses, ${notInRv1909.length} not in its numbering: ${notInRv1909.join(', ') || 'none'}) median **${percentile(times.rv1909, 0.5)} ms**, p95 **${percentile(times.rv1909, 0.95)} ms**, p99 ${percentile(times.rv1909, 0.99)} ms; both together p95 **${p95} ms**.`,
      `- "More" (links 11–30), ${times.more.length} verses: median ${percentile(times.more, 0.5)} ms, p95 ${percentile(times.more, 0.95)} ms. The bare route, interleaved: median ${percentile(times.bare, 0.5)} ms, p95 ${percentile(times.bare, 0.95)} ms.`,
      `- Goal p95 ≤ 20 ms per verse: ${p95 <= 20 ? 'met' : '**not met**'}.`,
    );
    return lines;
  } finally {
    await running.stop();
    await admin(adminUrl, `drop database if exists ${NAME} with (force)`);
  }
}
