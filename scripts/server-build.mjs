// The server's bundle (ADR 0071): src/server/main.ts and its worker thread, with everything of
// the project's own in one file each, and the libraries in node_modules imported as they are.
// Node then loads plain JavaScript: no module hooks, no transform, one file instead of ~300.
import { buildSync } from 'esbuild';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ROOT } from './client-build.mjs';

export const SERVER_DIR = join(ROOT, 'dist/server');
/** What `npm start` and the test servers run. */
export const SERVER_ENTRY = join(SERVER_DIR, 'main.mjs');

/**
 * Builds dist/server (a few tenths of a second, so on every `npm start` rather than by a check
 * of which sources changed). The files are written beside it and renamed into place, one by
 * one: a server starting meanwhile (the test runner's workers each build once) reads a whole
 * file, the old or the new.
 */
export function buildServer() {
  const result = buildSync({
    absWorkingDir: ROOT,
    entryPoints: {
      main: 'src/server/main.ts',
      // Counted at install in a thread of its own (ADR 0069): src/server/paths.ts finds it here.
      'words-worker': 'src/server/bible/words-worker.ts',
    },
    outdir: SERVER_DIR,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Libraries stay in node_modules: some find their own files next to them (PGlite's WASM,
    // its extensions), and their code is already JavaScript.
    packages: 'external',
    // Stack traces in the log name the TypeScript sources (`node --enable-source-maps`).
    sourcemap: 'linked',
    sourcesContent: false,
    legalComments: 'none',
    logLevel: 'warning',
    write: false,
  });
  mkdirSync(SERVER_DIR, { recursive: true });
  const staging = mkdtempSync(join(SERVER_DIR, '.building-'));
  try {
    for (const file of result.outputFiles) {
      const staged = join(staging, basename(file.path));
      writeFileSync(staged, file.contents);
      renameSync(staged, file.path);
    }
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return SERVER_ENTRY;
}

/** Node's options for the bundle: its stack traces mapped back to the sources. */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps'];
