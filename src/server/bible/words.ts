/**
 * The words behind the text (issue 39 item 2): which Greek or Hebrew word, by Strong's number,
 * stands behind each word of the KJV and the RV1909, what Strong's dictionary says of it, the
 * team's Spanish gloss, how each text renders it and where it stands. Installed at start-up from
 * content/bible/strongs/ after the Bibles and the cross references (the same way: never served
 * half-written; a changed file installs again), and read a verse, a word or a page at a time.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { BOOKS } from '#shared/bible/books.ts';
import type { Language } from '#shared/constants.ts';
import type {
  PassageWords,
  TaggedWord,
  WordEntry,
  WordOccurrences,
} from '#shared/schemas/bible.ts';
import { MAX_WORD_VERSES } from '#shared/values/bible.ts';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database, DatabaseHandle } from '../db/client.ts';
import { bibleVerse, bibleWord, bibleWordSource, bibleWordVerse } from '../db/schema.ts';
import { BIBLE_DIR } from './data.ts';
import { FROM_BUNDLE, serverWorkerUrl } from '../paths.ts';
import { formatReference, type VerseRange } from './reference.ts';
import { unpackSpans, type PackedSpan } from './strongs.ts';

/** The name of the installed set (one row of bible_word_source). */
export const WORD_STUDY_SET = 'strongs';
/** The checksum's mark while rows are still being written (as the cross references'). */
const INSTALLING_PREFIX = 'installing:';

/** What the rows are built from: a change to any of them installs the word study again. */
const SOURCE_FILES = [
  join('strongs', 'kjv.json.gz'),
  join('strongs', 'rv1909.json.gz'),
  join('strongs', 'dictionary.json.gz'),
  join('strongs', 'glosses-es.json'),
  'kjv.json.gz',
  'rv1909.json.gz',
];

/** The checksum of the files the word study is built from; null if one is missing. */
export function bundledWordStudy(dir = BIBLE_DIR): { checksum: string; dir: string } | null {
  const hash = createHash('sha256');
  for (const name of SOURCE_FILES) {
    const file = join(dir, name);
    if (!existsSync(file)) return null;
    hash.update(name).update(readFileSync(file));
  }
  return { checksum: hash.digest('hex'), dir };
}

// ── Install ──

interface Built {
  verses: string[];
  words: string[];
  counts: { verses: number; numbers: number };
}

/** Rows per INSERT. On PGlite a batch is time the event loop waits. */
const BATCH = {
  pglite: { verses: 400, words: 150 },
  postgres: { verses: 4000, words: 1500 },
} as const;

/**
 * Builds the rows in a worker thread (words-worker.ts: bundled beside the server's bundle, or
 * TypeScript through tsx when the server runs from its sources): a few seconds of a core, off the
 * thread that answers.
 */
function buildInWorker(dir: string, batch: { verses: number; words: number }): Promise<Built> {
  const script = serverWorkerUrl('words-worker', 'bible/words-worker.ts');
  const workerData = { bibleDir: dir, strongsDir: join(dir, 'strongs'), batch };
  return new Promise((resolve, reject) => {
    const worker = FROM_BUNDLE
      ? new Worker(script, { workerData })
      : new Worker(
          `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script.href)}); })`,
          { eval: true, workerData },
        );
    const built: Built = { verses: [], words: [], counts: { verses: 0, numbers: 0 } };
    let done = false;
    worker.on('message', (m: { verses?: string; words?: string; done?: Built['counts'] }) => {
      if (m.verses) built.verses.push(m.verses);
      else if (m.words) built.words.push(m.words);
      else if (m.done) {
        built.counts = m.done;
        done = true;
      }
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0 || !done) reject(new Error(`building the word study failed (exit ${code})`));
      else resolve(built);
    });
  });
}

function insertVerses(db: Pick<Database, 'execute'>, json: string) {
  return db.execute(sql`
    insert into ${bibleWordVerse} (translation, book, chapter, verse, words, title_words)
    select translation, book, chapter, verse, words, title_words
    from json_to_recordset(${json}::json) as t(translation text, book smallint,
      chapter smallint, verse smallint, words text, title_words text)`);
}

