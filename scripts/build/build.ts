/**
 * `npm run build`: the web client (Vite), then the public pages prerendered to HTML in each
 * language (docs/decisions/0013). Output: dist/client, with dist/client/prerendered/<lang>/*.html.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type InlineConfig } from 'vite';
import { LANGUAGES } from '../../src/shared/constants.ts';
import type * as Prerender from '#delivery/render/prerender.tsx';
import { chunkFor, readManifest, staticClosure, stringsFor } from './budgets.ts';
import { visitorRouteModules, writeMemberPreloads } from './preloads.ts';
import { buildServiceWorker } from './sw.ts';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CLIENT = join(ROOT, 'dist/client');
const SSR = join(ROOT, 'dist/ssr');
const quiet = process.argv.includes('--quiet');
// `npm run build` and scripts/client-build.mjs build for production whatever NODE_ENV says.
process.env.NODE_ENV = 'production';
const base: InlineConfig = {
  mode: 'production',
  configFile: join(ROOT, 'vite.config.ts'),
  logLevel: quiet ? 'warn' : 'info',
};

export const PRERENDER_DIR = 'prerendered';

/** One line per step (with --quiet, Vite's own output is only its warnings). */
const STEPS = 4;
let stepNumber = 0;
function step(what: string) {
  stepNumber += 1;
  console.log(`  ${stepNumber}/${STEPS} ${what}...`);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** `/about-us` → `about-us.html`, `/` → `index.html`. */
export const pageFile = (path: string) => `${path === '/' ? 'index' : path.slice(1)}.html`;

async function main() {
  step("the app's bundles and stylesheet (Vite)");
  await build(base);
  step('the public pages, rendered on the server side');
  await build({
    ...base,
    // Bundled whole, libraries included: their imports of React must meet the same Preact as
    // the app's (the aliases of vite.config.ts), not React from node_modules (ADR 0051).
    ssr: { noExternal: true },
    build: {
      // The public pages' prerender, run below, and a member's first screen, run by the server
      // (src/delivery/server/drawing.ts, docs/decisions/0060).
      ssr: true,
      rolldownOptions: {
        input: {
          prerender: '../delivery/render/prerender.tsx',
          drawing: '../delivery/render/drawing.tsx',
        },
      },
      outDir: SSR,
      copyPublicDir: false,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
    },
  });

  const { renderPage, PRERENDERED_PAGES } = (await import(
    pathToFileURL(join(SSR, 'prerender.js')).href
  )) as typeof Prerender;
  const manifest = readManifest(CLIENT);
  // What each member route's first visit needs, for the server to name in the app's shell.
  writeMemberPreloads(ROOT, CLIENT, manifest);
  const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
  const loaded = staticClosure(manifest, entry);
  const app = staticClosure(manifest, chunkFor(manifest, 'main.tsx'));
  const indexFile = join(CLIENT, 'index.html');
  const shell = readFileSync(indexFile, 'utf8');
  // The stylesheet goes inline (with the response's style nonce): the first paint then needs
  // the HTML alone, not a second request competing with the scripts for a phone's bandwidth.
  const stylesheet = /<link rel="stylesheet" crossorigin href="\/([^"]+)">/.exec(shell);
  if (!stylesheet) throw new Error('index.html no longer links its stylesheet');
  const css = readFileSync(join(CLIENT, stylesheet[1]!), 'utf8');
  if (css.includes('</')) throw new Error('the stylesheet contains "</" and cannot go inline');
  const template = shell.replace(
    stylesheet[0],
    () => `<style nonce="__CSP_NONCE__">${css}</style>`,
  );
  // The app's shell (every page not rendered in advance) too: it paints its loading screen from
  // the HTML alone, then boot.ts fetches the app (docs/decisions/0032).
  writeFileSync(indexFile, template);
  for (const copy of ['.br', '.gz']) rmSync(indexFile + copy, { force: true });
  // The service worker precaches this index.html and the member app's chunks (ADR 0024).
  step('the service worker');
  await buildServiceWorker(ROOT, CLIENT, quiet);
  for (const key of app) loaded.add(key);
  // Each prerendered page's module, as routes.tsx declares it.
  const routeModules = Object.fromEntries(
    visitorRouteModules(ROOT).map(({ path, module }) => [path, module]),
  );

  step(`prerendering ${PRERENDERED_PAGES.length} public pages in ${LANGUAGES.join(' and ')}`);
  rmSync(join(CLIENT, PRERENDER_DIR), { recursive: true, force: true });
  for (const language of LANGUAGES) {
    for (const { path, takeover } of PRERENDERED_PAGES) {
      const { html, title, description } = await renderPage(path, language);
      // The page's own chunks and strings (core and its route's) in the page's language.
      const needed = staticClosure(manifest, chunkFor(manifest, routeModules[path]!));
      for (const strings of stringsFor(manifest, [routeModules[path]!], language)) {
        staticClosure(manifest, strings, needed);
      }
      // Fetched by boot.ts once the page is painted: requests started before the first paint
      // compete with it for a phone's bandwidth.
      const preload = [...needed]
        .filter((k) => !loaded.has(k))
        .map((k) => `/${manifest[k]!.file}`)
        .join(' ');
      const page = template
        .replace('<html lang="en">', `<html lang="${language}">`)
        .replace(/<title>.*?<\/title>/, `<title>${escapeHtml(title)}</title>`)
        .replace(
          /<meta\s+name="description"\s+content="[^"]*"\s*\/>/,
          `<meta name="description" content="${escapeHtml(description)}" />`,
        )
        .replace(
          /<div id="root">[\s\S]*?<!-- \/loading -->\s*<\/div>/,
          () =>
            `<div id="root" data-prerendered="visitor" data-takeover="${takeover}" data-preload="${preload}">${html}</div>`,
        );
      if (page === template || !page.includes('data-prerendered')) {
        throw new Error(`index.html no longer has the markers the prerender replaces (${path})`);
      }
      const file = join(CLIENT, PRERENDER_DIR, language, pageFile(path));
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, page);
    }
  }
  writeFileSync(
    join(CLIENT, PRERENDER_DIR, 'pages.json'),
    JSON.stringify({ languages: LANGUAGES, paths: PRERENDERED_PAGES.map((p) => p.path) }),
  );
  if (!quiet)
    console.log(`prerendered ${PRERENDERED_PAGES.length} pages in ${LANGUAGES.join(', ')}`);
}

await main();
// The prerendered app leaves timers behind (the query cache's garbage collection).
process.exit(0);
