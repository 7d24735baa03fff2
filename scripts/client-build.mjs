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
  const index = join(ROOT, 'dist/client/index.html');
  const sources = Math.max(
    ...['src/client', 'src/shared', 'content/legal', 'public'].map((d) =>
      newestMtime(join(ROOT, d)),
    ),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return false;
  console.log('Building the web client (dist/client)...');
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  );
  return true;
}