function insertWords(db: Pick<Database, 'execute'>, json: string) {
  return db.execute(sql`
    insert into ${bibleWord} (number, lemma, translit, pron, definition, gloss_es, renderings,
      kjv_places, rv1909_places)
    select number, lemma, translit, pron, definition, gloss_es, renderings, kjv_places,
      rv1909_places
    from json_to_recordset(${json}::json) as t(number text, lemma text, translit text,
      pron text, definition text, gloss_es text, renderings jsonb, kjv_places int[],
      rv1909_places int[])`);
}

/** Called as the install starts and once it is in. */
export type WordStudyProgress = (event: {
  phase: 'start' | 'done';
  verses?: number;
  numbers?: number;
}) => void;

async function installedChecksum(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ checksum: bibleWordSource.checksum })
    .from(bibleWordSource)
    .where(eq(bibleWordSource.name, WORD_STUDY_SET));
  return row?.checksum ?? null;
}

/** The word study's rows being built ahead, or null once it is found installed. */
export type WordStudyAhead = Promise<Built | null>;

/**
 * Starts building the word study's rows now (in their worker), if it is not installed: for a
 * process that installs alone (`loadBundledBibles`' `wordStudyAhead`), while the Bibles go in on
 * this thread, each on a core of its own. `loadWordStudy` takes it and throws its failure.
 */
export function wordStudyBuiltAhead(
  db: Database,
  kind: DatabaseHandle['kind'],
  dir?: string,
): WordStudyAhead {
  const ahead = (async () => {
    const bundled = bundledWordStudy(dir);
    if (!bundled || (await installedChecksum(db)) === bundled.checksum) return null;
    return buildInWorker(bundled.dir, BATCH[kind]);
  })();
  // Awaited by loadWordStudy; if the install stops before that, nobody is waiting for it.
  ahead.catch(() => undefined);
  return ahead;
}

/** Whether the word study is to be installed (not yet, or one of its files changed). */
export async function wordStudyMissing(db: Database, dir?: string): Promise<boolean> {
  const bundled = bundledWordStudy(dir);
  return bundled !== null && (await installedChecksum(db)) !== bundled.checksum;
}

/** Whether the word study is installed and whole (the catalogue asks at each refresh). */
export async function wordStudyInstalled(db: Database): Promise<boolean> {
  const checksum = await installedChecksum(db);
  return checksum !== null && !checksum.startsWith(INSTALLING_PREFIX);
}

/**
 * Installs the word study when it is not in (or its files changed): idempotent and never served
 * half-written. PostgreSQL: one transaction under an advisory lock (instances starting together
 * take turns; the later ones find it done). PGlite (one query at a time, on this thread): short
 * batches with a turn of the event loop between them, under a row that says `installing:` until
 * the last is in; a start stopped midway starts it over.
 */
