/**
 * "Where else Scripture says it" (issue 39 item 3): OpenBible.info's cross references (CC BY 4.0,
 * content/bible/LICENSE-OPENBIBLE.md), installed from the bundled file at start-up like the
 * Bibles, and read for a passage in the reader's own translation.
 *
 * The file numbers verses as the KJV does. A translation that numbers them otherwise (the bundled
 * RV1909, an imported ESV or a Hebrew-numbered text: ADR 0053) goes through the verse map both
 * ways: its verses are put at their KJV places to find their links, and each link's KJV verses
 * are read back as the verses of the translation that hold them.
 */
import { eq, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { BOOKS } from '#shared/bible/books.ts';
import {
  VERSIFICATIONS,
  ordinal,
  spanOf,
  type Span,
  type VersificationId,
} from '#shared/bible/versification.ts';
import type { Language } from '#shared/constants.ts';
import {
  MAX_PASSAGE_VERSES,
  type CrossReference,
  type CrossReferences,
} from '#shared/schemas/bible.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import { HttpError } from '../errors.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { bibleCrossReference, bibleCrossReferenceSource, bibleVerse } from '../db/schema.ts';
import { BIBLE_DIR } from './data.ts';
import { chapterLength, formatReference, type VerseRange } from './reference.ts';

/** The name of the installed set (one row of bible_cross_reference_source). */
export const CROSS_REFERENCE_SET = 'openbible';
export const CROSS_REFERENCES_FILE = 'cross-references.tsv.gz';
/** The checksum's mark while rows are still being written (as a Bible's, loader.ts). */
const INSTALLING_PREFIX = 'installing:';

export interface BundledCrossReferences {
  file: string;
  checksum: string;
}

/** The bundled file with its checksum (to install again only when it changed); null if absent. */
export function bundledCrossReferences(dir = BIBLE_DIR): BundledCrossReferences | null {
  const file = join(dir, CROSS_REFERENCES_FILE);
  if (!existsSync(file)) return null;
  return { file, checksum: createHash('sha256').update(readFileSync(file)).digest('hex') };
}

// ── Install ──

/**
 * One INSERT's worth of verses, as PostgreSQL array literals (`{1001001,1001002}` and
 * `{"{43001001,58011003}","{24004023}"}`): four parameters a statement, however many verses,
 * turned into rows by `unnest` (rows of arrays, which drizzle's insert would send one parameter
 * each, at twice the time). `first` and `last`: the batch's first and last verse.
 */
interface Batch {
  verses: string;
  starts: string;
  ends: string;
  votes: string;
  first: number;
  last: number;
}
interface Parsed {
  batches: Batch[];
  links: number;
  verses: number;
}

/** Verses per INSERT (~12 links each). On PGlite a batch is time the event loop waits (~10 ms). */
const BATCH = { pglite: 250, postgres: 2000 } as const;

/**
 * Reads the file in a worker thread (unzipping and splitting 340,000 lines would block the event
 * loop for a second or two): one row per source verse, its links in the file's order (most voted
 * first), sent back batch by batch as the INSERT's literals. Plain JavaScript, as the Bibles'.
 */
const PARSER = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const { gunzipSync } = require('node:zlib');
const { file, batch, books } = workerData;
const bookOf = new Map(books.map((osis, i) => [osis, i + 1]));
const place = (ref) => {
  const [b, c, v] = ref.split('.');
  const book = bookOf.get(b);
  if (!book || !/^\\d+$/.test(c) || !/^\\d+$/.test(v)) throw new Error('not a verse: ' + ref);
  return book * 1000000 + Number(c) * 1000 + Number(v);
};
const literal = (lists) => '{' + lists.map((l) => '"{' + l.join(',') + '}"').join(',') + '}';
const send = (rows) =>
  parentPort.postMessage({
    batch: {
      verses: '{' + rows.map((r) => r.verse).join(',') + '}',
      starts: literal(rows.map((r) => r.starts)),
      ends: literal(rows.map((r) => r.ends)),
      votes: literal(rows.map((r) => r.votes)),
      first: rows[0].verse,
      last: rows[rows.length - 1].verse,
    },
  });
const lines = gunzipSync(readFileSync(file)).toString('utf8').split('\\n');
let rows = [];
let row = null;
let links = 0;
let verses = 0;
for (let i = 1; i < lines.length; i++) {
  const line = lines[i];
  if (!line) continue;
  const [from, to, votes] = line.split('\\t');
  const [start, end] = to.split('-');
  const verse = place(from);
  if (!row || row.verse !== verse) {
    if (row && verse < row.verse) throw new Error('line ' + (i + 1) + ': not sorted by verse');
    if (rows.length === batch) { send(rows); rows = []; }
    row = { verse, starts: [], ends: [], votes: [] };
    rows.push(row);
    verses++;
  }
  const s = place(start);
  row.starts.push(s);
  row.ends.push(end ? place(end) : s);
  row.votes.push(Number(votes));
  links++;
}
if (rows.length) send(rows);
parentPort.postMessage({ links, verses });
`;

function parseInWorker(file: string, batch: number): Promise<Parsed> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PARSER, {
      eval: true,
      workerData: { file, batch, books: BOOKS.map((b) => b.osis) },
    });
    const batches: Batch[] = [];
    let counts: { links: number; verses: number } | undefined;
    worker.on('message', (m: { batch?: Batch; links?: number; verses?: number }) => {
      if (m.batch) batches.push(m.batch);
      else if (m.links !== undefined) counts = { links: m.links, verses: m.verses ?? 0 };
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0 || !counts) reject(new Error(`parsing ${file} failed (worker exit ${code})`));
      else resolve({ batches, ...counts });
    });
  });
}

/** Writes a batch's verses after `after` (all of them by default). */
function insertBatch(db: Pick<Database, 'execute'>, batch: Batch, after = 0) {
  return db.execute(sql`
    insert into ${bibleCrossReference} (verse, starts, ends, votes)
    select verse, starts::int[], ends::int[], votes::int[]
    from unnest(${batch.verses}::int[], ${batch.starts}::text[], ${batch.ends}::text[], ${batch.votes}::text[])
      as t(verse, starts, ends, votes)
    where verse > ${after}`);
}

/** Called as the install starts and once it is in. */
export type CrossReferenceProgress = (event: {
  phase: 'start' | 'done';
  links?: number;
  verses?: number;
  /** Verses already there from a start stopped midway, carried on from (PGlite). */
  resumed?: number;
}) => void;

async function installedChecksum(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ checksum: bibleCrossReferenceSource.checksum })
    .from(bibleCrossReferenceSource)
    .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
  return row?.checksum ?? null;
}

/** Whether the bundled cross references are to be installed (none yet, or the file changed). */
export async function crossReferencesMissing(db: Database, dir?: string): Promise<boolean> {
  const bundled = bundledCrossReferences(dir);
  return bundled !== null && (await installedChecksum(db)) !== bundled.checksum;
}

/**
 * PostgreSQL: in one transaction under an advisory lock, as a Bible (loader.ts): instances
 * starting together take turns, and the later ones find it done.
 */
async function installInTransaction(
  db: Database,
  bundled: BundledCrossReferences,
  progress?: CrossReferenceProgress,
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.crossReferenceInstall})`);
    const [current] = await tx
      .select({ checksum: bibleCrossReferenceSource.checksum })
      .from(bibleCrossReferenceSource)
      .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
    if (current?.checksum === bundled.checksum) return null;
    progress?.({ phase: 'start' });
    // Parsed only now: an instance that waited for another's install spends no CPU on it.
    const parsed = await parseInWorker(bundled.file, BATCH.postgres);
    await tx.delete(bibleCrossReference);
    await tx
      .delete(bibleCrossReferenceSource)
      .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
    for (const batch of parsed.batches) await insertBatch(tx, batch);
    await tx.insert(bibleCrossReferenceSource).values({
      name: CROSS_REFERENCE_SET,
      checksum: bundled.checksum,
      links: parsed.links,
      verses: parsed.verses,
    });
    return { links: parsed.links, verses: parsed.verses, resumed: 0 };
  });
}

