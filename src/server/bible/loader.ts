import { and, eq, sql } from 'drizzle-orm';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { bibleTranslation, bibleVerse } from '../db/schema.ts';
import { loadCrossReferences, type CrossReferenceProgress } from './cross-references.ts';
import { loadWordStudy, wordStudyBuiltAhead, type WordStudyProgress } from './words.ts';
import { bundledBibles, type BibleFile, type BundledBible } from './data.ts';

/** Called once per translation as it starts and once as it is installed. */
export interface LoadProgress {
  (event: {
    code: string;
    index: number;
    count: number;
    phase: 'start' | 'done';
    verses?: number;
  }): void;
}

/**
 * A catalogue row whose checksum starts with this is a translation still being installed on
 * PGlite (written batch by batch, outside one transaction): it is not served, and a start that
 * finds it (the previous one was stopped mid-install) removes it and installs again.
 */
export const INSTALLING_PREFIX = 'installing:';

/**
 * Rows per INSERT. On PGlite the database runs on this thread, so a batch is time the event
 * loop cannot answer anything: 250 verses (with their search vectors) take ~25 ms of CPU.
 * PostgreSQL works in its own process, so larger batches cost this thread only the SQL text.
 */
const BATCH = { pglite: 100, postgres: 2000 } as const;

type Meta = Pick<BibleFile, 'code' | 'name' | 'language' | 'source'>;
/**
 * One INSERT's worth of verses as a JSON array of rows (`insertVerses`): one parameter a
 * statement, however many verses. Drizzle's insert sends eight parameters a verse and builds each
 * on this thread: the same rows went in at ~1.8× the time (one Bible on PGlite, 3.4 → 1.9 s).
 */
interface Batch {
  json: string;
  count: number;
}
interface Parsed {
  meta: Meta;
  batches: Batch[];
  verses: number;
}

/**
 * Unzips and parses a bundled file in a worker thread (a few hundred ms of CPU that would
 * otherwise block the event loop in one piece) and receives the rows batch by batch, one message
 * each, so even the copying back is cut into short turns. Plain JavaScript evaluated in the
 * worker: it needs no TypeScript loader, under `npm start` and under the test runner alike.
 */
const PARSER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { gunzipSync } = require('node:zlib');
const { file, batch } = workerData;
const bible = JSON.parse(gunzipSync(readFileSync(file)).toString('utf8'));
parentPort.postMessage({ meta: { code: bible.code, name: bible.name, language: bible.language, source: bible.source } });
let rows = [];
bible.books.forEach((book, b) => {
  book.chapters.forEach((verses, c) => {
    verses.forEach((text, v) => {
      if (!text) return; // a versification gap: no verse in this translation
      rows.push({
        translation: bible.code, language: bible.language,
        book: b + 1, chapter: c + 1, verse: v + 1, text,
        heading: bible.titles[book.osis + '.' + (c + 1) + '.' + (v + 1)] ?? null,
        notes: (bible.notes && bible.notes[book.osis + '.' + (c + 1) + '.' + (v + 1)]) ?? null,
      });
      if (rows.length === batch) send();
    });
  });
});
if (rows.length) send();
function send() {
  parentPort.postMessage({ batch: { json: JSON.stringify(rows), count: rows.length } });
  rows = [];
}
`;

export function parseInWorker(file: string, batch: number): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER, { eval: true, workerData: { file, batch } });
    let meta: Meta | undefined;
    const batches: Batch[] = [];
    worker.on('message', (m: { meta?: Meta; batch?: Batch }) => {
      if (m.meta) meta = m.meta;
      if (m.batch) batches.push(m.batch);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0 || !meta) reject(new Error(`parsing ${file} failed (worker exit ${code})`));
      else resolve({ meta, batches, verses: batches.reduce((n, b) => n + b.count, 0) });
    });
  });
}

/** Writes a batch of verses (the search column is computed by the database). */
function insertVerses(db: Pick<Database, 'execute'>, batch: Batch) {
  return db.execute(sql`
    insert into ${bibleVerse} (translation, language, book, chapter, verse, text, heading, notes)
    select translation, language, book, chapter, verse, text, heading, notes
    from json_to_recordset(${batch.json}::json) as t(translation text, language text,
      book smallint, chapter smallint, verse smallint, text text, heading text, notes jsonb)`);
}

const catalogueRow = (parsed: Parsed, checksum: string) => ({
  code: parsed.meta.code,
  name: parsed.meta.name,
  language: parsed.meta.language,
  source: parsed.meta.source,
  verseCount: parsed.verses,
  checksum,
});

/**
 * PostgreSQL: one transaction per translation under an advisory lock. Several instances may
 * start together: one loads, the others wait and then find it done (the check runs after the
 * lock is granted, so it sees the loader's commit). Other connections are not held up.
 */
async function loadInTransaction(db: Database, bundled: BundledBible, onStart: () => void) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bibleInstall})`);
    const [current] = await tx
      .select({ code: bibleTranslation.code })
      .from(bibleTranslation)
      .where(eq(bibleTranslation.checksum, bundled.checksum));
    if (current) return null;
    onStart();
    // Parsed only now: an instance that waited for another's load spends no CPU on it.
    const parsed = await parseInWorker(bundled.file, BATCH.postgres);
    await tx.delete(bibleTranslation).where(eq(bibleTranslation.code, parsed.meta.code));
    await tx.insert(bibleTranslation).values(catalogueRow(parsed, bundled.checksum));
    for (const batch of parsed.batches) await insertVerses(tx, batch);
    return { code: parsed.meta.code, verses: parsed.verses };
  });
}

