import { PGlite } from '@electric-sql/pglite';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { bundledBibles } from '#server/bible/data.ts';
import { missingBibles } from '#server/bible/loader.ts';
import { serveBackups } from '#server/db/backup-socket.ts';
import { BIBLE_TABLES } from '#server/db/backup.ts';
import type { Database } from '#server/db/client.ts';
import { lockDataDir } from '#server/db/lock.ts';
import { useTestApp } from '../helpers/app.ts';
import { ROOT } from '../helpers/server-process.ts';
import {
  differences,
  fillEmptyTables,
  pgliteQuery,
  pgQuery,
  rowCounts,
  type Query,
} from '../helpers/tables.ts';

/**
 * `npm run backup` and `npm run restore` (README, "Backups"): a database holding every kind of
 * member data is backed up, restored into an empty one, and the two are compared row by row,
 * table by table (0 differences). On the embedded database (PGlite) always; on PostgreSQL when
 * TEST_DATABASE_URL is set (pg_dump and pg_restore of the server's version are needed).
 */
const app = useTestApp(
  // Without the three Bibles (93,000 verses each way would only slow the test down): a Bible
  // translation and a verse are written like any other row, and must come back like any other.
  { deps: { mailer: undefined } },
  { member: {}, admin: { role: 'admin' } },
);

/** What `--no-bibles` leaves out: the Bible text and the cross references, installed again at start. */
const BIBLES = BIBLE_TABLES.map((table) => `"public"."${table}"`);
const work = mkdtempSync(join(tmpdir(), 'camino-backup-'));
let source: Query;

/** The real command, as an operator runs it: exit code and what it printed. */
function npmRun(
  script: 'backup' | 'restore',
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = process.env;
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', `src/server/cli/${script}.ts`, ...args],
      { cwd: ROOT, env: { ...rest, NODE_ENV: 'test', ...env }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

/** Every kind of member data, as members and an admin make it, then a row in any table left empty. */
async function seed() {
  const { member, admin } = app;
  const ok = async (
    method: 'POST' | 'PUT' | 'PATCH',
    url: string,
    payload: object,
    who = member,
  ) => {
    const res = await app.call(who, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return res;
  };
  await ok('POST', '/api/journal', {
    title: 'Gratitud',
    content: 'Señor, gracias por “todo” — hoy y mañana.\nAmén.',
    tags: 'faith, hope',
  });
  await ok('POST', '/api/prayers', { title: 'For my sister', category: 'family', urgent: true });
  await ok('POST', '/api/prayer-sessions', { minutes: 5 });
  await ok('POST', '/api/studies', {
    reference: 'Salmos 23',
    translation: 'RV1909',
    title: 'El buen pastor',
    observation: 'El Señor cuida.',
  });
  await ok('POST', '/api/goals', {
    preset: 'pray-10-minutes-daily',
    title: 'Pray 10 minutes daily',
  });
  await ok('POST', '/api/reading-plans/gospels/start', { duration: 90 });
  await ok('PUT', '/api/lessons/101-1/response', { response: 'God is love; I want to love.' });
  await ok('PUT', '/api/library/read/hero/william-carey', { read: true });
  await ok('PATCH', '/api/user/preferences', { timeZone: 'America/Lima' });
  await ok('POST', '/api/auth/two-factor/enable', { password: member.password });
  await ok('PATCH', `/api/admin/users/${member.id}`, { isPremium: true }, admin);
  const ticket = await app.t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    headers: { cookie: member.cookie },
    payload: {
      name: 'María López',
      email: member.email,
      phone: '+34 600 123 456',
      subject: 'account',
      message: 'No puedo cambiar mi contraseña desde la configuración.',
    },
  });
  expect(ticket.statusCode, ticket.body).toBeLessThan(300);
  const reset = await app.t.app.inject({
    method: 'POST',
    url: '/api/auth/request-password-reset',
    payload: { email: member.email, redirectTo: '/reset-password' },
  });
  expect(reset.statusCode).toBe(200);
  // What no route above wrote (a Stripe event, a push subscription, a verse, which needs the
  // Bible text to be saved through the app…): a row of its own.
  await fillEmptyTables(source);
  const counts = await rowCounts(source);
  expect(Object.entries(counts).filter(([, n]) => n === 0)).toEqual([]);
}

/** A restored data folder, opened as the server would open it (closed before another opens it). */
async function openFolder(
  dir: string,
): Promise<{ query: Query; db: Database; close: () => Promise<void> }> {
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent');
  const client = await PGlite.create({ dataDir: dir, extensions: { unaccent } });
  return {
    query: pgliteQuery(client),
    db: drizzlePglite(client) as unknown as Database,
    close: () => client.close(),
  };
}

afterAll(async () => {
  rmSync(work, { recursive: true, force: true });
});

/**
 * Each test runs the commands as an operator does (`npm run backup`, `npm run restore`), each a
 * process that starts Node, tsx and PGlite: three of them take 20 s on two idle cores and more
 * while other test files run, beyond the suite's 30 s default. What they check is rows, not time.
 */
const COMMANDS_TIMEOUT = 120_000;

describe('backup and restore of the embedded database (PGlite)', () => {
  const pglite = !process.env.TEST_DATABASE_URL;
  beforeAll(async () => {
    if (!pglite) return;
    source = pgliteQuery(app.t.database.pglite!);
    await seed();
  });

  it.runIf(pglite)(
    'npm run backup while the server runs, npm run restore into an empty folder: every row of every table',
    async () => {
      // This process plays the running server: it holds the data folder and answers on its socket.
      const running = join(work, 'running');
      const release = lockDataDir(running);
      const socket = await serveBackups(app.t.database.pglite!, running, {
        info: () => undefined,
        warn: () => undefined,
      });
      expect(socket).not.toBeNull();
      const file = join(work, 'full.tar.gz');
      try {
        const backup = await npmRun('backup', ['--out', file], { DATA_DIR: running });
        expect(backup.output).toContain('is running: asking it for the backup');
        expect(backup.code, backup.output).toBe(0);
        // A restore never runs under a server.
        const refused = await npmRun('restore', [file], { DATA_DIR: running });
        expect(refused.code).toBe(2);
        expect(refused.output).toContain('Stop it first');
      } finally {
        socket?.close();
        release();
      }

      const restored = join(work, 'restored');
      const restore = await npmRun('restore', [file], { DATA_DIR: restored });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/2 accounts, the Bible text of 1 translation/);
      const database = await openFolder(join(restored, 'pglite'));
      try {
        expect(await differences(source, database.query)).toEqual([]);
      } finally {
        await database.close();
      }
    },
    COMMANDS_TIMEOUT,
  );

  it.runIf(pglite)(
    'with the server stopped, npm run backup opens the folder itself; --no-bibles leaves the Bible text out',
    async () => {
      // The folder restored above, with no server on it.
      const backup = await npmRun(
        'backup',
        ['--no-bibles', '--out', join(work, 'no-bibles.tar.gz')],
        {
          DATA_DIR: join(work, 'restored'),
        },
      );
      expect(backup.code, backup.output).toBe(0);
      expect(backup.output).toContain('without the Bibles');
      expect(backup.output).not.toContain('is running');
    },
    COMMANDS_TIMEOUT,
  );

  it.runIf(pglite)(
    'npm run restore over a database keeps it aside; every row but the Bibles, which come back at the next start',
    async () => {
      const folder = join(work, 'restored');
      const restore = await npmRun('restore', [join(work, 'no-bibles.tar.gz')], {
        DATA_DIR: folder,
      });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toContain('no Bible text');
      expect(restore.output).toMatch(/kept in .*pglite\.before-restore-/);
      const restored = await openFolder(join(folder, 'pglite'));
      try {
        expect(await differences(source, restored.query, { except: BIBLES })).toEqual([]);
        const counts = await rowCounts(restored.query);
        expect([counts.bible_verse, counts.bible_translation]).toEqual([0, 0]);
        expect(await missingBibles(restored.db)).toHaveLength(bundledBibles().length);
      } finally {
        await restored.close();
      }
    },
    COMMANDS_TIMEOUT,
  );
});

