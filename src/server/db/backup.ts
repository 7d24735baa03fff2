/**
 * Backups and restores of the whole database (`npm run backup`, `npm run restore`; README,
 * "Backups"; docs/decisions/0050):
 * - the embedded database (PGlite): its data folder, as PGlite dumps it (a gzip'd tar), taken
 *   while no query runs, which is what a restart after a crash would find: consistent;
 * - PostgreSQL: `pg_dump`'s custom format (one snapshot, consistent while the app writes), put
 *   back by `pg_restore` in one transaction.
 * The Bible text may be left out (`--no-bibles`): the bundled translations are installed again
 * at the next start. The CLIs (src/server/cli/backup.ts, restore.ts) are the operator's side.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { migrationsFolder } from './client.ts';

/** Rebuilt from the bundled files at start-up: optional in a backup. */
export const BIBLE_TABLES = [
  'bible_verse',
  'bible_translation',
  'bible_cross_reference',
  'bible_cross_reference_source',
] as const;

/** A backup cannot be made or restored; the message says why and what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

export type BackupKind = 'pglite' | 'postgres';

/** What a backup file holds, from its first bytes: a PGlite data folder or a pg_dump archive. */
export function backupKindOf(head: Uint8Array): BackupKind | null {
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  if (Buffer.from(head.subarray(0, 5)).toString('latin1') === 'PGDMP') return 'postgres';
  return null;
}

async function newPglite(options: { dataDir?: string; loadDataDir?: Blob } = {}) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  return PGlite.create({ ...options, extensions: { unaccent } });
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
/** A file read from disk is never backed by shared memory. */
const blobOf = (archive: Uint8Array) => new Blob([archive as Uint8Array<ArrayBuffer>]);

/** The embedded database's data folder as a gzip'd tar (what `npm run backup` writes). */
export async function pgliteArchive(
  client: PGlite,
  options: { bibles: boolean },
): Promise<Uint8Array> {
  if (options.bibles) return dumpPglite(client);
  const copy = await copyWithoutBibles(client);
  try {
    return await dumpPglite(copy);
  } finally {
    await copy.close();
  }
}

/**
 * The data folder as it stands between two queries (PGlite runs one at a time): consistent, as a
 * restart after a crash would find it. A checkpoint first writes what is in memory to the
 * folder, so that the restored database needs little replaying, and its sequences (a support
 * ticket's number) go on exactly where they were rather than a few numbers further.
 */
export async function dumpPglite(client: PGlite): Promise<Uint8Array> {
  await client.exec('checkpoint');
  return bytesOf(await client.dumpDataDir('gzip'));
}

/** A database in memory loaded from an archive of pgliteArchive (the caller closes it). */
export function openPgliteArchive(archive: Uint8Array): Promise<PGlite> {
  return newPglite({ loadDataDir: blobOf(archive) });
}

/**
 * A new database in memory with every row of `source` but the Bible text. Emptying the Bible
 * tables of a copy would leave their pages in the write-ahead log (most of the folder); a new
 * database, migrated to the same version and filled table by table, holds only what is copied.
 */
async function copyWithoutBibles(source: PGlite): Promise<PGlite> {
  const applied = (
    await source.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations order by created_at, id',
    )
  ).rows.map((r) => r.hash);
  const known = readMigrationFiles({ migrationsFolder }).map((m) => m.hash);
  if (applied.length !== known.length || applied.some((hash, i) => hash !== known[i])) {
    throw new BackupError(
      'This database is not at the version of this copy of Camino (its migrations differ), so ' +
        'it cannot be copied without the Bibles. Start the server once (it brings the database ' +
        'up to date), or back it up with the Bibles (without --no-bibles).',
    );
  }
  const copy = await newPglite();
  try {
    await migratePglite(drizzlePglite(copy), { migrationsFolder });
    const tables = (
      await source.query<{ name: string }>(
        `select table_name as name from information_schema.tables
         where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
      )
    ).rows
      .map((r) => r.name)
      .filter((name) => !(BIBLE_TABLES as readonly string[]).includes(name));
    // Rows go in as they are: no foreign-key or other trigger runs on them (they held in the
    // source), so the tables' order does not matter and the append-only audit log is copied.
    const qualified = tables.map((name) => `public.${quoteIdentifier(name)}`);
    await copy.exec('set session_replication_role = replica');
    // Whatever a migration may have put in the new tables gives way to the source's rows.
    if (qualified.length > 0) await copy.exec(`truncate ${qualified.join(', ')} cascade`);
    for (const table of qualified) {
      const out = await source.query(`copy ${table} to '/dev/blob'`);
      if (out.blob) await copy.query(`copy ${table} from '/dev/blob'`, [], { blob: out.blob });
    }
    await copy.exec('reset session_replication_role');
    // Where each sequence stands (a support ticket's number, the migrations' ids): the copy
    // goes on from there. A sequence never used has no value yet, in both.
    const sequences = await source.query<{ schema: string; name: string; value: string | null }>(
      `select schemaname as schema, sequencename as name, last_value::text as value
       from pg_sequences where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    for (const { schema, name, value } of sequences.rows) {
      if (value === null) continue;
      await copy.query('select setval($1::regclass, $2::bigint, true)', [
        `${quoteIdentifier(schema)}.${quoteIdentifier(name)}`,
        value,
      ]);
    }
    return copy;
  } catch (error) {
    await copy.close();
    throw error;
  }
}

/**
 * Puts a PGlite archive into `dataDir`, a folder that must not exist yet, and checks that the
 * database opens there. Answers how many accounts and Bible translations it holds.
 */
export async function restorePgliteArchive(
  archive: Uint8Array,
  dataDir: string,
): Promise<{ members: number; bibles: number }> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0) {
    throw new BackupError(`${dataDir} is not empty: the restore writes into a new folder.`);
  }
  const db = await newPglite({ dataDir, loadDataDir: blobOf(archive) });
  try {
    return await countsOf((text) => db.query<Record<string, unknown>>(text));
  } finally {
    await db.close();
  }
}