/**
 * PGlite (one query at a time, on this thread): in short batches with a turn of the event loop
 * between them, as a Bible (loader.ts), under a row that says `installing:` until the last batch
 * is in. A start that finds that row for the same file carries on after the last verse written
 * (each batch is whole verses, written by one statement); for another file it starts over.
 */
async function installInBatches(
  db: Database,
  bundled: BundledCrossReferences,
  progress?: CrossReferenceProgress,
) {
  const current = await installedChecksum(db);
  if (current === bundled.checksum) return null;
  progress?.({ phase: 'start' });
  const parsed = await parseInWorker(bundled.file, BATCH.pglite);
  const installing = `${INSTALLING_PREFIX}${bundled.checksum}`;
  let after = 0;
  let resumed = 0;
  if (current === installing) {
    const [done] = await db
      .select({
        last: sql<number | null>`max(${bibleCrossReference.verse})`,
        count: sql<number>`count(*)::int`,
      })
      .from(bibleCrossReference);
    after = Number(done?.last ?? 0);
    resumed = Number(done?.count ?? 0);
  } else {
    // Another file's rows (or none): removed book by book, a short statement each.
    for (let book = 1; book <= BOOKS.length; book++) {
      await db
        .delete(bibleCrossReference)
        .where(
          sql`${bibleCrossReference.verse} between ${book * 1_000_000} and ${book * 1_000_000 + 999_999}`,
        );
      await nextTurn();
    }
    await db
      .delete(bibleCrossReferenceSource)
      .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
    await db.insert(bibleCrossReferenceSource).values({
      name: CROSS_REFERENCE_SET,
      checksum: installing,
      links: parsed.links,
      verses: parsed.verses,
    });
  }
  for (const batch of parsed.batches) {
    if (batch.last <= after) continue;
    await insertBatch(db, batch, after);
    await nextTurn();
  }
  await db
    .update(bibleCrossReferenceSource)
    .set({ checksum: bundled.checksum, loadedAt: new Date() })
    .where(eq(bibleCrossReferenceSource.name, CROSS_REFERENCE_SET));
  // No `analyze` (half a second of this thread on PGlite): the table is only read by its key.
  return { links: parsed.links, verses: parsed.verses, resumed };
}

