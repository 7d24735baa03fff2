/**
 * `npm run bench -- --words` (issue 39 item 2): the word study as the reader's panel asks for
 * it, on PostgreSQL, and what installing it adds to a first start and to the database.
 *
 * 1. Install: on a new database `bench_words` (PostgreSQL) and a new PGlite data folder, the
 *    bundled Bibles and cross references as a first start installs them (timed, then left out of
 *    the word study's time), then the word study alone (`loadWordStudy`), timed; the size of its
 *    two tables beside the verses'.
 * 2. Then a production-mode server on `bench_words` answers, each asked once (nothing from the
 *    answers the server keeps): a verse's words (`GET /api/bible/words`) for 200 verses spread
 *    over the Bible, in the KJV and the RV1909; a word's card (`GET /api/bible/words/:number`)
 *    for every 7th of the 2,000 most frequent numbers (καί, 9,000 verses, first); and the first
 *    page of each one's verses, one request at a time, interleaved with the bare route.
 */
import { sql } from 'drizzle-orm';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadBundledBibles } from '../src/server/bible/loader.ts';
import { STRONGS_DIR, type StrongsFrequent } from '../src/server/bible/strongs.ts';
import { loadWordStudy } from '../src/server/bible/words.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client.ts';
import { BOOKS } from '../src/shared/bible/books.ts';
import { admin, percentile, seconds } from './cross-references.ts';
import { startBenchServer } from './scale-server.ts';
import { signedIn } from './sign-up.ts';

export const WORDS_INTRO = `The reader's "Original words" panel on PostgreSQL (issue 39 item 2; bench/words.ts): a production-mode server
answers, each asked once so nothing comes from the answers it keeps, a verse's tagged words (\`GET /api/bible/words\`,
200 verses spread over the Bible, in the KJV and in the RV1909), a word's card (\`GET /api/bible/words/:number\`, every
7th of the 2,000 most frequent Strong's numbers, καί first) and the first page of its verses
(\`GET /api/bible/words/:number/occurrences\`, 20 verses with their tagged words marked), one request at a time as a
browser asks (compressed), interleaved with the bare route. Goal: a lookup answers in p95 ≤ 30 ms. Before that, what the
word study adds to a first start (the Bibles and cross references first, then the word study alone, on a new
PostgreSQL database and a new PGlite folder) and to the database. \`npm run bench -- --words\` measures this section
alone and writes it here.`;

const NAME = 'bench_words';

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/** The Bibles and cross references as a first start installs them, then the word study. */
async function timedInstall(handle: DatabaseHandle) {
  const started = performance.now();
  await loadBundledBibles(handle.db, { kind: handle.kind, wordStudy: false });
  const before = performance.now() - started;
  const wordsStarted = performance.now();
  const words = await loadWordStudy(handle.db, { kind: handle.kind });
  if (!words) throw new Error('the word study was not installed');
  const size = await handle.db.execute<{ name: string; bytes: string }>(
    sql`select relname as name, pg_total_relation_size(oid)::text as bytes from pg_class
        where relname in ('bible_verse', 'bible_word', 'bible_word_verse')`,
  );
  const bytes = Object.fromEntries(size.rows.map((r) => [r.name, Number(r.bytes)]));
  return { before, words: performance.now() - wordsStarted, count: words, bytes };
}

