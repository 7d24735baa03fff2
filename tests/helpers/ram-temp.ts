import { mkdirSync, readdirSync, rmSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { isAlive } from '#server/db/lock.ts';

const TMPFS_MAGIC = 0x01021994;
/** Room a whole run can take at its peak (test databases, servers' data folders, profiles), twice. */
const ENOUGH = 4 * 1024 ** 3;
const ROOT = '/dev/shm/camino-tests';

/**
 * The temporary folder of a test run's processes (`TMPDIR`, which Node's `os.tmpdir()`, Chromium
 * and PostgreSQL's tools follow): a folder of this run's own on the RAM disk at /dev/shm when the
 * machine has one with room to spare, unless TMPDIR is already set. Every test file copies a data
 * folder of 40–130 MB (a test database, an e2e server's) and deletes it afterwards; on a disk each
 * copy is written back and its deletion journaled: twelve server files took 57–61 s with 21–26 s
 * of system time from /tmp on ext4 against 47–54 s with 9 s from /dev/shm, side by side
 * (docs/performance.md). The folder goes when the run's process exits, with anything left in it
 * (a worker's Chromium profile); folders of runs whose process is gone are removed first.
 * Answers the folder, or undefined when the default stays.
 */
export function ramTempDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.TMPDIR) return undefined;
  try {
    const { type, bavail, bsize } = statfsSync('/dev/shm');
    if (type !== TMPFS_MAGIC || bavail * bsize < ENOUGH) return undefined;
    mkdirSync(ROOT, { recursive: true });
    for (const name of readdirSync(ROOT)) {
      if (!/^\d+$/.test(name) || !isAlive(Number(name))) {
        rmSync(join(ROOT, name), { recursive: true, force: true });
      }
    }
    const dir = join(ROOT, String(process.pid));
    mkdirSync(dir, { recursive: true });
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return dir;
  } catch {
    return undefined;
  }
}