/**
 * Installs the bundled cross references when they are not in (or the file changed): idempotent,
 * never served half-written, and on PGlite a start stopped midway carries on where it was.
 */
export async function loadCrossReferences(
  db: Database,
  options: { kind?: DatabaseHandle['kind']; progress?: CrossReferenceProgress; dir?: string } = {},
): Promise<{ links: number; verses: number; resumed: number } | null> {
  const { kind = 'postgres', progress, dir } = options;
  const bundled = bundledCrossReferences(dir);
  if (!bundled) return null;
  const result =
    kind === 'pglite'
      ? await installInBatches(db, bundled, progress)
      : await installInTransaction(db, bundled, progress);
  if (result) progress?.({ phase: 'done', ...result });
  return result;
}

/** Whether the cross references are installed and whole (the catalogue asks at each refresh). */
export async function crossReferencesInstalled(db: Database): Promise<boolean> {
  const checksum = await installedChecksum(db);
  return checksum !== null && !checksum.startsWith(INSTALLING_PREFIX);
}

/** Plain lines on stderr, as the Bibles' (loader.ts `consoleProgress`). */
export function consoleCrossReferenceProgress(): CrossReferenceProgress {
  let started = performance.now();
  return ({ phase, links, verses, resumed }) => {
    if (phase === 'start') {
      started = performance.now();
      process.stderr.write('Installing the cross references (OpenBible.info)...\n');
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1).replace(/\.0$/, '');
    process.stderr.write(
      `Installed the cross references: ${links?.toLocaleString('en')} links from ${verses?.toLocaleString('en')} verses in ${seconds} s` +
        (resumed ? ` (carried on after ${resumed.toLocaleString('en')} verses already in)` : '') +
        '\n',
    );
  };
}

// ── Reading ──

/** The KJV places from `lo` to `hi` (ordinals), across chapters by the KJV's chapter lengths. */
export function placesBetween(lo: number, hi: number): number[] {
  const out: number[] = [];
  let book = Math.floor(lo / 1_000_000);
  let chapter = Math.floor(lo / 1000) % 1000;
  let verse = lo % 1000;
  while (ordinal(book, chapter, verse) <= hi && book <= BOOKS.length) {
    out.push(ordinal(book, chapter, verse));
    verse++;
    if (verse > chapterLength(book, chapter)) {
      verse = 1;
      chapter++;
      if (chapter > (BOOKS[book - 1]?.chapters ?? 0)) {
        chapter = 1;
        book++;
      }
    }
  }
  return out;
}

