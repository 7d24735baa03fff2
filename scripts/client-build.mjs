import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

/** Builds the SPA into dist/client when it is missing or older than its sources. */
export function ensureClientBuilt() {
  // Written last by the build: the client is complete once the prerendered pages exist.
  const index = join(ROOT, 'dist/client/prerendered/pages.json');
  const sources = Math.max(
    ...[
      'src/client',
      'src/shared',
      'content/legal',
      'content/library',
      'public',
      'scripts/build',
    ].map((d) => newestMtime(join(ROOT, d))),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return false;
  console.log('Building the web client (dist/client)...');
  execFileSync(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'scripts/build/build.ts'), '--quiet'],
    {
      cwd: ROOT,
      stdio: 'inherit',
      // Always the production build: under the test runner NODE_ENV is `test`, and Vite would
      // otherwise bundle React's development build into dist/, which `npm start` then serves.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
  return true;
}