describe.runIf(process.env.TEST_DATABASE_URL)('backup and restore of PostgreSQL', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const created: string[] = [];
  const clients: pg.Client[] = [];
  /** A connection of the test's own, ended before its database is dropped. */
  async function connectTo(target: string) {
    const client = new pg.Client({ connectionString: target });
    client.on('error', () => undefined);
    await client.connect();
    clients.push(client);
    return client;
  }
  let sourceUrl: string;

  const at = (name: string) => {
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  };
  async function adminQuery(text: string) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  }
  /** A new, empty database to restore into. */
  async function emptyDatabase(): Promise<{ url: string; query: Query; db: Database }> {
    const name = `camino_restore_${Date.now().toString(36)}_${created.length}`;
    await adminQuery(`create database ${name}`);
    created.push(name);
    const client = await connectTo(at(name));
    const { drizzle } = await import('drizzle-orm/node-postgres');
    return { url: at(name), query: pgQuery(client), db: drizzle(client) as unknown as Database };
  }

  beforeAll(async () => {
    const [row] = (
      await app.t.database.db.execute<{ name: string }>(sql`select current_database() as name`)
    ).rows;
    sourceUrl = at(row!.name);
    source = pgQuery(await connectTo(sourceUrl));
    await seed();
  });
  afterAll(async () => {
    for (const client of clients) await client.end();
    for (const name of created) await adminQuery(`drop database if exists ${name} with (force)`);
  });

  it(
    'npm run backup (pg_dump) and npm run restore (pg_restore) into an empty database: every row of every table',
    async () => {
      const file = join(work, 'full.dump');
      const backup = await npmRun('backup', ['--out', file], { DATABASE_URL: sourceUrl });
      expect(backup.code, backup.output).toBe(0);
      const target = await emptyDatabase();
      const restore = await npmRun('restore', [file], { DATABASE_URL: target.url });
      expect(restore.code, restore.output).toBe(0);
      expect(restore.output).toMatch(/2 accounts, the Bible text of 1 translation/);
      expect(await differences(source, target.query)).toEqual([]);
      // A restore never writes over a database that holds anything.
      const again = await npmRun('restore', [file], { DATABASE_URL: target.url });
      expect(again.code).toBe(2);
      expect(again.output).toContain('is not empty');
    },
    COMMANDS_TIMEOUT,
  );

  it(
    'without the Bibles: every other row; the Bibles come back at the next start',
    async () => {
      const file = join(work, 'no-bibles.dump');
      const backup = await npmRun('backup', ['--no-bibles', '--out', file], {
        DATABASE_URL: sourceUrl,
      });
      expect(backup.code, backup.output).toBe(0);
      const target = await emptyDatabase();
      const restore = await npmRun('restore', [file], { DATABASE_URL: target.url });
      expect(restore.code, restore.output).toBe(0);
      expect(await differences(source, target.query, { except: BIBLES })).toEqual([]);
      const counts = await rowCounts(target.query);
      expect([counts.bible_verse, counts.bible_translation]).toEqual([0, 0]);
      expect(await missingBibles(target.db)).toHaveLength(bundledBibles().length);
    },
    COMMANDS_TIMEOUT,
  );
});