/** "book.chapter" (book 1–66) of every chapter a scheme numbers differently, on either side. */
const touched = new Map<VersificationId, Set<string>>();

function chaptersTouched(scheme: VersificationId): Set<string> {
  let set = touched.get(scheme);
  if (set) return set;
  set = new Set();
  const book = (osis: string) => BOOKS.findIndex((b) => b.osis === osis) + 1;
  for (const difference of VERSIFICATIONS[scheme].differences) {
    for (const side of difference) {
      const [from = '', to] = side.replace(/\+$/, '').split('-');
      const [b = '', c = ''] = from.split('.');
      const start = { book: book(b), chapter: Number(c) };
      const end = to?.includes('.')
        ? { book: book(to.split('.')[0]!), chapter: Number(to.split('.')[1]) }
        : start;
      for (let ch = start.chapter; start.book === end.book && ch <= end.chapter; ch++)
        set.add(`${start.book}.${ch}`);
      set.add(`${end.book}.${end.chapter}`);
    }
  }
  touched.set(scheme, set);
  return set;
}

const pointOf = (place: number) => ({
  book: Math.floor(place / 1_000_000),
  chapter: Math.floor(place / 1000) % 1000,
  verse: place % 1000,
});

/**
 * The verses of a translation to read for KJV places `lo`–`hi`: the same numbers, unless the
 * translation's scheme numbers a chapter among them otherwise; then those chapters and their
 * neighbours (a scheme moves a verse by one chapter at most), which `holds` narrows down.
 */
function window(scheme: VersificationId, lo: number, hi: number): VerseRange {
  const start = pointOf(lo);
  const end = pointOf(hi);
  if (scheme === 'kjv') return { start, end };
  const set = chaptersTouched(scheme);
  let differs = false;
  for (let b = start.book; b <= end.book && !differs; b++) {
    const first = b === start.book ? start.chapter : 1;
    const last = b === end.book ? end.chapter : (BOOKS[b - 1]?.chapters ?? 0);
    for (let c = first; c <= last && !differs; c++) differs = set.has(`${b}.${c}`);
  }
  if (!differs) return { start, end };
  return {
    start: { book: start.book, chapter: Math.max(1, start.chapter - 1), verse: 0 },
    end: { book: end.book, chapter: end.chapter + 1, verse: 999 },
  };
}

/**
 * The verses of translation `code` in each window, tagged with the window's index: one query,
 * a range scan of the primary key per window. The `limit` (above any window's length: the longest
 * link is 88 verses, a widened window three chapters) keeps the subquery one scan per window;
 * without it, or with the windows joined by `or`, PostgreSQL plans a scan of the whole
 * translation (50–100 ms instead of 1–2 ms).
 */
async function readWindows(db: Database, code: string, windows: readonly VerseRange[]) {
  if (windows.length === 0) return [];
  const list = (pick: (w: VerseRange) => number) => `{${windows.map(pick).join(',')}}`;
  const result = await db.execute<{
    window: number;
    book: number;
    chapter: number;
    verse: number;
    text: string;
  }>(sql`
    select (w.i - 1)::int as window, v.book, v.chapter, v.verse, v.text
    from unnest(
      ${list((w) => w.start.book)}::int[], ${list((w) => w.start.chapter)}::int[],
      ${list((w) => w.start.verse)}::int[], ${list((w) => w.end.book)}::int[],
      ${list((w) => w.end.chapter)}::int[], ${list((w) => w.end.verse)}::int[]
    ) with ordinality as w(b1, c1, v1, b2, c2, v2, i)
    cross join lateral (
      select ${bibleVerse.book} as book, ${bibleVerse.chapter} as chapter,
        ${bibleVerse.verse} as verse, ${bibleVerse.text} as text
      from ${bibleVerse}
      where ${bibleVerse.translation} = ${code}
        and (${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse})
          between (w.b1, w.c1, w.v1) and (w.b2, w.c2, w.v2)
      order by ${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse}
      limit 1000
    ) v
    order by w.i, v.book, v.chapter, v.verse`);
  return result.rows.map((r) => ({
    window: Number(r.window),
    book: Number(r.book),
    chapter: Number(r.chapter),
    verse: Number(r.verse),
    text: r.text,
  }));
}

