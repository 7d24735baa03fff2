import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPglite, openPostgres, type DatabaseHandle } from '#server/db/client.ts';
import { fixtureKey, seedDataDir, templateName } from './fixture.ts';

/** The folders of the PGlite test databases still open: removed when the process ends. */
const openFolders = new Set<string>();
process.once('exit', () => {
  for (const dir of openFolders) rmSync(dir, { recursive: true, force: true });
});

/**
 * A fresh, migrated database for one test file: PGlite in a folder of its own by default (removed
 * when closed), or a new database on the PostgreSQL server of TEST_DATABASE_URL (dropped when
 * closed). With `bibles`, it starts with the bundled Bibles already loaded (from the fixture
 * tests/helpers/global-setup-server.ts builds once).
 */
export async function createTestDatabase(
  options: { bibles?: boolean } = {},
): Promise<DatabaseHandle> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // A copy of a data folder with the migrated database in it (built by the global setup from
    // its dump), opened where it is: PGlite reads the pages it needs from the folder. Loading
    // the dump into memory instead unpacked every file of it in JavaScript: 3 s of a core with
    // the Bibles against 0.8 s for this, and 1.3 s for the empty database (docs/performance.md).
    // `migrate()` below finds nothing left to do.
    const seed = seedDataDir(fixtureKey(), options.bibles ? 'bibles' : 'empty');
    if (!existsSync(join(seed, 'PG_VERSION'))) {
      throw new Error(`no prepared database at ${seed} (tests/helpers/global-setup-server.ts)`);
    }
    const dir = mkdtempSync(join(tmpdir(), 'camino-test-db-'));
    openFolders.add(dir);
    cpSync(seed, dir, { recursive: true });
    const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
    const client = await PGlite.create({ dataDir: dir, extensions: { unaccent } }).catch(
      (error: unknown) => {
        rmSync(dir, { recursive: true, force: true });
        openFolders.delete(dir);
        throw error;
      },
    );
    const handle = await openPglite(undefined, client);
    await handle.migrate();
    return {
      ...handle,
      async close() {
        await handle.close();
        rmSync(dir, { recursive: true, force: true });
        openFolders.delete(dir);
      },
    };
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
