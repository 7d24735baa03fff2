import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { ADVISORY_LOCKS } from './advisory-locks.ts';
import * as schema from './schema.ts';
import { isDatabaseUnavailable } from './unavailable.ts';
import { fromRoot } from '../paths.ts';

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
  /** The embedded database itself (PGlite only): its data folder can be dumped (db/backup.ts). */
  pglite?: PGlite;
  /** Runs migrations committed under drizzle/. */
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** The migrations committed under drizzle/, with their journal (drizzle/meta/_journal.json). */
export const migrationsFolder = fromRoot('drizzle');

/** A connection that takes longer than this is reported as unavailable (503), not awaited. */
const CONNECT_TIMEOUT_MS = 5_000;

/** Ignores a client's 'error' event: the query in flight, if any, rejects with the same error. */
const ignoreClientError = () => undefined;

export async function openPostgres(url: string, poolMax = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolMax,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive notices a server that vanished without closing the socket.
    keepAlive: true,
  });
  // When PostgreSQL ends a connection (restart, failover, pg_terminate_backend) its client
  // emits 'error'. An EventEmitter 'error' without a listener kills the process. The pool
  // listens only while a client is idle (then drops it and emits the pool 'error' below); a
  // client checked out for a transaction, a migration, the Bible loader or an advisory lock
  // has no listener of its own. So every client gets one here, once, when the pool first hands
  // it out; the statement that was running rejects with the error and the request answers 503
  // (db/unavailable.ts), and the pool discards the client when it is released.
  pool.on('connect', (client) => client.on('error', ignoreClientError));
  pool.on('error', () => {
    /* an idle client lost its connection: the pool has dropped it and will open a new one */
  });
  const db = drizzlePg(pool, { schema });
  db.transaction = transactionsThatRelease(pool);
  return {
    db,
    kind: 'postgres',
    async migrate() {
      // Instances starting together on an empty database would each create the same tables
      // (one fails on a duplicate). One session lock: the first migrates, the others wait for
      // it and then find nothing left to apply. Migrations run on the lock's own connection.
      const client = await pool.connect();
      let unlocked = false;
      try {
        await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.migrations]);
        try {
          await migratePg(drizzlePg(client, { schema }), { migrationsFolder });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.migrations]);
          unlocked = true;
        }
      } finally {
        // A connection that may still hold the lock is closed (which frees it), never pooled.
        client.release(!unlocked);
      }
    },
    async ping() {
      await db.execute(sql`select 1`);
    },
    async close() {
      await pool.end();
    },
  };
}

/**
 * `db.transaction` on a pool that always gives its client back. Drizzle's own (0.45) checks a
 * client out and sends `begin` before its try/finally: when `begin` fails — the connection was
 * cut by a database restart while the client sat idle in the pool — the client is never
 * released. A few such leaks exhaust the pool, and every later request waits for a client that
 * never comes: the process is up but never recovers. Here the client is checked out and released
 * around Drizzle's transaction on that one client (which releases nothing itself), and a client
 * whose connection failed is destroyed rather than returned.
 */
function transactionsThatRelease(pool: pg.Pool): Database['transaction'] {
  const onClient = new WeakMap<pg.PoolClient, Database>();
  return async (run, config) => {
    const client = await pool.connect();
    let failure: unknown;
    try {
      let db = onClient.get(client);
      if (!db) {
        db = drizzlePg(client, { schema }) as unknown as Database;
        onClient.set(client, db);
      }
      return await db.transaction(run, config);
    } catch (error) {
      failure = error;
      throw error;
    } finally {
      client.release(isDatabaseUnavailable(failure));
    }
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
    pglite: client,
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
