import { defineConfig } from 'vite';
import tailwindcss from '@tailwindcss/vite';
import { chunkGroups } from './scripts/build/chunks.ts';
import { coursesModule } from './scripts/build/courses.ts';
import { gospelModule } from './scripts/build/gospel.ts';
import { precompress } from './scripts/build/precompress.ts';
import { preactAliases } from './scripts/build/preact.ts';
import { stringsModule } from './scripts/build/strings.ts';

const chunks = chunkGroups();
const apiPort = process.env.API_PORT ?? '5000';

export default defineConfig({
  root: 'src/client',
  publicDir: '../../public',
  // React's API, run by Preact (docs/decisions/0051): the code imports `react`, the bundle gets
  // preact/compat.
  resolve: { alias: preactAliases },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  plugins: [
    tailwindcss(),
    gospelModule(),
    coursesModule(),
    stringsModule(),
    precompress(),
    chunks.plugin,
  ],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    sourcemap: true,
    // Which chunks each entry and lazy page loads: read by the byte-budget test.
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // TanStack Query's "use client" marks are for React Server Components, which this app has
      // none of: nothing to say about each of them.
      onLog(level, log, handler) {
        if (log.code !== 'MODULE_LEVEL_DIRECTIVE') handler(level, log);
      },
      output: {
        // A chunk of strings is named after its language and group (docs/decisions/0029).
        chunkFileNames: (chunk) => {
          const strings = /virtual:camino\/strings\/(\w+)\/(\w+)$/.exec(chunk.facadeModuleId ?? '');
          return strings
            ? `assets/strings-${strings[1]}-${strings[2]}-[hash].js`
            : 'assets/[name]-[hash].js';
        },
        codeSplitting: {
          groups: [
            // The product's values (lists, limits) stay apart from the schemas that use them,
            // and Zod apart from both: a page that needs a value must not pull the validator in
            // through a shared chunk (byte budgets, docs/decisions/0013).
            { name: 'values', test: /src[\\/]shared[\\/]values[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            ...chunks.groups,
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    strictPort: true,
    proxy: {
      '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false },
      '/healthz': `http://127.0.0.1:${apiPort}`,
    },
  },
});
