import '#server/polyfill.ts';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { loadBundledBibles } from '#server/bible/loader.ts';
import {
  DUMP_DIR,
  dumpPath,
  emptyDumpPath,
  fixtureKey,
  seedDataDir,
  templateName,
} from './fixture.ts';
import { withoutUnreadWal } from './wal.ts';
import { ensureClientBuiltMeanwhile } from '../../scripts/client-build.mjs';

/**
 * Loads the three Bibles once per change (not once per test file): into a PGlite dump that test
 * databases start from, or into a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup(project?: TestProject) {
  const key = fixtureKey();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    await prepareFixtures({
      key,
      client: project?.vitest.projects.some((p) => p.name === 'e2e') ?? false,
    });
    return;
  }
  const name = templateName(key);
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return;
    await admin.query(`drop database if exists ${name}_building with (force)`);
    await admin.query(`create database ${name}_building`);
    const target = new URL(url);
    target.pathname = `/${name}_building`;
    const handle = await openPostgres(target.toString(), 2);
    await handle.migrate();
    await loadBundledBibles(handle.db, { wordStudyAhead: true });
    await handle.close();
    await admin.query(`alter database ${name}_building rename to ${name}`);
  } finally {
    await admin.end();
  }
}

/**
 * What the tests on PGlite start from: the data folders of a migrated database, empty and with the
 * Bibles (each test database and browser test server copies one), and with `client` the built
 * client the browser tests load. Made once per change; `npm test` (scripts/test.ts) makes them
 * before its two runs of Vitest, whose global setups then find them made.
 */
export async function prepareFixtures({
  key = fixtureKey(),
  client,
}: {
  key?: string;
  client: boolean;
}): Promise<void> {
  // The client is built meanwhile, in a child process: loading the Bibles keeps this thread and
  // one core busy, the build another. Together they were ~40 s of `npm test` on one core.
  await Promise.all([
    ensurePgliteDump(key).then(() =>
      Promise.all([ensurePgliteDataDir(key, 'empty'), ensurePgliteDataDir(key, 'bibles')]),
    ),
    client ? ensureClientBuiltMeanwhile() : Promise.resolve(false),
  ]);
}

/**
 * The PGlite dumps of a migrated database, empty and with the three Bibles loaded, built once
 * per key. Test databases start from one of them (tests/helpers/database.ts): loading a dump
 * takes a third of the time of creating a database and migrating it.
 */
export async function ensurePgliteDump(key = fixtureKey()): Promise<string> {
  const file = dumpPath(key);
  const empty = emptyDumpPath(key);
  if (existsSync(file) && existsSync(empty)) return file;
  mkdirSync(DUMP_DIR, { recursive: true });
  const handle = await openPglite(undefined);
  await handle.migrate();
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  // Written beside, then renamed: another run (another worktree's) never reads half a file.
  // After a checkpoint, without the WAL segments nothing will read (wal.ts): half the bytes,
  // and a test database opens in half the time (1.5 s instead of 3 s).
  const write = async (path: string) => {
    const part = `${path}.part-${process.pid}`;
    await client.exec('CHECKPOINT');
    const dump = new Uint8Array(await (await client.dumpDataDir('gzip')).arrayBuffer());
    writeFileSync(part, withoutUnreadWal(dump));
    renameSync(part, path);
  };
  if (!existsSync(empty)) await write(empty);
  if (!existsSync(file)) {
    await loadBundledBibles(handle.db, { wordStudyAhead: true });
    await write(file);
  }
  await handle.close();
  return file;
}

/**
 * A PGlite data folder with one of the dumps' databases in it, which test databases
 * (tests/helpers/database.ts) and the browser tests' server processes copy: the servers skip the
 * first-start Bible install, which the fault tests and the first-start test cover on empty
 * folders.
 */
export async function ensurePgliteDataDir(
  key = fixtureKey(),
  which: 'bibles' | 'empty' = 'bibles',
): Promise<string> {
  const dir = seedDataDir(key, which);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  await ensurePgliteDump(key);
  const dump = which === 'bibles' ? dumpPath(key) : emptyDumpPath(key);
  // Built beside it, then renamed: another run (another worktree's) never sees half of it.
  const building = `${dir}.part-${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const { PGlite: Client } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const client = await Client.create({
    dataDir: building,
    loadDataDir: new Blob([readFileSync(dump)]),
    extensions: { unaccent },
  });
  await client.close();
  if (existsSync(join(dir, 'PG_VERSION'))) rmSync(building, { recursive: true, force: true });
  else {
    rmSync(dir, { recursive: true, force: true });
    renameSync(building, dir);
  }
  return dir;
}