async function countsOf(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<{ members: number; bibles: number }> {
  const { rows } = await query(
    'select (select count(*) from "user")::int as members, (select count(*) from bible_translation)::int as bibles',
  );
  return { members: Number(rows[0]?.members), bibles: Number(rows[0]?.bibles) };
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

// ── PostgreSQL ──

/**
 * The arguments and environment that point pg_dump or pg_restore at `url`: the password travels
 * in the environment (PGPASSWORD), never on the command line, where `ps` would show it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

async function serverMajor(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ v: string }>(
      "select current_setting('server_version_num') as v",
    );
    return Math.floor(Number(rows[0]!.v) / 10_000);
  } finally {
    await client.end();
  }
}

function toolMajor(path: string): number | null {
  const run = spawnSync(path, ['--version'], { encoding: 'utf8' });
  const match = run.status === 0 ? /\(PostgreSQL\) (\d+)/.exec(run.stdout) : null;
  return match ? Number(match[1]) : null;
}

/**
 * pg_dump or pg_restore for a server of version `major`: from PG_BIN when set, else the
 * Debian/Ubuntu layout (/usr/lib/postgresql/<version>/bin), else the PATH. The same major
 * version as the server is preferred; a newer one also works (an older pg_dump refuses a
 * newer server).
 */
export function findPgTool(name: 'pg_dump' | 'pg_restore', major: number): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(join(process.env.PG_BIN, name));
  else {
    const root = '/usr/lib/postgresql';
    if (existsSync(root)) {
      for (const version of readdirSync(root)) candidates.push(join(root, version, 'bin', name));
    }
    candidates.push(name);
  }
  const found = candidates
    .map((path) => ({ path, major: toolMajor(path) }))
    .filter((c): c is { path: string; major: number } => c.major !== null && c.major >= major)
    .sort((a, b) => a.major - b.major);
  const tool = found.find((c) => c.major === major) ?? found[0];
  if (!tool) {
    throw new BackupError(
      `${name} ${major} (or newer) is needed for this PostgreSQL ${major} server, and none was found` +
        `${process.env.PG_BIN ? ` in PG_BIN (${process.env.PG_BIN})` : ''}. Install the client ` +
        `(Debian/Ubuntu: apt-get install postgresql-client-${major}), or set PG_BIN to the folder that holds it.`,
    );
  }
  return tool.path;
}

function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${tool} failed (exit ${code}):\n${stderr.trim()}`));
    });
  });
}

/** pg_dump of the database at `url` into `file` (custom format, compressed). */
export async function pgDump(url: string, file: string, options: { bibles: boolean }) {
  const tool = findPgTool('pg_dump', await serverMajor(url));
  const { dbname, env } = connection(url);
  await run(
    tool,
    [
      '--format=custom',
      `--file=${file}`,
      ...(options.bibles ? [] : BIBLE_TABLES.map((t) => `--exclude-table-data=public.${t}`)),
      `--dbname=${dbname}`,
    ],
    env,
  );
}

/** Whether the database at `url` has no table, view or sequence of its own yet. */
export async function isEmptyDatabase(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_class c join pg_namespace s on s.oid = c.relnamespace
       where s.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
         and c.relkind in ('r', 'p', 'v', 'm', 'S', 'f')`,
    );
    return rows[0]!.n === 0;
  } finally {
    await client.end();
  }
}

/**
 * pg_restore of `file` into the (empty) database at `url`, in one transaction: all of it or
 * nothing. Objects are owned by the user of `url`, whoever owned them before.
 */
export async function pgRestore(
  url: string,
  file: string,
): Promise<{ members: number; bibles: number }> {
  if (!(await isEmptyDatabase(url))) {
    throw new BackupError(
      'The database of DATABASE_URL is not empty, and a restore never writes over data. Restore ' +
        'into a new, empty database (createdb camino_restored, then DATABASE_URL=…/camino_restored ' +
        'npm run restore -- <file>) and point the app at it, or drop the database and create it again.',
    );
  }
  const tool = findPgTool('pg_restore', await serverMajor(url));
  const { dbname, env } = connection(url);
  await run(
    tool,
    [
      '--no-owner',
      '--no-privileges',
      '--no-comments',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await countsOf((text) => client.query(text));
  } finally {
    await client.end();
  }
}
