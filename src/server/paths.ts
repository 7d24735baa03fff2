import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The checkout's own folder, wherever the server runs from: this file is `src/server/paths.ts`
 * and the server's bundle `dist/server/main.mjs` (scripts/server-build.mjs, ADR 0071), both two
 * folders down, so `../..` from either is the root. Every path the server reads from the
 * checkout (content, migrations, the built client, its own workers) is taken from here: a path
 * made relative to another source file would point elsewhere once that file is in the bundle.
 */
export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A path inside the checkout, e.g. `fromRoot('content/bible')`. */
export function fromRoot(path: string): string {
  return join(ROOT, path);
}

/**
 * Whether the server runs from its bundle (`npm start`) or from its TypeScript sources through
 * tsx (`npm run dev`, scripts): a worker thread of its own is started from the matching file.
 */
export const FROM_BUNDLE = !import.meta.url.endsWith('.ts');

/**
 * The file a worker thread of the server's runs: its bundled form beside the server's bundle
 * (`dist/server/<name>.mjs`), or its source (`src/server/<source>`), which tsx then loads.
 */
export function serverWorkerUrl(name: string, source: string): URL {
  return pathToFileURL(fromRoot(FROM_BUNDLE ? `dist/server/${name}.mjs` : `src/server/${source}`));
}
