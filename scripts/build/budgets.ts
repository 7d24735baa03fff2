/**
 * What each page of the built client downloads before it can run: the entry chunk and its static
 * imports, the page's lazy chunk and its static imports, the chunks of strings it loads in the
 * reader's language (core and those its route declares, docs/decisions/0029) and the CSS, all
 * gzipped. Read by the byte-budget test (tests/e2e/build-output.test.ts) and printed by
 * `npm run bench` into docs/performance.md.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { routeStrings, stringChunkSource } from './strings.ts';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export function readManifest(clientDir: string): Manifest {
  return JSON.parse(readFileSync(join(clientDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** The chunk keys a chunk needs before it runs: itself and its static imports, transitively. */
export function staticClosure(manifest: Manifest, key: string, seen = new Set<string>()) {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const next of manifest[key].imports ?? []) staticClosure(manifest, next, seen);
  return seen;
}

const gzipCache = new Map<string, number>();
export function gzipSize(clientDir: string, file: string): number {
  const path = join(clientDir, file);
  let size = gzipCache.get(path);
  if (size === undefined) {
    size = gzipSync(readFileSync(path), { level: 9 }).length;
    gzipCache.set(path, size);
  }
  return size;
}

/** The manifest key of the chunk whose source path ends with `source`. */
export function chunkFor(manifest: Manifest, source: string): string {
  const key = Object.keys(manifest).find((k) => k === source || k.endsWith(`/${source}`));
  if (!key) throw new Error(`no chunk for ${source} in the build manifest`);
  return key;
}

/**
 * The manifest keys of the chunks of strings loading `lazyModules` fetches in `language`: core,
 * which the app loads at boot, and those each module's loader declares (routes.tsx, App.tsx).
 */
export function stringsFor(manifest: Manifest, lazyModules: string[], language: string) {
  const declared = routeStrings();
  const chunks = new Set(['core', ...lazyModules.flatMap((m) => declared.get(m) ?? [])]);
  return [...chunks].map((chunk) => chunkFor(manifest, stringChunkSource(language, chunk)));
}

export interface PageCost {
  js: number;
  css: number;
  files: string[];
}

/**
 * Gzipped bytes a first visit to a page downloads before the page shows: the entry's static
 * closure, then each lazy module on the way (e.g. the member app, then the page) with theirs,
 * plus the strings they load in one language.
 */
export function pageCost(
  clientDir: string,
  manifest: Manifest,
  lazyModules: string[],
  language = 'en',
): PageCost {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const keys = staticClosure(manifest, entry);
  // boot.ts, the entry, imports the app (main.tsx) after the first paint.
  for (const source of ['main.tsx', ...lazyModules]) {
    staticClosure(manifest, chunkFor(manifest, source), keys);
  }
  for (const strings of stringsFor(manifest, lazyModules, language)) {
    staticClosure(manifest, strings, keys);
  }
  const files = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  return {
    js: files.reduce((sum, f) => sum + gzipSize(clientDir, f), 0),
    css: css.reduce((sum, f) => sum + gzipSize(clientDir, f), 0),
    files: [...files, ...css],
  };
}

/**
 * What a prerendered public page downloads before the reader does anything (boot.ts): the entry
 * alone, whether the page works as HTML alone (`interaction`) or is taken over once its scripts
 * are there (`ready`, a page with a form: then the app and the page's modules in its language, the
 * page's `pageCost`, within a member page's budget).
 */
export function prerenderedPageCost(clientDir: string, manifest: Manifest, html: string): PageCost {
  if (!/data-takeover="(interaction|ready)"/.test(html)) {
    throw new Error('the prerendered page says nothing of its takeover');
  }
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const keys = staticClosure(manifest, entry);
  const files = [...keys].map((k) => manifest[k]!.file);
  const css = [...new Set([...keys].flatMap((k) => manifest[k]!.css ?? []))];
  return {
    js: files.reduce((sum, f) => sum + gzipSize(clientDir, f), 0),
    css: css.reduce((sum, f) => sum + gzipSize(clientDir, f), 0),
    files: [...files, ...css],
  };
}

