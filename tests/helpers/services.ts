import { execFile, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import pg from 'pg';
import { DUMP_DIR, fixtureKey } from './fixture.ts';
import { freePort } from './server-process.ts';

/**
 * Private PostgreSQL clusters and Redis servers for fault tests (tests/reliability): each test
 * file starts its own, on a free port on 127.0.0.1, and may stop, restart or kill it without
 * disturbing the shared servers other suites use. Every wait is bounded; `destroy` removes all.
 */

/** Debian's server binaries (the newest major installed), or PG_BIN. */
export function postgresBin(): string | null {
  if (process.env.PG_BIN)
    return existsSync(join(process.env.PG_BIN, 'pg_ctl')) ? process.env.PG_BIN : null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

export function redisServerBin(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v redis-server'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() : null;
}

/**
 * Whether the tools a fault test needs are here. Missing ones skip the test with a clear
 * message on a developer's machine, and fail it in CI (CI=true), where they must be installed.
 */
export function haveTools(needs: { postgres?: boolean; redis?: boolean }): boolean {
  const missing = [
    needs.postgres && !postgresBin() && 'PostgreSQL server binaries (/usr/lib/postgresql/*/bin)',
    needs.redis && !redisServerBin() && 'redis-server',
  ].filter(Boolean);
  if (missing.length === 0) return true;
  const message = `fault tests need ${missing.join(' and ')}: apt-get install -y postgresql redis-server`;
  if (process.env.CI === 'true') throw new Error(message);
  console.warn(`SKIPPED: ${message}`);
  return false;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `check` every `every` ms until it is true, at most `ms`; throws `what` after. */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  ms = 30_000,
  every = 100,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(every);
  }
  throw new Error(`timed out after ${ms} ms waiting for ${what}`);
}

/** initdb refuses to run as root: as root, commands run as the `postgres` user. */
const asRoot = () => process.getuid?.() === 0;

/** Runs a PostgreSQL program (as `postgres` when we are root), at most two minutes. */
function run(bin: string, args: string[]): Promise<string> {
  const [cmd, argv] = asRoot() ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  return new Promise((resolve, reject) => {
    execFile(cmd, argv, { encoding: 'utf8', timeout: 120_000 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`${bin} ${args.join(' ')} failed: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

/** A directory the server's user owns (postgres when we are root). */
export function serviceDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (asRoot()) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout);
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout);
    chownSync(dir, uid, gid);
  }
  return dir;
}

export interface PgCluster {
  port: number;
  /** The data directory (owned by `postgres` when we are root). */
  dataDir: string;
  /** URL of `database` on this cluster (the superuser, trust authentication). */
  url(database?: string): string;
  /** A new database, empty or copied from `template`. */
  createDatabase(name: string, template?: string): Promise<string>;
  start(): Promise<void>;
  /** Fast shutdown: open connections are terminated ("administrator command"). */
  stop(): Promise<void>;
  /** `pg_ctl restart -m fast`: every connection is cut, the server is back at once. */
  restart(): Promise<void>;
  /** Stops the cluster (immediately) and deletes its files. */
  destroy(): Promise<void>;
}

/**
 * A private cluster in a temporary directory. With `from`, the data directory of a stopped
 * cluster is copied instead of running initdb (see global-setup-reliability.ts).
 */
export async function startPostgres(options: { from?: string } = {}): Promise<PgCluster> {
  const bin = postgresBin();
  if (!bin) throw new Error('PostgreSQL server binaries not found');
  const root = serviceDir('camino-pg-');
  const data = join(root, 'data');
  const port = await freePort();
  if (options.from) {
    const copied = spawnSync('cp', ['-a', options.from, data]);
    if (copied.status !== 0) throw new Error(`copying ${options.from} failed`);
  } else {
    await initCluster(bin, data);
  }
  const ctl = (...args: string[]) => run(join(bin, 'pg_ctl'), ['-D', data, ...args]);
  // fsync off: the machine does not crash in these tests, PostgreSQL restarts do.
  const serverOptions = `-p ${port} -k ${root} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  const cluster: PgCluster = {
    port,
    dataDir: data,
    url: (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name, template) {
      const admin = new pg.Client({ connectionString: cluster.url() });
      await admin.connect();
      try {
        await admin.query(`create database ${name}${template ? ` template ${template}` : ''}`);
      } finally {
        await admin.end();
      }
      return cluster.url(name);
    },
    async start() {
      await ctl('-l', join(root, 'log'), '-o', serverOptions, '-w', '-t', '60', 'start');
    },
    async stop() {
      await ctl('-m', 'fast', '-w', '-t', '60', 'stop');
    },
    async restart() {
      await ctl(
        '-l',
        join(root, 'log'),
        '-o',
        serverOptions,
        '-m',
        'fast',
        '-w',
        '-t',
        '60',
        'restart',
      );
    },
    async destroy() {
      if (existsSync(join(data, 'postmaster.pid'))) {
        await ctl('-m', 'immediate', '-w', '-t', '30', 'stop').catch(() => undefined);
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
  try {
    await cluster.start();
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
  return cluster;
}

/** initdb into `data` (its parent owned by the server's user). */
export async function initCluster(bin: string, data: string): Promise<void> {
  await run(join(bin, 'initdb'), [
    '-D',
    data,
    '-A',
    'trust',
    '-U',
    'postgres',
    '--no-sync',
    '-E',
    'UTF8',
  ]);
}

export interface RedisServer {
  port: number;
  url: string;
  start(): Promise<void>;
  /** Stops the server (SIGTERM) and waits until it has exited. */
  stop(): Promise<void>;
  destroy(): Promise<void>;
}

/**
 * A private redis-server without persistence. `port` may be given to start it later on an
 * address a server was already told about (`startRedis({ started: false })`).
 */
export async function startRedis(options: { started?: boolean } = {}): Promise<RedisServer> {
  const bin = redisServerBin();
  if (!bin) throw new Error('redis-server not found');
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'camino-redis-'));
  let proc: ChildProcess | null = null;
  let exited: Promise<void> = Promise.resolve();
  const server: RedisServer = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (proc) return;
      const child = spawn(
        bin,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        { cwd: dir, stdio: 'ignore' },
      );
      proc = child;
      exited = new Promise((resolve) => child.once('exit', () => resolve()));
      await waitFor(`redis-server on port ${port}`, () => ping(port), 10_000);
    },
    async stop() {
      if (!proc) return;
      proc.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      proc = null;
    },
    async destroy() {
      if (proc) proc.kill('SIGKILL');
      await Promise.race([exited, sleep(5_000)]);
      proc = null;
      rmSync(dir, { recursive: true, force: true });
    },
  };
  if (options.started !== false) await server.start();
  return server;
}

/** True when a Redis server answers PING on the port (a raw RESP exchange, no client needed). */
async function ping(port: number): Promise<boolean> {
  const { connect } = await import('node:net');
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (d) => done(d.toString().startsWith('+PONG')));
  });
}

/**
 * Where global-setup-reliability.ts keeps a stopped cluster whose database `camino_bibles` is
 * migrated with the three Bibles loaded (built once per change of migrations, Bibles or
 * PostgreSQL version), for the fault tests that are not about the first-start install.
 */
export function bibleSeedDir(): string | null {
  const bin = postgresBin();
  return bin ? join(DUMP_DIR, `pg${basename(dirname(bin))}-bibles-${fixtureKey()}`) : null;
}

/** The template database in a cluster started from `bibleSeedDir()`. */
export const BIBLE_TEMPLATE = 'camino_bibles';
