import '#server/polyfill.ts';
import type { PGlite } from '@electric-sql/pglite';
import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import pg from 'pg';
import { openPglite, openPostgres } from '#server/db/client.ts';
import { loadBundledBibles } from '#server/bible/loader.ts';
import { DUMP_DIR, dumpPath, fixtureKey, templateName } from './fixture.ts';

/**
 * Loads the three Bibles once per change (not once per test file): into a PGlite dump that test
 * databases start from, or into a PostgreSQL template database when TEST_DATABASE_URL is set.
 */
export default async function setup() {
  const key = fixtureKey();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const file = dumpPath(key);
    if (existsSync(file)) return;
    mkdirSync(DUMP_DIR, { recursive: true });
    const handle = await openPglite(undefined);
    await handle.migrate();
    await loadBundledBibles(handle.db);
    const client = (handle.db as unknown as { $client: PGlite }).$client;
    const dump = await client.dumpDataDir('gzip');
    await handle.close();
    writeFileSync(`${file}.part`, Buffer.from(await dump.arrayBuffer()));
    renameSync(`${file}.part`, file);
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
    await loadBundledBibles(handle.db);
    await handle.close();
    await admin.query(`alter database ${name}_building rename to ${name}`);
  } finally {
    await admin.end();
  }
}
