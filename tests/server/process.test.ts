import { afterAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectDurable } from '../helpers/durable.ts';
import { ensurePgliteDataDir } from '../helpers/global-setup-server.ts';
import { startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * The real server process on embedded PGlite: the lock, durability after kill -9, graceful
 * shutdown (PostgreSQL's: process-postgres.test.ts).
 */
const dirs: string[] = [];
const running: ServerProcess[] = [];
afterAll(async () => {
  for (const s of running) await s.stop('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir() {
  const dir = mkdtempSync(join(tmpdir(), 'camino-'));
  dirs.push(dir);
  return dir;
}

/**
 * A data folder whose database is already migrated with the Bibles in (the browser tests'
 * prepared copy): a later start, with no install running in the background.
 */
async function preparedDir() {
  const dir = tempDir();
  cpSync(await ensurePgliteDataDir(), join(dir, 'pglite'), { recursive: true });
  return dir;
}

// Real processes: a first start also loads the Bibles in the background, so allow time.
const PROCESS_TIMEOUT = 150_000;

describe('embedded PGlite', () => {
  it(
    'refuses a second server on the same data directory, with a clear message',
    async () => {
      // An empty folder, as on a first start: SIGTERM comes while the Bibles install.
      const dir = tempDir();
      const first = await startServer({ DATA_DIR: dir }, { waitFor: 'healthz' });
      running.push(first);
      const second = await startServer({ DATA_DIR: dir }, { waitReady: false });
      const code = await second.exited;
      expect(code).toBe(2);
      expect(second.output()).toMatch(/already in use by another process/);
      expect(await first.stop('SIGTERM')).toBe(0);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'builds the offline pack a while after it is ready, before any member asks for it',
    async () => {
      // Asked for first, it made that member's page wait ~2 s (past the drawing's time limit).
      const server = await startServer({
        DATA_DIR: await preparedDir(),
        OFFLINE_PACK_WARM_SECONDS: '1',
        LOG_LEVEL: 'info',
      });
      running.push(server);
      await expect
        .poll(() => server.output(), { timeout: 60_000, interval: 200 })
        .toMatch(/offline pack ready/);
      const out = server.output();
      expect(out.indexOf('offline pack ready')).toBeGreaterThan(out.indexOf('Camino is ready'));
      expect(await server.stop('SIGTERM')).toBe(0);
    },
    PROCESS_TIMEOUT,
  );

  it(
    'keeps an acknowledged write after kill -9',
    async () => {
      // What is asserted is the member's write, not the install (first-start.test.ts's).
      await expectDurable({ DATA_DIR: await preparedDir() }, running);
    },
    PROCESS_TIMEOUT,
  );
});