export async function loadWordStudy(
  db: Database,
  options: {
    kind?: DatabaseHandle['kind'];
    progress?: WordStudyProgress;
    dir?: string;
    /** Its rows already being built (`wordStudyBuiltAhead`, with the same kind and dir). */
    ahead?: WordStudyAhead;
  } = {},
): Promise<{ verses: number; numbers: number } | null> {
  const { kind = 'postgres', progress, dir, ahead } = options;
  const bundled = bundledWordStudy(dir);
  if (!bundled) return null;
  let result: Built['counts'] | null;
  if (kind === 'pglite') {
    if ((await installedChecksum(db)) === bundled.checksum) return null;
    progress?.({ phase: 'start' });
    const built = (await ahead) ?? (await buildInWorker(bundled.dir, BATCH.pglite));
    await db.delete(bibleWordSource).where(eq(bibleWordSource.name, WORD_STUDY_SET));
    await db.insert(bibleWordSource).values({
      name: WORD_STUDY_SET,
      checksum: `${INSTALLING_PREFIX}${bundled.checksum}`,
      ...built.counts,
    });
    // Rows of an earlier file (or of a start stopped midway): removed a book at a time.
    for (let book = 1; book <= BOOKS.length; book++) {
      await db.delete(bibleWordVerse).where(eq(bibleWordVerse.book, book));
      await nextTurn();
    }
    for (const prefix of ['G', 'H']) {
      await db.delete(bibleWord).where(sql`left(${bibleWord.number}, 1) = ${prefix}`);
      await nextTurn();
    }
    for (const json of built.verses) {
      await insertVerses(db, json);
      await nextTurn();
    }
    for (const json of built.words) {
      await insertWords(db, json);
      await nextTurn();
    }
    await db
      .update(bibleWordSource)
      .set({ checksum: bundled.checksum, loadedAt: new Date() })
      .where(eq(bibleWordSource.name, WORD_STUDY_SET));
    result = built.counts;
  } else {
    result = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.wordStudyInstall})`);
      const [current] = await tx
        .select({ checksum: bibleWordSource.checksum })
        .from(bibleWordSource)
        .where(eq(bibleWordSource.name, WORD_STUDY_SET));
      if (current?.checksum === bundled.checksum) return null;
      progress?.({ phase: 'start' });
      // Built only now: an instance that waited for another's install spends no CPU on it.
      const built = (await ahead) ?? (await buildInWorker(bundled.dir, BATCH.postgres));
      await tx.delete(bibleWordVerse);
      await tx.delete(bibleWord);
      await tx.delete(bibleWordSource).where(eq(bibleWordSource.name, WORD_STUDY_SET));
      for (const json of built.verses) await insertVerses(tx, json);
      for (const json of built.words) await insertWords(tx, json);
      await tx
        .insert(bibleWordSource)
        .values({ name: WORD_STUDY_SET, checksum: bundled.checksum, ...built.counts });
      return built.counts;
    });
  }
  if (result) progress?.({ phase: 'done', ...result });
  return result;
}

/** Plain lines on stderr, as the Bibles' and the cross references'. */
export function consoleWordStudyProgress(): WordStudyProgress {
  let started = performance.now();
  return ({ phase, verses, numbers }) => {
    if (phase === 'start') {
      started = performance.now();
      process.stderr.write("Installing the word study (Strong's numbers)...\n");
      return;
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1).replace(/\.0$/, '');
    process.stderr.write(
      `Installed the word study: ${numbers?.toLocaleString('en')} Strong's numbers, ${verses?.toLocaleString('en')} tagged verses in ${seconds} s\n`,
    );
  };
}

// ── Reading ──

const words = (json: string | null): TaggedWord[] =>
  json === null
    ? []
    : unpackSpans(JSON.parse(json) as PackedSpan[]).map(([start, end, ...numbers]) => ({
        start,
        end,
        numbers,
      }));

/**
 * The words of a passage of `code` (the KJV or the RV1909, as it numbers its verses): each
 * verse's text and tagged words (its first MAX_WORD_VERSES verses), with the numbers they carry
 * named; null when the translation has none of its verses.
 */
export async function passageWords(
  db: Database,
  input: { code: string; ranges: readonly VerseRange[]; lang: Language },
): Promise<PassageWords | null> {
  const { code, ranges, lang } = input;
  const verses: PassageWords['verses'] = [];
  for (const range of ranges) {
    if (verses.length >= MAX_WORD_VERSES) break;
    const rows = await db
      .select({
        book: bibleVerse.book,
        chapter: bibleVerse.chapter,
        verse: bibleVerse.verse,
        text: bibleVerse.text,
        heading: bibleVerse.heading,
        words: bibleWordVerse.words,
        titleWords: bibleWordVerse.titleWords,
      })
      .from(bibleVerse)
      .leftJoin(
        bibleWordVerse,
        and(
          eq(bibleWordVerse.translation, bibleVerse.translation),
          eq(bibleWordVerse.book, bibleVerse.book),
          eq(bibleWordVerse.chapter, bibleVerse.chapter),
          eq(bibleWordVerse.verse, bibleVerse.verse),
        ),
      )
      .where(
        and(
          eq(bibleVerse.translation, code),
          sql`(${bibleVerse.book}, ${bibleVerse.chapter}, ${bibleVerse.verse}) between (${range.start.book}, ${range.start.chapter}, ${range.start.verse}) and (${range.end.book}, ${range.end.chapter}, ${range.end.verse})`,
        ),
      )
      .orderBy(bibleVerse.book, bibleVerse.chapter, bibleVerse.verse)
      .limit(MAX_WORD_VERSES - verses.length);
    for (const row of rows) {
      verses.push({
        book: BOOKS[row.book - 1]!.osis,
        chapter: row.chapter,
        verse: row.verse,
        text: row.text,
        words: words(row.words),
        title:
          row.heading && row.titleWords
            ? { text: row.heading, words: words(row.titleWords) }
            : null,
      });
    }
  }
  if (verses.length === 0) return null;
  const numbers = new Set<string>();
  for (const v of verses)
    for (const w of [...v.words, ...(v.title?.words ?? [])])
      for (const n of w.numbers) numbers.add(n);
  const named =
    numbers.size === 0
      ? []
      : await db
          .select({
            number: bibleWord.number,
            lemma: bibleWord.lemma,
            translit: bibleWord.translit,
            gloss: bibleWord.glossEs,
          })
          .from(bibleWord)
          .where(inArray(bibleWord.number, [...numbers]));
  return {
    reference: formatReference([...ranges], lang),
    translation: code,
    verses,
    entries: Object.fromEntries(named.map((e) => [e.number, e])),
  };
}