/** A link as merged from the asked verses' rows: the target's KJV places and its votes. */
interface Link {
  start: number;
  end: number;
  votes: number;
}

/**
 * The links of the verses a passage holds (`ranges`: as its translation numbers them), the most
 * voted first, and one page of them with the target's text in translation `code`; null when the
 * translation has none of the passage's verses. A target linked from several of the verses
 * counts once, with its highest votes; a target wholly inside the passage is left out (the
 * passage itself is on screen).
 *
 * One statement does it all (each round trip to the database is a wait on a busy machine): the
 * verses' rows, the links merged and ranked, the page, each target's verses (a range scan of the
 * primary key each), the count, and whether the translation has the passage. Only a target in a
 * chapter the translation numbers otherwise is read again, in its own window (a second query).
 */
export async function crossReferencesFor(
  db: Database,
  input: {
    code: string;
    scheme: VersificationId;
    ranges: readonly VerseRange[];
    lang: Language;
    offset: number;
    limit: number;
  },
): Promise<Pick<CrossReferences, 'total' | 'offset' | 'limit' | 'links'> | null> {
  const { code, scheme, ranges, lang, offset, limit } = input;
  // The passage's verses as its translation numbers them (the chapters' lengths as the
  // reference parser knows them), then their places in the file's numbering. (A slot the
  // translation leaves empty inside a passage, as the RV1909's Numbers 12:16, whose words are its
  // 13:1, still counts with its KJV number: a passage's list may then hold that verse's links.)
  const own = ranges.flatMap((r) =>
    placesBetween(
      ordinal(r.start.book, r.start.chapter, r.start.verse),
      ordinal(r.end.book, r.end.chapter, r.end.verse),
    ),
  );
  if (own.length > MAX_PASSAGE_VERSES) {
    throw new HttpError(
      400,
      'bible.errors.tooLong',
      { max: MAX_PASSAGE_VERSES },
      'PASSAGE_TOO_LONG',
    );
  }
  const asked = new Set<number>();
  for (const place of own) {
    if (scheme === 'kjv') {
      asked.add(place);
      continue;
    }
    const p = pointOf(place);
    const span = spanOf(scheme, {
      book: BOOKS[p.book - 1]!.osis,
      chapter: p.chapter,
      verse: p.verse,
    });
    for (const kjv of placesBetween(span.lo, span.hi)) asked.add(kjv);
  }
  const list = (values: Iterable<number>) => `{${[...values].join(',')}}`;
  const places = list(asked);
  const passage = (pick: (r: VerseRange) => number) => list(ranges.map(pick));
  const result = await db.execute<{
    kind: 'passage' | 'link';
    i: number;
    s: number | null;
    e: number | null;
    n: number | null;
    book: number | null;
    chapter: number | null;
    verse: number | null;
    text: string | null;
  }>(sql`
    with links as (
      select u.s, u.e, max(u.n) as n
      from ${bibleCrossReference} x
      cross join lateral unnest(x.starts, x.ends, x.votes) as u(s, e, n)
      where x.verse = any(${places}::int[])
        and not (u.s = any(${places}::int[]) and u.e = any(${places}::int[]))
      group by u.s, u.e
    ),
    page as (
      select s, e, n, (row_number() over (order by n desc, s, e) - 1)::int as i
      from links
      order by n desc, s, e
      offset ${offset} limit ${limit}
    )
    select 'passage' as kind, (select count(*) from links)::int as i,
      null::int as s, null::int as e, null::int as n,
      null::int as book, null::int as chapter, null::int as verse, null::text as text
    where exists (
      select 1
      from unnest(
        ${passage((r) => r.start.book)}::int[], ${passage((r) => r.start.chapter)}::int[],
        ${passage((r) => r.start.verse)}::int[], ${passage((r) => r.end.book)}::int[],
        ${passage((r) => r.end.chapter)}::int[], ${passage((r) => r.end.verse)}::int[]
      ) as w(b1, c1, v1, b2, c2, v2)
      cross join lateral (
        select 1 from ${bibleVerse}
        where ${bibleVerse.translation} = ${code}
          and (${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse})
            between (w.b1, w.c1, w.v1) and (w.b2, w.c2, w.v2)
        limit 1
      ) found
    )
    union all
    select 'link', p.i, p.s, p.e, p.n, v.book, v.chapter, v.verse, v.text
    from page p
    left join lateral (
      select ${bibleVerse.book} as book, ${bibleVerse.chapter} as chapter,
        ${bibleVerse.verse} as verse, ${bibleVerse.text} as text
      from ${bibleVerse}
      where ${bibleVerse.translation} = ${code}
        and (${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse})
          between (p.s / 1000000, p.s / 1000 % 1000, p.s % 1000)
          and (p.e / 1000000, p.e / 1000 % 1000, p.e % 1000)
      order by ${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse}
      limit 1000
    ) v on true
    order by kind desc, i, book, chapter, verse`);
  const head = result.rows.find((r) => r.kind === 'passage');
  if (!head) return null;
  const total = Number(head.i);
  // The page's links in order, each with the verses read for it (same numbers as the file).
  const page = new Map<number, Link & { verses: Held[] }>();
  for (const r of result.rows) {
    if (r.kind !== 'link') continue;
    const i = Number(r.i);
    let link = page.get(i);
    if (!link) {
      link = { start: Number(r.s), end: Number(r.e), votes: Number(r.n), verses: [] };
      page.set(i, link);
    }
    if (r.book !== null) {
      link.verses.push(held(scheme, Number(r.book), Number(r.chapter), Number(r.verse), r.text!));
    }
  }
  const ordered = [...page.entries()].sort((a, b) => a[0] - b[0]).map(([, link]) => link);
  // A target in a chapter the translation numbers otherwise: its verses read again, in a
  // window wide enough to hold where the translation puts them.
  // (A widened window starts at verse 0; the same numbers start at a verse.)
  const moved = ordered.filter((link) => window(scheme, link.start, link.end).start.verse === 0);
  if (moved.length > 0) {
    const rows = await readWindows(
      db,
      code,
      moved.map((link) => window(scheme, link.start, link.end)),
    );
    moved.forEach((link, i) => {
      link.verses = rows
        .filter((r) => r.window === i)
        .map((r) => held(scheme, r.book, r.chapter, r.verse, r.text));
    });
  }
  const links = ordered.map((link) => toLink(link, link.verses, lang));
  return { total, offset, limit, links };
}

