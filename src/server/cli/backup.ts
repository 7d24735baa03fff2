// `npm run backup [-- --no-bibles] [-- --out <file or folder>]`: a consistent backup of the
// whole database (README, "Backups"; docs/decisions/0050). The embedded database (PGlite) is
// backed up whether the server runs or not; PostgreSQL with pg_dump.
import '../polyfill.ts';
import type { PGlite } from '@electric-sql/pglite';
import {
  chmodSync,
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import {
  BackupError,
  openPgliteArchive,
  pgDump,
  pgliteArchive,
  type BackupKind,
} from '../db/backup.ts';
import { requestBackup } from '../db/backup-socket.ts';
import { openPglite } from '../db/client.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';

const USAGE = `Usage: npm run backup [-- --no-bibles] [-- --out <file or folder>]
  --no-bibles   leave out the Bible text (the bundled translations are installed again at the
                next start; a translation imported with bible:import must be imported again)
  --out         where to write it (default: backups/camino-<database>-<date and time>.<ext>)`;

const { values } = parseArgs({
  options: {
    'no-bibles': { type: 'boolean', default: false },
    out: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}

const config = loadConfig();
const bibles = !values['no-bibles'];
const kind: BackupKind = config.databaseUrl ? 'postgres' : 'pglite';
const started = performance.now();

/** The file to write: `--out` (a file, or an existing folder), else one named by the time. */
function target(): string {
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const name = `camino-${kind}-${stamp}${bibles ? '' : '-no-bibles'}.${kind === 'pglite' ? 'tar.gz' : 'dump'}`;
  if (!values.out) return resolve('backups', name);
  const out = resolve(values.out);
  return existsSync(out) && statSync(out).isDirectory() ? join(out, name) : out;
}

/** Written beside, made private, flushed, then renamed: a backup file is never half a file. */
function writeFile(file: string, bytes: Uint8Array) {
  const part = `${file}.part`;
  const fd = openSync(part, 'w', 0o600);
  try {
    writeSync(fd, bytes);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(part, file);
}

/** The embedded database: asked of the server when it runs, else opened here. */
async function pgliteBackup(): Promise<Uint8Array> {
  const dataDir = resolve(config.dataDir);
  const folder = join(dataDir, 'pglite');
  const nothing = () =>
    new BackupError(`There is no embedded database in ${folder} (DATA_DIR): nothing to back up.`);
  if (!existsSync(dataDir)) throw nothing();
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    return fromRunningServer(dataDir, error.pid);
  }
  try {
    if (!existsSync(join(folder, 'PG_VERSION'))) throw nothing();
    const database = await openPglite(folder);
    try {
      return await pgliteArchive(database.pglite!, { bibles });
    } finally {
      await database.close();
    }
  } finally {
    release();
  }
}

async function fromRunningServer(dataDir: string, pid: string): Promise<Uint8Array> {
  let archive: Uint8Array;
  try {
    console.log(
      `The server (pid ${pid}) is running: asking it for the backup (it pauses for a few seconds)...`,
    );
    archive = await requestBackup(dataDir);
  } catch (error) {
    throw new BackupError(
      `Process ${pid} holds the embedded database in ${dataDir} and did not answer the backup ` +
        `request (${(error as Error).message}). Stop it (Ctrl-C, or kill ${pid}), run npm run ` +
        'backup again, then start it again.',
    );
  }
  if (bibles) return archive;
  let copy: PGlite | undefined;
  try {
    copy = await openPgliteArchive(archive);
    return await pgliteArchive(copy, { bibles: false });
  } finally {
    await copy?.close();
  }
}

try {
  const file = target();
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  if (kind === 'postgres') {
    const part = `${file}.part`;
    try {
      await pgDump(config.databaseUrl!, part, { bibles });
      chmodSync(part, 0o600);
      renameSync(part, file);
    } finally {
      rmSync(part, { force: true });
    }
  } else {
    writeFile(file, await pgliteBackup());
  }
  const size = (statSync(file).size / 1_000_000).toFixed(1);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const shown = relative(process.cwd(), file).startsWith('..')
    ? file
    : relative(process.cwd(), file);
  console.log(
    `Backed up the ${kind === 'pglite' ? 'embedded database (PGlite)' : 'PostgreSQL database'} ` +
      `${bibles ? 'with' : 'without'} the Bibles to ${shown} (${size} MB) in ${seconds} s.\n` +
      `Restore it with: npm run restore -- ${shown}`,
  );
  // Two-step sign-in secrets are stored encrypted with it: a restore elsewhere needs it too.
  console.log(
    `Keep the auth secret (${kind === 'pglite' && !config.authSecret ? `${join(resolve(config.dataDir), 'auth-secret')}` : 'BETTER_AUTH_SECRET'}) ` +
      'too, apart from the backups: it is not in them, and without it two-step sign-in cannot be ' +
      'checked after a restore on another machine.',
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = error instanceof BackupError ? 2 : 1;
}