export async function wordLines(adminUrl: string): Promise<string[]> {
  const lines: string[] = [];
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

    const dir = mkdtempSync(join(tmpdir(), 'bench-words-'));
    let onPglite;
    try {
      const pglite = await openPglite(join(dir, 'pglite'));
      await pglite.migrate();
      onPglite = await timedInstall(pglite);
      await pglite.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    const share = (r: typeof onPg) => ((r.words / r.before) * 100).toFixed(0);
    const tables = (r: typeof onPg) =>
      `bible_word ${mb(r.bytes.bible_word ?? 0)} MB + bible_word_verse ${mb(r.bytes.bible_word_verse ?? 0)} MB (the verses of the four Bibles: ${mb(r.bytes.bible_verse ?? 0)} MB)`;
    lines.push(
      `- First start, PostgreSQL: the Bibles and cross references in ${seconds(onPg.before)} s; the word study (${onPg.count.numbers.toLocaleString('en')} numbers, ${onPg.count.verses.toLocaleString('en')} tagged verses, its rows built in a worker thread) adds ${seconds(onPg.words)} s (+${share(onPg)} %). Database: ${tables(onPg)}.`,
      `- First start, PGlite: the Bibles and cross references in ${seconds(onPglite.before)} s; the word study adds ${seconds(onPglite.words)} s (+${share(onPglite)} %), in batches with a turn of the event loop between them. Database: ${tables(onPglite)}.`,
    );

    const server = await startBenchServer({ DATABASE_URL: url.toString() });
    running = server;
    const base = server.url;
    const { cookie } = await signedIn(base);
    const headers = { cookie, 'accept-encoding': 'gzip, deflate, br' };
    const get = async (path: string, lang: 'en' | 'es') => {
      const started = performance.now();
      const res = await fetch(`${base}${path}`, {
        headers: { ...headers, 'accept-language': lang },
      });
      const body = await res.arrayBuffer();
      const ms = performance.now() - started;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${Buffer.from(body).toString()}`);
      return ms;
    };
    const times = { verse: [] as number[], card: [] as number[], page: [] as number[] };
    const bare: number[] = [];

    // A verse's words: every 155th verse of the KJV numbering, in both texts.
    const { chapterLength } = await import('../src/server/bible/reference.ts');
    let n = 0;
    const verses: { en: string; es: string }[] = [];
    for (const [b, book] of BOOKS.entries())
      for (let c = 1; c <= book.chapters; c++)
        for (let v = 1; v <= chapterLength(b + 1, c); v++)
          if (n++ % 155 === 0)
            verses.push({ en: `${book.en} ${c}:${v}`, es: `${book.es} ${c}:${v}` });
    for (const [i, verse] of verses.slice(0, 200).entries()) {
      const [code, ref, lang] =
        i % 2 === 0 ? (['KJV', verse.en, 'en'] as const) : (['RV1909', verse.es, 'es'] as const);
      times.verse.push(
        await get(`/api/bible/words?ref=${encodeURIComponent(ref)}&translation=${code}`, lang),
      );
      bare.push(await get('/healthz', 'en'));
    }

    // A word's card and its first page of verses: every 7th of the most frequent
    // Greek and Hebrew lists (the commonest first), each asked once.
    const frequent = JSON.parse(
      readFileSync(join(STRONGS_DIR, 'frequent.json'), 'utf8'),
    ) as StrongsFrequent;
    const numbers = [...frequent.greek, ...frequent.hebrew]
      .filter((_, i) => i % 7 === 0)
      .slice(0, 300)
      .map(([number]) => number);
    for (const [i, number] of numbers.entries()) {
      const lang = i % 2 === 0 ? 'en' : 'es';
      times.card.push(await get(`/api/bible/words/${number}`, lang));
      const code = i % 2 === 0 ? 'KJV' : 'RV1909';
      times.page.push(
        await get(`/api/bible/words/${number}/occurrences?translation=${code}`, lang),
      );
      bare.push(await get('/healthz', 'en'));
    }
    const all = [...times.verse, ...times.card, ...times.page];
    const p95 = percentile(all, 0.95);
    const row = (label: string, list: number[]) =>
      `${label} (${list.length}): median **${percentile(list, 0.5)} ms**, p95 **${percentile(list, 0.95)} ms**, p99 ${percentile(list, 0.99)} ms`;
    lines.push(
      `- PostgreSQL, each asked once: ${row("a verse's words", times.verse)}; ${row("a word's card", times.card)}; ${row('its first 20 verses', times.page)}; all together p95 **${p95} ms**. The bare route, interleaved: median ${percentile(bare, 0.5)} ms, p95 ${percentile(bare, 0.95)} ms.`,
      `- Goal p95 ≤ 30 ms per lookup: ${p95 <= 30 ? 'met' : '**not met**'}.`,
    );
    return lines;
  } finally {
    await running.stop();
    await admin(adminUrl, `drop database if exists ${NAME} with (force)`);
  }
}