/** A verse of a target as read, with its place in the file's numbering. */
interface Held {
  book: number;
  chapter: number;
  verse: number;
  osis: string;
  text: string;
  span: Span;
}

function held(scheme: VersificationId, book: number, chapter: number, verse: number, text: string) {
  const osis = BOOKS[book - 1]!.osis;
  return { book, chapter, verse, osis, text, span: spanOf(scheme, { book: osis, chapter, verse }) };
}

/**
 * A link as answered: the translation's verses that hold some of its KJV verses, in their order,
 * named and placed in the translation's own numbering (its KJV numbers when it has none of them).
 */
function toLink(link: Link, read: readonly Held[], lang: Language): CrossReference {
  const verses = read.filter((r) => r.span.lo <= link.end && r.span.hi >= link.start);
  const top = verses[0];
  const last = verses.at(-1);
  const range: VerseRange =
    top && last
      ? {
          start: { book: top.book, chapter: top.chapter, verse: top.verse },
          end: { book: last.book, chapter: last.chapter, verse: last.verse },
        }
      : { start: pointOf(link.start), end: pointOf(link.end) };
  const osisOf = (p: VerseRange['start']) => `${BOOKS[p.book - 1]!.osis}.${p.chapter}.${p.verse}`;
  const same =
    range.start.book === range.end.book &&
    range.start.chapter === range.end.chapter &&
    range.start.verse === range.end.verse;
  return {
    reference: formatReference([range], lang),
    osis: same ? osisOf(range.start) : `${osisOf(range.start)}-${osisOf(range.end)}`,
    book: BOOKS[range.start.book - 1]!.osis,
    chapter: range.start.chapter,
    verse: range.start.verse,
    votes: link.votes,
    verses: verses.map((r) => ({ book: r.osis, chapter: r.chapter, verse: r.verse, text: r.text })),
  };
}
