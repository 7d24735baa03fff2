import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './server-process.ts';
import { bundledBibles } from '#server/bible/data.ts';
import { bundledCrossReferences } from '#server/bible/cross-references.ts';
import { bundledWordStudy } from '#server/bible/words.ts';

/**
 * A key for "migrations + bundled Bibles and cross references": the pre-loaded test database (a
 * PGlite dump, or a PostgreSQL template database) is rebuilt only when one of them changes.
 */
export function fixtureKey(): string {
  const hash = createHash('sha256');
  const migrations = join(ROOT, 'drizzle');
  for (const name of readdirSync(migrations)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name).update(readFileSync(join(migrations, name)));
  }
  for (const bible of bundledBibles()) hash.update(bible.checksum);
  hash.update(bundledCrossReferences()?.checksum ?? '');
  hash.update(bundledWordStudy()?.checksum ?? '');
  // How the dumps are made (global-setup-server.ts): a change there makes them again.
  hash.update('dump: checkpoint, unread WAL left out');
  return hash.digest('hex').slice(0, 16);
}

export const DUMP_DIR = join(ROOT, 'node_modules/.cache/camino-tests');
export const dumpPath = (key: string) => join(DUMP_DIR, `bibles-${key}.tar.gz`);
/** The same database before the Bibles: migrated, empty. */
export const emptyDumpPath = (key: string) => join(DUMP_DIR, `empty-${key}.tar.gz`);
export const templateName = (key: string) => `camino_bibles_${key}`;
/** A PGlite data folder made from one of the dumps, which test databases and servers copy. */
export const seedDataDir = (key: string, which: 'bibles' | 'empty' = 'bibles') =>
  join(DUMP_DIR, which === 'bibles' ? `e2e-data-${key}` : `empty-data-${key}`);