/**
 * PGlite runs on this thread and lets one query run at a time: a transaction holding the whole
 * translation would keep every other query (a session lookup, a sign-in) waiting for seconds,
 * and one long stretch of inserts would keep the event loop from answering anything. So the
 * translation is written in short batches, each its own statement, with a turn of the event
 * loop between them; its catalogue row says "installing" until the last batch is in, and only
 * then carries the file's checksum (which makes it visible to the catalogue). A start that finds
 * an "installing" row removes it and its verses and installs again. Only one process opens a
 * PGlite data directory (db/lock.ts), so no other instance can be loading at the same time.
 */
async function loadInBatches(db: Database, bundled: BundledBible, onStart: () => void) {
  onStart();
  const parsed = await parseInWorker(bundled.file, BATCH.pglite);
  const code = parsed.meta.code;
  await removeInBatches(db, code);
  // A GIN index collects new entries in a pending list and merges it all at once when it
  // outgrows this limit (4 MB by default: a merge of several hundred ms). A small limit merges
  // a little at a time. Session setting, put back afterwards.
  await db.execute(sql`set gin_pending_list_limit = 64`);
  try {
    await db
      .insert(bibleTranslation)
      .values(catalogueRow(parsed, `${INSTALLING_PREFIX}${bundled.checksum}`));
    for (const batch of parsed.batches) {
      await insertVerses(db, batch);
      await nextTurn();
    }
    await db
      .update(bibleTranslation)
      .set({ checksum: bundled.checksum, loadedAt: new Date() })
      .where(eq(bibleTranslation.code, code));
  } finally {
    await db.execute(sql`reset gin_pending_list_limit`);
  }
  return { code, verses: parsed.verses };
}

/** Deletes a translation book by book (a short statement each), then its catalogue row. */
async function removeInBatches(db: Database, code: string) {
  const [existing] = await db
    .select({ code: bibleTranslation.code })
    .from(bibleTranslation)
    .where(eq(bibleTranslation.code, code));
  if (!existing) return;
  for (let book = 1; book <= 66; book++) {
    await db
      .delete(bibleVerse)
      .where(and(eq(bibleVerse.translation, code), eq(bibleVerse.book, book)));
    await nextTurn();
  }
  await db.delete(bibleTranslation).where(eq(bibleTranslation.code, code));
}

/** The bundled translations not yet installed (or whose file changed since). */
export async function missingBibles(db: Database, dir?: string): Promise<BundledBible[]> {
  const installed = new Set(
    (await db.select({ checksum: bibleTranslation.checksum }).from(bibleTranslation)).map(
      (r) => r.checksum,
    ),
  );
  return bundledBibles(dir).filter((b) => !installed.has(b.checksum));
}

