/**
 * Builds ahead what the database stage of `.ci/run` starts from: the PostgreSQL template database
 * with the Bibles (tests/helpers/global-setup-server.ts, on TEST_DATABASE_URL) and the stopped
 * cluster the fault tests copy (global-setup-reliability.ts). Each is built once per change and
 * found built afterwards; the two global setups then find them and go straight on.
 *
 * `.ci/run` runs this under `nice -n 19` beside `npm test`, on the CPU time the browser tests
 * leave idle while they wait (about a sixth of it), and waits for it before the database stage.
 * Loading the Bibles twice was that stage's first ~25 s.
 */
import { pathToFileURL } from 'node:url';
import serverSetup from './global-setup-server.ts';
import reliabilitySetup from './global-setup-reliability.ts';

export async function prepareDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL) throw new Error('TEST_DATABASE_URL is not set');
  // One after the other: this runs on what is left of the cores, one is plenty.
  await serverSetup();
  await reliabilitySetup();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const started = performance.now();
  await prepareDatabases();
  process.stdout.write(
    `The PostgreSQL template and the fault tests' cluster are ready (${((performance.now() - started) / 1000).toFixed(0)} s).\n`,
  );
  // Nothing is left to do; a pool's idle timer would otherwise keep the process a while.
  process.exit(0);
}
