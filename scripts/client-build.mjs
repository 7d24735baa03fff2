import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Whether the SPA in dist/client is missing or older than its sources: `null` when it is up to
 * date, otherwise whether this is its first build.
 */
function buildNeeded() {
  // Written last by the build: the client is complete once the prerendered pages exist.
  const index = join(ROOT, 'dist/client/prerendered/pages.json');
  const sources = Math.max(
    ...[
      'src/client',
      // Page delivery: the entry, the app's takeover, the server's drawing bundle (README there).
      'src/delivery',
      'src/shared',
      'content/legal',
      'content/library',
      'public',
      'scripts/build',
      // The server's own pages use the app's classes: the stylesheet is built with them.
      'src/server/web/page.ts',
    ].map((d) => newestMtime(join(ROOT, d))),
  );
  const first = !existsSync(index);
  if (!first && statSync(index).mtimeMs >= sources) return null;
  return { first };
}

const BUILD_ARGS = ['--import', 'tsx', join(ROOT, 'scripts/build/build.ts'), '--quiet'];
/** Read when a build starts: the environment as it is then. */
const buildOptions = () => ({
  cwd: ROOT,
  // Always the production build: under the test runner NODE_ENV is `test`, and Vite would
  // otherwise bundle React's development build into dist/, which `npm start` then serves.
  env: { ...process.env, NODE_ENV: 'production' },
});

function announce({ first }) {
  // The build takes about a minute and Vite's own output is silenced: say what is happening.
  console.log(
    first
      ? 'Building the web client (first start: about a minute; later starts skip this)...'
      : 'Building the web client again (its sources changed: about a minute)...',
  );
  const started = performance.now();
  return () => {
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(`Built the web client in ${seconds} s (dist/client).`);
  };
}

/** Builds the SPA into dist/client when it is missing or older than its sources. */
export function ensureClientBuilt() {
  const needed = buildNeeded();
  if (!needed) return false;
  const done = announce(needed);
  execFileSync(process.execPath, BUILD_ARGS, { ...buildOptions(), stdio: 'inherit' });
  done();
  return true;
}

/**
 * The same in a child process without blocking this one's thread: the test run's global setup
 * builds the client while it loads the Bibles into the test databases' dump (each keeps a core).
 */
export async function ensureClientBuiltMeanwhile() {
  const needed = buildNeeded();
  if (!needed) return false;
  const done = announce(needed);
  await new Promise((resolve, reject) => {
    const child = spawn(process.execPath, BUILD_ARGS, { ...buildOptions(), stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(undefined) : reject(new Error(`the client build failed (exit ${code})`)),
    );
  });
  done();
  return true;
}
