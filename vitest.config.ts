import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';
import { preactAliases, reactLibraries } from './scripts/build/preact.ts';
import { coursesModule } from './scripts/build/courses.ts';
import { stringsModule } from './scripts/build/strings.ts';
import { ramTempDir } from './tests/helpers/ram-temp.ts';

const SERVER_TESTS = ['tests/server', 'tests/shared', 'tests/bible', 'tests/delivery/server'];
/** Measures how the server answers while it installs the Bibles: it runs alone, last. */
const ALONE = ['tests/server/first-start.test.ts'];

/**
 * With TEST_DATABASE_ONLY=1 (CI's second run of the server tests, against PostgreSQL with
 * TEST_DATABASE_URL), the server test files that never open the test database are left out:
 * content checks, pure functions, the first start on an empty PGlite folder. They do the same
 * whatever TEST_DATABASE_URL says, and `npm test` has just run them. A file is kept when it
 * imports tests/helpers/app.ts or database.ts (which open a test database) or reads
 * TEST_DATABASE_URL.
 */
function filesWithoutTestDatabase(): string[] {
  const opensDatabase = /helpers\/(app|database)\.ts|\bTEST_DATABASE_URL\b/;
  return SERVER_TESTS.flatMap((dir) =>
    readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.test.ts'))
      .map((file) => join(dir, file))
      .filter((file) => !opensDatabase.test(readFileSync(file, 'utf8'))),
  );
}

/** The package conditions of a library's build for browsers and bundlers (client tests). */
const BROWSER_BUILDS = ['module', 'browser', 'import'];

// The tests' temporary files on a RAM disk when there is one (tests/helpers/ram-temp.ts): set
// here, before any worker, server, Chromium or PostgreSQL cluster starts, so all of them inherit it.
const ramTemp = ramTempDir();
if (ramTemp) process.env.TMPDIR = ramTemp;

const databaseOnly = process.env.TEST_DATABASE_ONLY === '1';
if (databaseOnly && !process.env.TEST_DATABASE_URL) {
  throw new Error('TEST_DATABASE_ONLY=1 is for a run against TEST_DATABASE_URL, which is not set');
}

export default defineConfig({
  test: {
    // At least two files at once, even on two cores: a browser test mostly waits for its server
    // and Chromium (other processes), and a server test or another browser test runs meanwhile.
    // Browser test files run in parallel too (each has its own server, data folder, port and
    // Chromium): one at a time they were two thirds of `npm test` with a core often idle; two at
    // a time took the browser suite from ~760 s to ~430 s on two busy cores, all green.
    // `npm test` runs the browser files and the others in two runs of Vitest side by side
    // (scripts/test.ts, ADR 0072): in one queue the server files waited for every browser file.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          // One module graph per worker for all its files, not one per file: importing the
          // server (Fastify, Drizzle, better-auth, the routes) again for each file was ~2 s of
          // a core each, 200 s of \`npm test\` and 130 s of the PostgreSQL run. Each file still
          // opens its own database and app (tests/helpers/app.ts); none mocks a module.
          isolate: false,
          globalSetup: ['tests/helpers/global-setup-server.ts'],
          include: SERVER_TESTS.map((dir) => `${dir}/**/*.test.ts`),
          exclude: [
            ...configDefaults.exclude,
            ...ALONE,
            ...(databaseOnly ? filesWithoutTestDatabase() : []),
          ],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // The first start on an empty folder checks that health answers stay quick during the
        // install: run after every other project of `npm test`, with nothing else on the cores.
        test: {
          name: 'first-start',
          environment: 'node',
          include: ALONE,
          sequence: { groupOrder: 1 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        // lib/i18n.ts imports the loaders of the chunks of strings (docs/decisions/0029).
        // …and pages import the courses' titles and lesson counts (scripts/build/courses.ts).
        plugins: [stringsModule(), coursesModule()],
        // The same framework as the build: React's API on Preact (docs/decisions/0051).
        // …and libraries' browser builds (ES modules), as the bundle uses, not their CommonJS
        // builds for Node, whose require('react') no alias reaches.
        resolve: {
          alias: preactAliases,
          conditions: BROWSER_BUILDS,
          mainFields: ['module', 'main'],
        },
        ssr: { resolve: { conditions: BROWSER_BUILDS, mainFields: ['module', 'main'] } },
        oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['tests/client/**/*.test.{ts,tsx}', 'tests/delivery/browser/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/client/setup.ts'],
          // A test that types a whole form (a study sheet, a meeting report) takes ~5 s of
          // jsdom on a busy two-core machine: vitest's default of 5 s failed CI on time alone.
          testTimeout: 20_000,
          // One jsdom and one module graph for all the files of a worker, not one per file
          // (setting up jsdom and importing React and the app took two thirds of the time):
          // tests/client/setup.ts puts back what a test changed.
          pool: 'threads',
          isolate: false,
          // Libraries written for React go through the aliases too, not Node's own resolution.
          server: { deps: { inline: reactLibraries } },
        },
      },
      {
        // Fault tests: real server processes against private PostgreSQL clusters and Redis
        // servers that the tests stop and restart (tests/helpers/services.ts). One file at a
        // time: each runs processes that need the machine's cores.
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['tests/reliability/**/*.test.ts'],
          globalSetup: ['tests/helpers/global-setup-reliability.ts'],
          testTimeout: 180_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // One module graph per worker: the files that need no server settings of their own
          // share their worker's server (tests/e2e/browser.ts, `useE2EServer`), kept in a module.
          isolate: false,
          testTimeout: 240_000,
          hookTimeout: 120_000,
          // `expect.poll` waits as long as a Playwright locator does (30 s), not Vitest's 1 s
          // default: a poll here waits for the page to reach a state (a list of two devices, a
          // shown notification), and on a busy machine a page can take longer than 1 s to get
          // there. A poll that never succeeds still fails, after the same wait as `waitFor`.
          expect: { poll: { timeout: 30_000 } },
        },
      },
    ],
  },
});