/** A number's card: the dictionary's entry, the gloss and each text's renderings; null if none. */
export async function wordEntry(db: Database, number: string): Promise<WordEntry | null> {
  const [row] = await db
    .select({
      number: bibleWord.number,
      lemma: bibleWord.lemma,
      translit: bibleWord.translit,
      pron: bibleWord.pron,
      definition: bibleWord.definition,
      gloss: bibleWord.glossEs,
      renderings: bibleWord.renderings,
    })
    .from(bibleWord)
    .where(eq(bibleWord.number, number));
  if (!row) return null;
  return {
    ...row,
    language: number.startsWith('G') ? 'greek' : 'hebrew',
    renderings: Object.entries(row.renderings).map(([translation, r]) => ({ translation, ...r })),
  };
}

/**
 * A page of the verses of `code` (the KJV or the RV1909) where `number` stands, in canonical
 * order, with each word it tags marked (in the verse, and in a Psalm title where it stands
 * there); null when the number is not in the dictionary. One statement: the page of places
 * from the word's row, then each verse and its tagged words by primary key.
 */
export async function wordOccurrences(
  db: Database,
  input: { number: string; code: 'KJV' | 'RV1909'; offset: number; limit: number; lang: Language },
): Promise<WordOccurrences | null> {
  const { number, code, offset, limit, lang } = input;
  const column = code === 'KJV' ? bibleWord.kjvPlaces : bibleWord.rv1909Places;
  const result = await db.execute<{
    total: number;
    place: number | null;
    text: string | null;
    heading: string | null;
    words: string | null;
    title_words: string | null;
  }>(sql`
    with w as (
      select ${column} as places from ${bibleWord} where ${bibleWord.number} = ${number}
    ), p as (
      select place, n from w, unnest(w.places[${offset + 1}:${offset + limit}])
        with ordinality as u(place, n)
    )
    select cardinality(w.places)::int as total, p.place, v.text, v.heading, x.words,
      x.title_words
    from w
    left join p on true
    left join ${bibleVerse} v on v.translation = ${code} and v.book = p.place / 1000000
      and v.chapter = p.place / 1000 % 1000 and v.verse = p.place % 1000
    left join ${bibleWordVerse} x on x.translation = ${code} and x.book = v.book
      and x.chapter = v.chapter and x.verse = v.verse
    order by p.n`);
  if (result.rows.length === 0) return null;
  const total = Number(result.rows[0]!.total);
  const marksOf = (json: string | null) =>
    words(json)
      .filter((w) => w.numbers.includes(number))
      .map((w) => [w.start, w.end] as [number, number]);
  const verses: WordOccurrences['verses'] = [];
  for (const row of result.rows) {
    if (row.place === null || row.text === null) continue;
    const place = Number(row.place);
    const point = {
      book: Math.floor(place / 1_000_000),
      chapter: Math.floor(place / 1000) % 1000,
      verse: place % 1000,
    };
    const titleMarks = marksOf(row.title_words);
    verses.push({
      reference: formatReference([{ start: point, end: point }], lang),
      book: BOOKS[point.book - 1]!.osis,
      chapter: point.chapter,
      verse: point.verse,
      text: row.text,
      marks: marksOf(row.words),
      title:
        row.heading !== null && titleMarks.length > 0
          ? { text: row.heading, marks: titleMarks }
          : null,
    });
  }
  return { number, translation: code, total, offset, limit, verses };
}
