import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { openPglite, openPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { dumpPath, emptyDumpPath, fixtureKey, templateName } from './fixture.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database
 * on the PostgreSQL server of TEST_DATABASE_URL (dropped when closed). With `bibles`, it starts
 * with the three Bibles already loaded (from the fixture tests/helpers/global-setup-server.ts
 * builds once).
 */
export async function createTestDatabase(
  options: { bibles?: boolean } = {},
): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // From a dump of the migrated database (built by the global setup): faster than creating
    // one and migrating it. `migrate()` below finds nothing left to do.
    const key = fixtureKey();
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const client = await PGlite.create({
      loadDataDir: new Blob([readFileSync(options.bibles ? dumpPath(key) : emptyDumpPath(key))]),
      extensions: { unaccent },
    });
    const handle = await openPglite(undefined, client);
    await handle.migrate();
    return handle;
  }
  const name = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(
    `create database ${name}${options.bibles ? ` template ${templateName(fixtureKey())}` : ''}`,
  );
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openPostgres(target.toString(), 5);
  await handle.migrate();
  return {
    ...handle,
    async close() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: url });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
