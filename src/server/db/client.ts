import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** Both drivers expose the same query builder; code is written against this type. */
export type Database = ReturnType<typeof drizzlePg<Schema>>;
/** What `db.transaction` hands its callback: writes through it commit or roll back together. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Reads that may run on the database or inside a caller's transaction (seeing its writes). */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Runs migrations committed under drizzle/. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('../../../drizzle', import.meta.url));

export async function openPostgres(url: string, poolMax = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  pool.on('error', () => {
    /* idle client errors are reported by the next query; do not crash the process */
  });
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    async migrate() {
      await migratePg(db, { migrationsFolder });
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

/** PGlite in `dataDir`, or in memory when `dataDir` is undefined (tests); or a given client. */
export async function openPglite(
  dataDir: string | undefined,
  existing?: PGlite,
): Promise<DatabaseHandle> {
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const client =
    existing ??
    (dataDir
      ? await PGlite.create({ dataDir, extensions: { unaccent } })
      : await PGlite.create({ extensions: { unaccent } }));
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async migrate() {
      await migratePglite(drizzlePglite(client, { schema }), { migrationsFolder });
    },
    async ping() {
      await client.query('select 1');
    },
    async close() {
      await client.close();
    },
  };
}
