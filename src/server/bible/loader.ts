import { eq, sql } from 'drizzle-orm';
import { ADVISORY_LOCKS } from '../db/advisory-locks.ts';
import type { Database } from '../db/client.ts';
import { bibleTranslation, bibleVerse } from '../db/schema.ts';
import { bundledBibles, type BibleFile, type BundledBible } from './data.ts';

export interface LoadProgress {
  (event: { code: string; done: number; total: number }): void;
}

const BATCH = 2000;

type VerseRow = typeof bibleVerse.$inferInsert;

function rowsOf(bible: BibleFile): VerseRow[] {
  const rows: VerseRow[] = [];
  bible.books.forEach((book, b) => {
    book.chapters.forEach((verses, c) => {
      verses.forEach((text, v) => {
        if (!text) return; // a versification gap: no verse in this translation
        const key = `${book.osis}.${c + 1}.${v + 1}`;
        rows.push({
          translation: bible.code,
          language: bible.language,
          book: b + 1,
          chapter: c + 1,
          verse: v + 1,
          text,
          heading: bible.titles[key] ?? null,
        });
      });
    });
  });
  return rows;
}

async function loadOne(db: Database, bundled: BundledBible, progress?: LoadProgress) {
  return db.transaction(async (tx) => {
    // Several instances may start together: one loads, the others wait here and then find it
    // done (the check runs after the lock is granted, so it sees the loader's commit).
    await tx.execute(sql`select pg_advisory_xact_lock(${ADVISORY_LOCKS.bibleInstall})`);
    const [current] = await tx
      .select({ code: bibleTranslation.code })
      .from(bibleTranslation)
      .where(eq(bibleTranslation.checksum, bundled.checksum));
    if (current) return null;
    // Unzipped and parsed only now (a few hundred ms of CPU): an instance that waited skips it.
    const bible = bundled.read();
    const rows = rowsOf(bible);
    await tx.delete(bibleTranslation).where(eq(bibleTranslation.code, bible.code));
    await tx.insert(bibleTranslation).values({
      code: bible.code,
      name: bible.name,
      language: bible.language,
      source: bible.source,
      verseCount: rows.length,
      checksum: bundled.checksum,
    });
    for (let i = 0; i < rows.length; i += BATCH) {
      await tx.insert(bibleVerse).values(rows.slice(i, i + BATCH));
      progress?.({ code: bible.code, done: Math.min(i + BATCH, rows.length), total: rows.length });
    }
    return { code: bible.code, verses: rows.length };
  });
}

/**
 * Loads the bundled Bibles into the database: idempotent, and only a translation whose file
 * changed (or is missing) is (re)loaded, each in one transaction so none is half-loaded.
 */
export async function loadBundledBibles(db: Database, progress?: LoadProgress, dir?: string) {
  const installed = new Map(
    (
      await db
        .select({ code: bibleTranslation.code, checksum: bibleTranslation.checksum })
        .from(bibleTranslation)
    ).map((r) => [r.checksum, r.code]),
  );
  const loaded: { code: string; verses: number }[] = [];
  for (const bundled of bundledBibles(dir)) {
    if (installed.has(bundled.checksum)) continue;
    const result = await loadOne(db, bundled, progress);
    if (result) loaded.push(result);
  }
  if (loaded.length) await tidySearchIndex(db);
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

/** A terminal progress bar on stderr (a line per quarter when stderr is not a terminal). */
export function terminalProgress(): LoadProgress {
  const lastQuarter = new Map<string, number>();
  return ({ code, done, total }) => {
    const ratio = done / total;
    if (process.stderr.isTTY) {
      const width = 30;
      const filled = Math.round(ratio * width);
      process.stderr.write(
        `\rLoading the ${code} Bible  [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${Math.round(ratio * 100)}%`,
      );
      if (done === total) process.stderr.write('\n');
      return;
    }
    const quarter = Math.floor(ratio * 4);
    if (quarter > (lastQuarter.get(code) ?? -1)) {
      lastQuarter.set(code, quarter);
      process.stderr.write(`Loading the ${code} Bible: ${Math.round(ratio * 100)}%\n`);
    }
  };
}
