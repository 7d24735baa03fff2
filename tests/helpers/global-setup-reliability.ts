import '#server/polyfill.ts';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { loadBundledBibles } from '#server/bible/loader.ts';
import { openPostgres } from '#server/db/client.ts';
import { DUMP_DIR } from './fixture.ts';
import { BIBLE_TEMPLATE, bibleSeedDir, startPostgres } from './services.ts';

/**
 * Builds, once per change, the stopped cluster the fault tests copy (services.ts
 * bibleSeedDir): loading the Bibles costs ~20 s of CPU, which only the tests of the install
 * itself should pay. Without the PostgreSQL binaries there is nothing to build (the tests say
 * why they skip).
 */
export default async function setup() {
  const seed = bibleSeedDir();
  if (!seed || existsSync(seed)) return;
  const cluster = await startPostgres();
  try {
    const url = await cluster.createDatabase(BIBLE_TEMPLATE);
    const handle = await openPostgres(url, 2);
    await handle.migrate();
    await loadBundledBibles(handle.db, { wordStudyAhead: true });
    await handle.close();
    await cluster.stop();
    mkdirSync(DUMP_DIR, { recursive: true });
    // Copied beside the seed, then renamed: another run never sees half a directory.
    const part = `${seed}.part-${process.pid}`;
    const copied = spawnSync('cp', ['-a', cluster.dataDir, part]);
    if (copied.status !== 0) throw new Error(`copying the seed cluster failed: ${copied.stderr}`);
    if (existsSync(seed)) rmSync(part, { recursive: true, force: true });
    else renameSync(part, seed);
  } finally {
    await cluster.destroy();
  }
}
