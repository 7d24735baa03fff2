/**
 * Compiles the service worker (src/client/sw/service-worker.ts) to dist/client/sw.js, with this
 * build's hash and the list of files it precaches (docs/decisions/0024). Run by build.ts once the
 * client is built and index.html is final.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { LANGUAGES } from '../../src/shared/constants.ts';
import { chunkFor, readManifest, staticClosure, stringsFor } from './budgets.ts';

/** The member pages that open with no network after one visit (docs/decisions/0024). */
export const PRECACHED_PAGES = [
  'features/reading/DailyReading.tsx',
  'features/dashboard/Dashboard.tsx',
  'features/memory/MemoryVerses.tsx',
];

/**
 * What opening today's reading, the dashboard (the installed app's start page, with today's
 * verse) and the memory-verse review list needs with no network: the entry and the app, the
 * member app, those pages and, in both languages, the strings they load (docs/decisions/0029). Any other page's chunks are kept the
 * first time they are loaded.
 */
export const PRECACHED_MODULES = [
  'main.tsx',
  'MemberApp.tsx',
  // The toast region loads after the first screen (components/LazyToaster.tsx): offline, it is
  // what says a write was kept for later.
  'components/ui/Toaster.tsx',
  // The tooltips load after the first screen too (components/ui/Tip.tsx, ADR 0048).
  'components/TooltipHost.tsx',
  // A write made offline waits in the outbox: the language switch loads it when it must.
  'lib/outbox.ts',
  ...PRECACHED_PAGES,
];

/** The URLs of the hashed files the worker precaches, besides index.html. */
export function precacheList(clientDir: string): string[] {
  const manifest = readManifest(clientDir);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const keys = staticClosure(manifest, entry);
  for (const source of PRECACHED_MODULES) staticClosure(manifest, chunkFor(manifest, source), keys);
  // What the pages load lazily (their dialogs), so that opening one offline shows it instead
  // of failing to load: the pages' own closures, not the app's or the member app's (whose lazy
  // imports are every page; the pages' closures include the app's chunk, docs/decisions/0032).
  const pages = new Set<string>();
  for (const source of PRECACHED_PAGES) staticClosure(manifest, chunkFor(manifest, source), pages);
  const app = staticClosure(manifest, chunkFor(manifest, 'main.tsx'));
  const lazyModules: string[] = [];
  for (const key of pages) {
    if (app.has(key) || key === chunkFor(manifest, 'MemberApp.tsx')) continue;
    for (const lazy of manifest[key]!.dynamicImports ?? []) {
      staticClosure(manifest, lazy, keys);
      lazyModules.push(lazy);
    }
  }
  // What the member shell loads lazily on any page (its menus, the account notices, the offer of
  // the device's time zone, the age gate): shown offline too, and a language switch offline
  // needs their strings in the other language.
  const member = chunkFor(manifest, 'MemberApp.tsx');
  for (const shared of [member, ...(manifest[member]!.imports ?? [])]) {
    if (app.has(shared)) continue;
    for (const lazy of manifest[shared]!.dynamicImports ?? []) {
      staticClosure(manifest, lazy, keys);
      lazyModules.push(lazy);
    }
  }
  // And, in both languages, the strings all of these load (docs/decisions/0029).
  for (const language of LANGUAGES) {
    for (const strings of stringsFor(manifest, [...PRECACHED_MODULES, ...lazyModules], language)) {
      staticClosure(manifest, strings, keys);
    }
  }
  const files = [...keys].flatMap((k) => [
    manifest[k]!.file,
    ...(manifest[k]!.css ?? []),
    ...((manifest[k] as { assets?: string[] }).assets ?? []),
  ]);
  return [...new Set(files)].sort().map((file) => `/${file}`);
}

/**
 * The reader's page, for a phone that downloaded the Bible (issue 40): what it needs beyond the
 * precache, in both languages, and the lazy parts it opens at once (its dialogs, the download's).
 * The worker keeps these only where a pack is (src/client/sw/service-worker.ts).
 */
export const PACK_PAGES = [
  'features/bible/BibleReader.tsx',
  // A downloaded course's pages (issue 40): its outline and its lessons.
  'features/courses/CourseDetail.tsx',
  'features/courses/Lesson.tsx',
];

/** The URLs of the hashed files the reader needs offline that the precache does not hold. */
export function packPagesList(clientDir: string, precache: readonly string[]): string[] {
  const manifest = readManifest(clientDir);
  const keys = new Set<string>();
  const lazyModules: string[] = [];
  // Not the app's or the member app's chunks (precached; their lazy imports are every page):
  // the page's own chunks, and what those load lazily (its dialogs, the download's).
  const app = staticClosure(manifest, chunkFor(manifest, 'main.tsx'));
  staticClosure(manifest, chunkFor(manifest, 'MemberApp.tsx'), app);
  for (const source of PACK_PAGES) {
    const own = [...staticClosure(manifest, chunkFor(manifest, source))].filter((k) => !app.has(k));
    for (const key of own) {
      keys.add(key);
      for (const lazy of manifest[key]!.dynamicImports ?? []) {
        if (app.has(lazy)) continue;
        staticClosure(manifest, lazy, keys);
        lazyModules.push(lazy);
      }
    }
  }
  for (const language of LANGUAGES) {
    for (const strings of stringsFor(manifest, [...PACK_PAGES, ...lazyModules], language)) {
      staticClosure(manifest, strings, keys);
    }
  }
  const kept = new Set(precache);
  const files = [...keys].flatMap((k) => [manifest[k]!.file, ...(manifest[k]!.css ?? [])]);
  return [...new Set(files)]
    .map((file) => `/${file}`)
    .filter((url) => !kept.has(url))
    .sort();
}

export async function buildServiceWorker(root: string, clientDir: string, quiet: boolean) {
  const precache = precacheList(clientDir);
  const packPages = packPagesList(clientDir, precache);
  const hash = createHash('sha256')
    .update(readFileSync(join(clientDir, 'index.html')))
    .update(precache.join('\n'))
    .update(packPages.join('\n'))
    .digest('hex')
    .slice(0, 16);
  await build({
    configFile: false,
    root,
    mode: 'production',
    logLevel: quiet ? 'warn' : 'info',
    publicDir: false,
    define: {
      __BUILD_HASH__: JSON.stringify(hash),
      __PRECACHE__: JSON.stringify(precache),
      __PACK_PAGES__: JSON.stringify(packPages),
    },
    build: {
      outDir: clientDir,
      emptyOutDir: false,
      sourcemap: false,
      minify: true,
      target: 'es2022',
      lib: {
        entry: join(root, 'src/client/sw/service-worker.ts'),
        // A classic worker script: `navigator.serviceWorker.register('/sw.js')` works everywhere.
        formats: ['iife'],
        name: 'caminoServiceWorker',
        fileName: () => 'sw.js',
      },
    },
  });
  return { hash, precache, packPages };
}