/** The framework's budget (docs/decisions/0051): gzipped, before any member page renders. */
export const FRAMEWORK_BUDGET = 60 * 1024;

/**
 * The framework: what the app (main.tsx) loads statically beyond the entry, and evaluates
 * before any member page renders: Preact, the router, TanStack Query, i18next and the app's
 * providers and visitor shell (the `app` chunk, scripts/build/chunks.ts), gzipped.
 */
export function frameworkCost(clientDir: string, manifest: Manifest): PageCost {
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
  if (!entry) throw new Error('no entry in the build manifest');
  const boot = staticClosure(manifest, entry);
  const keys = [...staticClosure(manifest, chunkFor(manifest, 'main.tsx'))].filter(
    (k) => !boot.has(k),
  );
  const files = keys.map((k) => manifest[k]!.file);
  return {
    js: files.reduce((sum, f) => sum + gzipSize(clientDir, f), 0),
    css: 0,
    files,
  };
}

/**
 * The member pages: every lazy page module under features/ (each route of the member app), as
 * the first load of a member route downloads it: the app, the member shell, the page.
 */
export function memberPageModules(manifest: Manifest): string[] {
  return Object.keys(manifest).filter(
    (k) => manifest[k]!.isDynamicEntry && /^features\/[^/]+\/[A-Z][^/]*\.tsx$/.test(k),
  );
}

/** The budgets as a Markdown table (printed by `npm run bench`, kept in docs/performance.md). */
export function budgetTable(clientDir: string): string {
  const manifest = readManifest(clientDir);
  const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
  const rows: string[] = [];
  for (const [page, file] of [
    ['landing /', 'index.html'],
    ['/about-us', 'about-us.html'],
    ['/sign-in', 'sign-in.html'],
  ] as const) {
    const cells = ['en', 'es'].map((language) => {
      const html = readFileSync(join(clientDir, 'prerendered', language, file), 'utf8');
      return kb(prerenderedPageCost(clientDir, manifest, html).js);
    });
    rows.push(`| visitor ${page} (before any press) | ${cells.join(' | ')} | 100 KB |`);
  }
  for (const [page, module] of [
    ['/ once a button is pressed (the visitor app)', 'pages/Landing.tsx'],
    ['/sign-in once taken over (a field reached for, or its scripts there)', 'pages/SignIn.tsx'],
  ] as const) {
    const cells = ['en', 'es'].map((l) => kb(pageCost(clientDir, manifest, [module], l).js));
    rows.push(`| visitor ${page} | ${cells.join(' | ')} | 200 KB |`);
  }
  for (const module of memberPageModules(manifest)) {
    const costs = ['en', 'es'].map((l) =>
      pageCost(clientDir, manifest, ['MemberApp.tsx', module], l),
    );
    // The scripts are reported, not budgeted: bytes are what a phone pays for.
    const scripts = costs[1]!.files.filter((f) => f.endsWith('.js')).length;
    rows.push(
      `| member ${module.replace(/^features\//, '')} (${scripts} scripts) | ${costs.map((c) => kb(c.js)).join(' | ')} | 200 KB |`,
    );
  }
  const framework = kb(frameworkCost(clientDir, manifest).js);
  rows.push(
    `| the framework, before any member page renders (ADR 0051) | ${framework} | ${framework} | ${kb(FRAMEWORK_BUDGET)} |`,
  );
  const css = kb(pageCost(clientDir, manifest, ['pages/Landing.tsx']).css);
  return [
    'JavaScript a first visit downloads before the page can be used, gzipped, read from the build manifest',
    '(scripts/build/budgets.ts; enforced by tests/e2e/build-output.test.ts). CSS: ' +
      css +
      ' (budget 20 KB).',
    '',
    '| page | en | es | budget |',
    '|---|---:|---:|---:|',
    ...rows,
  ].join('\n');
}