/**
 * Loads the bundled Bibles into the database: idempotent, and only a translation whose file
 * changed (or is missing) is (re)loaded, none ever served half-loaded. `kind` picks the way
 * (see loadInTransaction and loadInBatches; ADR 0025); `onInstalled` runs after each one, so a
 * translation is served as soon as it is in. Then the bundled cross references, the same way
 * (cross-references.ts), unless `crossReferences` is false, and the word study (words.ts),
 * unless `wordStudy` is false; `onInstalled` runs after each of them too.
 */
export async function loadBundledBibles(
  db: Database,
  options: {
    kind?: DatabaseHandle['kind'];
    progress?: LoadProgress;
    crossReferenceProgress?: CrossReferenceProgress;
    crossReferences?: boolean;
    wordStudyProgress?: WordStudyProgress;
    wordStudy?: boolean;
    /**
     * Build the word study's rows while the Bibles go in (its worker on another core), for a
     * caller that installs alone and has nothing else to answer meanwhile (the test fixtures).
     * Not for a server: on PostgreSQL an instance that waits for another's install would build
     * for nothing (words.ts), and on PGlite the server's thread answers members during the
     * install, with two cores shared by one thread more (first-start.test.ts's bars).
     */
    wordStudyAhead?: boolean;
    onInstalled?: () => Promise<void>;
    dir?: string;
  } = {},
) {
  const { kind = 'postgres', progress, onInstalled, dir } = options;
  const ahead =
    options.wordStudy !== false && options.wordStudyAhead
      ? wordStudyBuiltAhead(db, kind, dir)
      : undefined;
  const missing = await missingBibles(db, dir);
  const loaded: { code: string; verses: number }[] = [];
  for (const [index, bundled] of missing.entries()) {
    const code = bundled.file
      .replace(/^.*\//, '')
      .replace(/\.json\.gz$/, '')
      .toUpperCase();
    const onStart = () => progress?.({ code, index, count: missing.length, phase: 'start' });
    const result =
      kind === 'pglite'
        ? await loadInBatches(db, bundled, onStart)
        : await loadInTransaction(db, bundled, onStart);
    if (!result) continue;
    loaded.push(result);
    progress?.({
      code: result.code,
      index,
      count: missing.length,
      phase: 'done',
      verses: result.verses,
    });
    await onInstalled?.();
  }
  if (loaded.length) await tidySearchIndex(db);
  if (options.crossReferences !== false) {
    const links = await loadCrossReferences(db, {
      kind,
      ...(options.crossReferenceProgress ? { progress: options.crossReferenceProgress } : {}),
      ...(dir ? { dir } : {}),
    });
    if (links) await onInstalled?.();
  }
  if (options.wordStudy !== false) {
    const words = await loadWordStudy(db, {
      kind,
      ...(options.wordStudyProgress ? { progress: options.wordStudyProgress } : {}),
      ...(dir ? { dir } : {}),
      ...(ahead ? { ahead } : {}),
    });
    if (words) await onInstalled?.();
  }
  return loaded;
}

/**
 * After a bulk load: merges the search index's pending list into the index and gathers the
 * planner's statistics. Without it every search scans the GIN pending list (thousands of
 * unsorted entries) and the planner guesses; PGlite has no autovacuum to do it later (ADR 0028).
 */
export async function tidySearchIndex(db: Database) {
  await db.execute(sql`vacuum (analyze) bible_verse`);
}

/** Plain lines on stderr: one as each translation starts and one as it is in. */
export function consoleProgress(): LoadProgress {
  const started = new Map<string, number>();
  return ({ code, index, count, phase, verses }) => {
    if (phase === 'start') {
      started.set(code, performance.now());
      process.stderr.write(`Installing the ${code} Bible (${index + 1} of ${count})...\n`);
      return;
    }
    const seconds = ((performance.now() - (started.get(code) ?? performance.now())) / 1000)
      .toFixed(1)
      .replace(/\.0$/, '');
    process.stderr.write(
      `Installed the ${code} Bible: ${verses?.toLocaleString('en')} verses in ${seconds} s (${index + 1} of ${count})\n`,
    );
  };
}
