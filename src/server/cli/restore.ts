// `npm run restore -- <file>`: puts back a backup made by `npm run backup` (README, "Backups";
// docs/decisions/0050). The embedded database: with the server stopped; the folder it replaces
// is kept beside it. PostgreSQL: into an empty database (DATABASE_URL), in one transaction.
import '../polyfill.ts';
import {
  closeSync,
  existsSync,
  openSync,
  readFileSync,
  readSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { join, resolve } from 'node:path';
import { loadConfig } from '../config.ts';
import { BackupError, backupKindOf, pgRestore, restorePgliteArchive } from '../db/backup.ts';
import { DataDirLockedError, lockDataDir } from '../db/lock.ts';

const file = process.argv[2];
if (!file || file.startsWith('-')) {
  console.error('Usage: npm run restore -- <backup file made by npm run backup>');
  process.exit(2);
}

const config = loadConfig();
const started = performance.now();

/** The first bytes of the file: what kind of backup it is. */
function kindOf(path: string) {
  const fd = openSync(path, 'r');
  try {
    const head = new Uint8Array(8);
    readSync(fd, head, 0, head.length, 0);
    return backupKindOf(head);
  } finally {
    closeSync(fd);
  }
}

async function restorePglite(path: string) {
  const dataDir = resolve(config.dataDir);
  let release: () => void;
  try {
    release = lockDataDir(dataDir);
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    throw new BackupError(
      `The server (pid ${error.pid}) is running on ${dataDir}. Stop it first (Ctrl-C, or kill ` +
        `${error.pid}), run the restore again, then start it.`,
    );
  }
  try {
    const stamp = new Date()
      .toISOString()
      .replace(/\.\d+Z$/, 'Z')
      .replaceAll(':', '-');
    const folder = join(dataDir, 'pglite');
    const staging = join(dataDir, `pglite.restoring-${stamp}`);
    rmSync(staging, { recursive: true, force: true });
    let counts;
    try {
      counts = await restorePgliteArchive(readFileSync(path), staging);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      throw error;
    }
    let keptAside: string | null = null;
    if (existsSync(folder) && readdirSync(folder).length > 0) {
      keptAside = join(dataDir, `pglite.before-restore-${stamp}`);
      renameSync(folder, keptAside);
    } else rmSync(folder, { recursive: true, force: true });
    renameSync(staging, folder);
    return { ...counts, where: folder, keptAside };
  } finally {
    release();
  }
}

try {
  const path = resolve(file);
  if (!existsSync(path)) throw new BackupError(`No such file: ${path}`);
  const kind = kindOf(path);
  if (!kind) {
    throw new BackupError(`${path} is not a backup made by npm run backup.`);
  }
  if (kind === 'pglite' && config.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of the embedded database (PGlite), and DATABASE_URL points at ` +
        'PostgreSQL. Run the restore without DATABASE_URL (it restores into DATA_DIR).',
    );
  }
  if (kind === 'postgres' && !config.databaseUrl) {
    throw new BackupError(
      `${file} is a backup of a PostgreSQL database (pg_dump). Set DATABASE_URL to an empty ` +
        'database and run the restore again.',
    );
  }
  const result =
    kind === 'pglite'
      ? await restorePglite(path)
      : { ...(await pgRestore(config.databaseUrl!, path)), where: 'DATABASE_URL', keptAside: null };
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${file} into ${result.where} in ${seconds} s: ${result.members} accounts, ` +
      (result.bibles > 0
        ? `the Bible text of ${result.bibles} ${result.bibles === 1 ? 'translation' : 'translations'}.`
        : 'no Bible text (the bundled translations are installed at the next start).'),
  );
  if (result.keptAside) console.log(`The database it replaced is kept in ${result.keptAside}.`);
  const secretFile = join(resolve(config.dataDir), 'auth-secret');
  if (!config.authSecret && (kind === 'postgres' || !existsSync(secretFile))) {
    console.log(
      `Warning: no auth secret here (BETTER_AUTH_SECRET${kind === 'pglite' ? ` or ${secretFile}` : ''}). ` +
        'Put back the one the backed-up server used before starting: two-step sign-in secrets ' +
        'are stored encrypted with it.',
    );
  }
  console.log('Start the server (npm start): it brings an older backup up to date.');
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exitCode = error instanceof BackupError ? 2 : 1;
}
