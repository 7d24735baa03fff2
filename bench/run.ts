/**
 * `npm run bench`: throughput and latency of API routes against a bare route on the same
 * server in the same run, as ratios (machines here are noisy; only ratios are compared).
 * Runs on the embedded PGlite and, when reachable, on PostgreSQL (BENCH_DATABASE_URL,
 * default postgres://postgres@127.0.0.1:5432/postgres). Writes docs/performance.md.
 */
import autocannon from 'autocannon';
import pg from 'pg';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureClientBuilt } from '../scripts/client-build.mjs';
import { INTERLEAVED_ROUNDS, interleavedMedians, seedLargeHistory } from './history.ts';
import {
  lighthouseRows,
  lighthouseTable,
  mainThreadLines,
  seedLedGroup,
  seedMember,
} from './lighthouse.ts';
import { budgetTable } from '../scripts/build/budgets.ts';
import { openPglite, openPostgres, type DatabaseHandle } from '../src/server/db/client.ts';
import type { SEARCH_GOALS } from './search.ts';
import { commonWordsLatency, commonWordsLines } from './search.ts';
import { PASSWORD_INTRO, passwordLines } from './password.ts';
import { signedIn } from './sign-up.ts';

const LIGHTHOUSE_INTRO = `Lighthouse 12 (Debian Chromium, headless), mobile and desktop presets, against \`npm start\` on PGlite: the public
pages as a visitor, and every page a member opens daily as a signed-in member who has something on each (a reading
plan, the first lesson done, a goal, a prayer request, a memory verse, a journal entry). Every run is a first visit:
Lighthouse's storage reset empties the HTTP cache, the service worker and its caches before each (it keeps cookies, so
the member stays signed in). Each page runs three times (\`LIGHTHOUSE_RUNS\`); the table shows the median run, every
run's score and the \`benchmarkIndex\` Lighthouse measured the host at in that run: the mobile preset slows the host's
CPU 4×, so a faster or slower host moves the score (these 2-core machines measure ~2,450 quiet, far less when busy).
The goal is 95 or more on mobile (issues 10 and 24; ADR 0012, 0013, 0032, 0051). \`LIGHTHOUSE_REPORTS=<dir>\` keeps
each run's full report (JSON: long tasks, main-thread breakdown, requests).`;

const MAIN_THREAD_INTRO = `What does not depend on the host's speed (issue 24, ADR 0051): the main-thread time of each member page's first
screen with Chromium's CPU not slowed (script evaluation, parse and compile, style and layout, from the trace, as
Lighthouse's main-thread breakdown reads it), against the same figure for the visitor landing page measured in the
same runs, interleaved. A faster or slower host moves both alike; the ratio says the same on any machine. A member's
page is drawn by the server and taken over by the app when used (ADR 0060): the last three columns add the app's
evaluation and hydration, from the navigation until the app has the page (Chromium's script, style and layout
counters, the takeover asked by focusing the page's first button), against the landing page taken over the same way.`;
import {
  ROOT,
  freePort,
  startServer,
  type ServerProcess,
} from '../tests/helpers/server-process.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 5);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

interface Measure {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
}

async function measure(
  name: string,
  url: string,
  headers: Record<string, string> = {},
): Promise<Measure> {
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
  const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.non2xx,
  };
}

async function signedInCookie(base: string): Promise<string> {
  return (await signedIn(base)).cookie;
}

/**
 * Until the first start's background install is over (every bundled Bible, the cross references
 * and the word study): /readyz answers 200 only then. Counting available translations stopped
 * short once a fourth Bible came (the VBL): measures began while it was still installing.
 */
async function waitForBibles(base: string) {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if ((await fetch(`${base}/readyz`)).ok) return;
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error("the first start's install did not end within 5 minutes");
}

const SEARCHES = [
  'love',
  'faith hope',
  '"living water"',
  'shepherd -sheep',
  'grace OR mercy',
  'kingdom of heaven',
  'forgive',
  'light darkness',
  'peace',
  'bread of life',
];

/** Sequential search latency (ms) over varied queries: median and p95. */
async function searchLatency(base: string, cookie: string): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let round = 0; round < 20; round++) {
    for (const q of SEARCHES) {
      const started = performance.now();
      const res = await fetch(
        `${base}/api/bible/search?translation=KJV&q=${encodeURIComponent(q)}`,
        { headers: { cookie } },
      );
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`search failed: ${res.status}`);
      times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
  return { p50: Number(at(0.5).toFixed(1)), p95: Number(at(0.95).toFixed(1)) };
}

const latencies: string[] = [];

const dashboardLines: string[] = [];

const commonWordLines: string[] = [];

/**
 * Search on common words (issue 10, ADR 0028), on the database the server just used: called
 * in-process once the server is stopped (PGlite allows one process) or beside it (PostgreSQL).
 */
async function commonWordsBench(
  label: keyof typeof SEARCH_GOALS,
  open: () => Promise<DatabaseHandle>,
) {
  const handle = await open();
  try {
    const { words, results } = await commonWordsLatency(handle.db);
    if (!commonWordLines.length)
      commonWordLines.push(
        ...Object.entries(words).map(([code, list]) => `- ${code} words: ${list.join(', ')}.`),
      );
    commonWordLines.push(...commonWordsLines(label, results));
  } finally {
    await handle.close();
  }
}

/**
 * GET /api/dashboard for a new member and for one with a large history, beside the bare route.
 * With the dashboard cache on (the default), repeated visits between the member's own writes
 * are measured; with it off (DASHBOARD_CACHE_TTL_MS=0) every request reads the database, and
 * the two members' latencies are compared request by request, interleaved.
 */
async function dashboardBench(
  label: string,
  base: string,
  dbUrl: string,
  cache: 'on' | 'off',
): Promise<Measure[]> {
  const fresh = await signedInCookie(base);
  const heavy = await signedInCookie(base);
  await seedLargeHistory(dbUrl, base, heavy);
  const url = `${base}/api/dashboard`;
  const rows = [
    await measure(`${label}: bare GET /healthz`, `${base}/healthz`),
    await measure(`${label}: GET /api/dashboard, new member`, url, { cookie: fresh }),
    await measure(`${label}: GET /api/dashboard, large history`, url, { cookie: heavy }),
    await measure(`${label}: bare GET /healthz (again)`, `${base}/healthz`),
  ];
  const bare = (rows[0]!.rps + rows[3]!.rps) / 2;
  const pct = (r: Measure) => ((r.rps / bare) * 100).toFixed(0);
  const what =
    cache === 'on'
      ? 'repeat visits (dashboard cache on, the default)'
      : 'every request reading the database (dashboard cache off)';
  dashboardLines.push(
    `- ${label}: \`GET /api/dashboard\` for a member with a large history (10,000 journal entries, 2,000 prayers, 500 memory verses, two years of activity), ${what}: **${pct(rows[2]!)}%** of the bare route (a new member: ${pct(rows[1]!)}%).`,
  );
  if (cache === 'off') {
    const [newMedian, heavyMedian] = await interleavedMedians(url, [fresh, heavy]);
    dashboardLines.push(
      `- ${label}: median latency of the uncached dashboard, large history vs new member (${INTERLEAVED_ROUNDS} requests each, interleaved): ${heavyMedian} ms vs ${newMedian} ms = **${(heavyMedian! / newMedian!).toFixed(2)}×**.`,
    );
  }
  return rows;
}

async function runOn(
  label: string,
  env: Record<string, string>,
  only?: 'signed-in' | 'dashboard' | 'lighthouse',
): Promise<{ rows: Measure[]; dashboard: Measure[]; lighthouse?: string }> {
  const port = await freePort();
  const server: ServerProcess = await startServer(
    {
      ...env,
      PORT: String(port),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_MAX: '100000000',
      // The Lighthouse run signs up a group's 29 members from one address.
      AUTH_RATE_LIMIT_MAX: '100000000',
    },
    // Listening is enough: the measures that need the Bibles wait for them below, longer than
    // readiness waits (installing them takes minutes on a busy machine).
    { waitFor: 'healthz' },
  );
  try {
    const base = server.url;
    const cookie = await signedInCookie(base);
    // Measure only once the background Bible load is over (it competes for the CPU).
    if (only !== 'signed-in') await waitForBibles(base);
    const results: Measure[] = [];
    if (only === 'signed-in') {
      results.push(
        await measure(`${label}: signed-in GET /api/auth/user`, `${base}/api/auth/user`, {
          cookie,
        }),
      );
      return { rows: results, dashboard: [] };
    }
    if (only === 'lighthouse') {
      // The member has something on every page: a plan, a lesson done, a goal, a prayer…
      await seedMember(base, cookie);
      // …and leads a group of 30 (its page is measured as the member's other pages).
      const groupPage = await seedLedGroup(base, cookie, 30);
      // LIGHTHOUSE_PARTS=scores or =main-thread runs one of the two (each takes a while).
      const parts = process.env.LIGHTHOUSE_PARTS ?? 'scores,main-thread';
      const lighthouse = parts.includes('scores')
        ? lighthouseTable(await lighthouseRows(base, cookie, [groupPage, '/bible-texts']))
        : '';
      // Printed at once: a later failure must not lose a quarter hour of measuring.
      if (lighthouse) console.log(`\n${lighthouse}\n`);
      const mainThread = parts.includes('main-thread')
        ? (await mainThreadLines(base, cookie)).join('\n')
        : '';
      return {
        rows: [],
        dashboard: [],
        lighthouse: `${lighthouse}\n\n${MAIN_THREAD_INTRO}\n\n${mainThread}`,
      };
    }
    if (only === 'dashboard') {
      return { rows: [], dashboard: await dashboardBench(label, base, env.DATABASE_URL!, 'off') };
    }
    // Alternate the order to spread drift between the two.
    results.push(await measure(`${label}: bare GET /healthz`, `${base}/healthz`));
    results.push(
      await measure(`${label}: signed-in GET /api/auth/user`, `${base}/api/auth/user`, { cookie }),
    );
    results.push(await measure(`${label}: bare GET /healthz (again)`, `${base}/healthz`));
    results.push(
      await measure(
        `${label}: passage GET /api/bible/passage?ref=John 3:16`,
        `${base}/api/bible/passage?ref=John%203:16&translation=KJV`,
        { cookie },
      ),
    );
    results.push(
      await measure(
        `${label}: search GET /api/bible/search?q=love`,
        `${base}/api/bible/search?q=love&translation=KJV`,
        { cookie },
      ),
    );
    const lat = await searchLatency(base, cookie);
    latencies.push(
      `- ${label}: search latency over ${SEARCHES.length * 20} sequential queries (${SEARCHES.length} kinds): median **${lat.p50} ms**, p95 **${lat.p95} ms**.`,
    );
    // The large-history dashboard is seeded with SQL, so it runs where the bench can reach the
    // database beside the server: PostgreSQL (PGlite is locked by the server process).
    const dashboard = env.DATABASE_URL
      ? await dashboardBench(label, base, env.DATABASE_URL, 'on')
      : [];
    return { rows: results, dashboard };
  } finally {
    await server.stop();
  }
}

function table(rows: Measure[]): string {
  const lines = ['| measurement | req/s | p50 ms | p99 ms | errors |', '|---|---:|---:|---:|---:|'];
  for (const r of rows)
    lines.push(`| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  return lines.join('\n');
}

function ratios(label: string, rows: Measure[]): string {
  const bare = (rows[0]!.rps + rows[2]!.rps) / 2;
  const pct = (r: Measure) => `**${((r.rps / bare) * 100).toFixed(0)}%**`;
  return [
    `- ${label}: signed-in \`GET /api/auth/user\` runs at ${pct(rows[1]!)} of the bare route's throughput (p99 ${rows[1]!.p99} ms vs ${rows[0]!.p99} ms).`,
    `- ${label}: passage lookup at ${pct(rows[3]!)} of the bare route (p99 ${rows[3]!.p99} ms); search for "love" (2,500+ hits, ranked, highlighted) at ${pct(rows[4]!)} (p99 ${rows[4]!.p99} ms).`,
  ].join('\n');
}

async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    const name = `bench_${Date.now()}`;
    await client.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    return target.toString();
  } catch (error) {
    console.warn(`PostgreSQL not reachable (${String(error)}): measuring PGlite only.`);
    return undefined;
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function dropDatabase(url: string) {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`drop database if exists ${name} with (force)`);
  await client.end();
}

// `npm run bench -- --search`: only the search on common words (issue 10), printed.
const sections: string[] = [];
const summary: string[] = [];
const REMINDER_OPTIONS = {
  sizes: (process.env.REMINDER_BENCH_SIZES ?? '10000,200000').split(',').map(Number),
  peak: Number(process.env.REMINDER_BENCH_PEAK ?? 20_000),
  rounds: Number(process.env.REMINDER_BENCH_ROUNDS ?? 3),
};
const reminderAdminUrl = () =>
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

// `npm run bench -- --reminders`: only the reminder scheduler (issue 28), written into its place.
if (process.argv.includes('--reminders')) {
  const { REMINDERS_INTRO, remindersBench } = await import('./reminders.ts');
  const lines = await remindersBench(reminderAdminUrl(), REMINDER_OPTIONS);
  writeSection('Reminder planning', REMINDERS_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --page-profile` (issue 24): where a member page's main-thread time goes, by
// source file, printed (bench/page-profile.ts).
if (process.argv.includes('--page-profile')) {
  const { pageProfileLines } = await import('./page-profile.ts');
  await pageProfileLines();
  process.exit(0);
}

// `npm run bench -- --first-tap` (issue 37): tap → visible effect for each kind of control, early
// and late, written into its section (bench/first-tap.ts).
if (process.argv.includes('--first-tap')) {
  ensureClientBuilt();
  const { FIRST_TAP_INTRO, FIRST_TAP_ONLY, firstTapBench } = await import('./first-tap.ts');
  const lines = await firstTapBench();
  const file = join(ROOT, 'docs/performance.md');
  if (FIRST_TAP_ONLY.length) {
    console.log(lines.join('\n'));
    process.exit(0);
  }
  writeFileSync(
    file,
    replaceSection(
      readFileSync(file, 'utf8'),
      'First tap',
      `${FIRST_TAP_INTRO}\n\n${lines.join('\n')}\n`,
    ),
  );
  console.log(lines.join('\n'));
  process.exit(0);
}

// `npm run bench -- --parallel-render` (issue 26): Psalm 119 in parallel on a phone at 4× CPU,
// written into its section (bench/parallel-render.ts).
if (process.argv.includes('--parallel-render')) {
  ensureClientBuilt();
  const { PARALLEL_RENDER_INTRO, parallelRenderBench } = await import('./parallel-render.ts');
  const lines = await parallelRenderBench();
  writeSection('Psalm 119 in parallel on a phone', PARALLEL_RENDER_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --offline-pack` (issue 40): the offline Bible's bytes and its answers' times
// at 4× CPU beside the server's, written into its section (bench/offline-pack.ts).
if (process.argv.includes('--offline-pack')) {
  ensureClientBuilt();
  const { OFFLINE_PACK_INTRO, offlinePackBench } = await import('./offline-pack.ts');
  const lines = await offlinePackBench();
  writeSection('The offline Bible', OFFLINE_PACK_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --save-data` (issue 40): a page's bytes with "Save data" off and on.
if (process.argv.includes('--save-data')) {
  ensureClientBuilt();
  const { SAVE_DATA_INTRO, saveDataBench } = await import('./save-data.ts');
  const lines = await saveDataBench();
  writeSection('Save data', SAVE_DATA_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --groups`: only a leader's dashboard of a 500-member group on PostgreSQL
// (issue 25, ADR 0052), written into its section.
if (process.argv.includes('--groups')) {
  const { GROUPS_INTRO, groupsBench } = await import('./groups.ts');
  const lines = await groupsBench(reminderAdminUrl());
  writeSection('Small groups', GROUPS_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --church`: a pastor's week of a church of 50 groups of 20 members on
// PostgreSQL (issue 38 item 4), written into its section.
if (process.argv.includes('--church')) {
  const { CHURCH_INTRO, churchBench } = await import('./churches.ts');
  const lines = await churchBench(reminderAdminUrl());
  writeSection('Churches', CHURCH_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --cross-references`: a verse's cross references on PostgreSQL, and what
// installing them adds to a first start (issue 39 item 3), written into its section.
// `npm run bench -- --bible-install`: the fourth Bible's cost at first start, written into its section.
if (process.argv.includes('--bible-install')) {
  const { BIBLE_INSTALL_INTRO, bibleInstallLines } = await import('./bible-install.ts');
  const lines = await bibleInstallLines();
  writeSection('Bundled Bibles: install and size', BIBLE_INSTALL_INTRO, lines);
  process.exit(0);
}

if (process.argv.includes('--cross-references')) {
  const { XREF_INTRO, crossReferenceLines } = await import('./cross-references.ts');
  const lines = await crossReferenceLines(reminderAdminUrl());
  writeSection('Cross references', XREF_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --words`: the word study's lookups on PostgreSQL, and what installing it adds
// to a first start and to the database (issue 39 item 2), written into its section.
if (process.argv.includes('--words')) {
  const { WORDS_INTRO, wordLines } = await import('./words.ts');
  const lines = await wordLines(reminderAdminUrl());
  writeSection('Word study', WORDS_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --drawing[=<checkout before a change>]`: member pages drawn by one server
// process on PostgreSQL, beside the bare route (and beside the other checkout's server), written
// into its section (bench/drawing.ts).
const drawing = process.argv.find((a) => a === '--drawing' || a.startsWith('--drawing='));
if (drawing) {
  const { DRAWING_INTRO, drawingLines } = await import('./drawing.ts');
  const lines = await drawingLines(reminderAdminUrl(), drawing.split('=')[1] || undefined);
  writeSection('Drawn pages', DRAWING_INTRO, lines);
  process.exit(0);
}

ensureClientBuilt();
const budgets = budgetTable(join(ROOT, 'dist/client'));

/** The body of one `## ` section of docs/performance.md as it is (empty when there is none). */
function keptSection(heading: string): string {
  const doc = readFileSync(join(ROOT, 'docs/performance.md'), 'utf8');
  const start = doc.indexOf(`## ${heading}\n`);
  if (start < 0) return '';
  const next = doc.indexOf('\n## ', start + 3);
  return doc.slice(start + heading.length + 4, next < 0 ? undefined : next).trim();
}

/**
 * The sections of docs/performance.md that `report` does not have, as they are: those each mode
 * writes alone (`--first-tap`, `--export`, `--sessions`, `--parallel-render`, …) and those measured
 * by hand ("Test suite time"), which a full run would otherwise drop.
 */
function sectionsNotIn(report: string): string {
  const doc = readFileSync(join(ROOT, 'docs/performance.md'), 'utf8');
  return [...doc.matchAll(/^## (.+)$/gm)]
    .map((match) => match[1]!)
    .filter((heading) => !report.includes(`\n## ${heading}\n`))
    .map((heading) => `\n## ${heading}\n\n${keptSection(heading)}\n`)
    .join('');
}

/** Writes a mode's section (its intro, then its lines) into docs/performance.md, and prints them. */
function writeSection(heading: string, intro: string, lines: string[]): void {
  const file = join(ROOT, 'docs/performance.md');
  writeFileSync(
    file,
    replaceSection(readFileSync(file, 'utf8'), heading, `${intro}\n\n${lines.join('\n')}\n`),
  );
  console.log(lines.join('\n'));
}

/** Where a section's hand-written account of its earlier runs begins: a mode's rewrite keeps it. */
const RUNS_HEADING = '\n### Runs\n';

/**
 * Replaces one `## ` section of docs/performance.md, leaving the others as they were, and the
 * section's own `### Runs` (what was written by hand about each run) after the new body.
 */
function replaceSection(doc: string, heading: string, body: string): string {
  const start = doc.indexOf(`## ${heading}\n`);
  if (start < 0) return `${doc.trimEnd()}\n\n## ${heading}\n\n${body}\n`;
  const next = doc.indexOf('\n## ', start + 3);
  const section = doc.slice(start, next < 0 ? undefined : next);
  const runs = section.indexOf(RUNS_HEADING);
  const kept = runs < 0 ? '' : `\n${section.slice(runs + 1).trimEnd()}\n`;
  return `${doc.slice(0, start)}## ${heading}\n\n${body}${kept}${next < 0 ? '' : doc.slice(next)}`;
}

const SEARCH_INTRO = `\`searchVerses\` called in-process on the database the server used, first page, for the 20 most frequent searchable words
of each translation alone and 20 pairs of them, each 3 times (bench/search.ts). Goal: p95 at most 30 ms on PostgreSQL and
100 ms on PGlite (issue 10; ADR 0028). \`npm run bench -- --search\` measures this section alone and writes it here.`;

// `npm run bench -- --search`: only the common-words search section, written into its place.
if (process.argv.includes('--search')) {
  const { searchOnly } = await import('./search-only.ts');
  const lines = await searchOnly();
  const file = join(ROOT, 'docs/performance.md');
  const doc = replaceSection(
    readFileSync(file, 'utf8'),
    'Search on common words',
    `${SEARCH_INTRO}\n\n${lines.join('\n')}\n`,
  );
  writeFileSync(file, doc);
  process.exit(0);
}

// `npm run bench -- --export`: only the exports of 50,000 journal entries (issue 28, ADR 0046),
// written into their section.
if (process.argv.includes('--export')) {
  const { EXPORT_INTRO, exportLines } = await import('./export.ts');
  const lines = await exportLines();
  writeSection('Exports', EXPORT_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --parallel`: only the parallel chapter answer on PostgreSQL (issue 26,
// ADR 0053), written into its section.
if (process.argv.includes('--parallel')) {
  const { PARALLEL_INTRO, parallelLines } = await import('./parallel.ts');
  const lines = await parallelLines();
  writeSection('Parallel reading', PARALLEL_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --password`: only the password check's cost (ADR 0043), written into its place.
if (process.argv.includes('--password')) {
  const lines = await passwordLines();
  writeSection('Password hashing', PASSWORD_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --framework=<checkout>`: the framework before and after ADR 0051, side by
// side in one run (bench/framework.ts), written into its section of docs/performance.md.
const before = process.argv.find((a) => a.startsWith('--framework='))?.slice('--framework='.length);
if (before) {
  const { FRAMEWORK_INTRO, frameworkLines } = await import('./framework.ts');
  const lines = await frameworkLines(before);
  writeSection('Framework before and after', FRAMEWORK_INTRO, lines);
  process.exit(0);
}

// `npm run bench -- --lighthouse`: only the page measurements (Lighthouse and byte budgets),
// written into their sections of docs/performance.md.
if (process.argv.includes('--lighthouse')) {
  const dir = mkdtempSync(join(tmpdir(), 'camino-bench-lh-'));
  try {
    const table = (await runOn('PGlite', { DATA_DIR: dir }, 'lighthouse')).lighthouse ?? '';
    const file = join(ROOT, 'docs/performance.md');
    let doc = readFileSync(file, 'utf8');
    doc = replaceSection(doc, 'Lighthouse', `${LIGHTHOUSE_INTRO}\n\n${table}\n`);
    doc = replaceSection(doc, 'Byte budgets', `${budgets}\n`);
    writeFileSync(file, doc);
    console.log(table, '\n', budgets);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.exit(0);
}

// `npm run bench -- --sessions` / `--zones` (issue 28): one member's sign-outs against the
// others' session memo, and bogus time zones against the server's memory; each written into its
// own section (bench/scale-sessions.ts, bench/scale-zones.ts).
for (const [flag, heading, load] of [
  [
    '--sessions',
    'Sign-out and the session memo',
    async () => {
      const { SESSIONS_INTRO, SESSIONS_POSTGRES, sessionsLines } =
        await import('./scale-sessions.ts');
      const engines = process.env.BENCH_SESSIONS_ENGINES ?? 'pglite,postgres';
      const lines = engines.includes('pglite') ? await sessionsLines() : [];
      if (engines.includes('postgres')) {
        const postgres = await sessionsLines({
          adminUrl: reminderAdminUrl(),
          redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
        });
        lines.push('', SESSIONS_POSTGRES, '', ...postgres);
      }
      return { intro: SESSIONS_INTRO, lines };
    },
  ],
  [
    '--zones',
    'Bogus time zones',
    async () => {
      const { ZONES_INTRO, zonesLines } = await import('./scale-zones.ts');
      return { intro: ZONES_INTRO, lines: await zonesLines() };
    },
  ],
] as const) {
  if (!process.argv.includes(flag)) continue;
  const { intro, lines } = await load();
  writeSection(heading, intro, lines);
}
if (process.argv.includes('--sessions') || process.argv.includes('--zones')) process.exit(0);

// First, on a quiet machine: the password check of a sign-in, before and after (ADR 0043).
const password = await passwordLines();

const dir = mkdtempSync(join(tmpdir(), 'camino-bench-'));
try {
  const { rows } = await runOn('PGlite', { DATA_DIR: dir });
  sections.push(table(rows));
  summary.push(ratios('PGlite (embedded)', rows));
  await commonWordsBench('PGlite', () => openPglite(dir));
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Lighthouse on its own server, after the load tests (it measures what a phone feels).
const lighthouseDir = mkdtempSync(join(tmpdir(), 'camino-bench-lh-'));
let lighthouse = '';
try {
  lighthouse = (await runOn('PGlite', { DATA_DIR: lighthouseDir }, 'lighthouse')).lighthouse ?? '';
} finally {
  rmSync(lighthouseDir, { recursive: true, force: true });
}

const pgUrl = await postgresUrl();
if (pgUrl) {
  try {
    const { rows, dashboard } = await runOn('PostgreSQL', {
      DATABASE_URL: pgUrl,
      BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1',
    });
    sections.push(table(rows));
    sections.push(table(dashboard));
    summary.push(ratios('PostgreSQL', rows));
    await commonWordsBench('PostgreSQL', () => openPostgres(pgUrl, 2));
    // The same route with the per-process session memo off (ADR 0008): every request queries.
    const { rows: cold } = await runOn(
      'PostgreSQL, session memo off',
      {
        DATABASE_URL: pgUrl,
        BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1',
        SESSION_CACHE_TTL_MS: '0',
      },
      'signed-in',
    );
    sections.push(table(cold));
    const { dashboard: uncached } = await runOn(
      'PostgreSQL, dashboard cache off',
      {
        DATABASE_URL: pgUrl,
        BETTER_AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-1',
        DASHBOARD_CACHE_TTL_MS: '0',
      },
      'dashboard',
    );
    sections.push(table(uncached));
    const bare = (rows[0]!.rps + rows[2]!.rps) / 2;
    summary.push(
      `- PostgreSQL with the session memo off (every request queries): **${((cold[0]!.rps / bare) * 100).toFixed(0)}%** of the bare route measured above.`,
    );
  } finally {
    await dropDatabase(pgUrl);
  }
}

// The reminder scheduler on PostgreSQL (issue 28); without PostgreSQL the section stays as it was.
let reminders = '';
if (pgUrl) {
  const { REMINDERS_INTRO, remindersBench } = await import('./reminders.ts');
  const lines = await remindersBench(reminderAdminUrl(), REMINDER_OPTIONS);
  reminders = `${REMINDERS_INTRO}\n\n${lines.join('\n')}\n`;
} else {
  reminders = keptSection('Reminder planning');
}

const report = `# Performance

Generated by \`npm run bench\` (bench/run.ts) on ${new Date().toISOString().slice(0, 10)}; ${cpus().length} CPU cores, Node ${process.version}.
Each figure is autocannon, ${CONNECTIONS} connections, ${DURATION} s after a 1 s warm-up, against one server process started
as in production (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\`). The load generator shares the machine with the server,
so absolute numbers mean little: compare the ratios, measured side by side in one run.
A mode that writes its own section (\`npm run bench -- --first-tap\`, …) replaces it and keeps its \`### Runs\`, the
hand-written account of each run.

## Ratios

${summary.join('\n')}

${latencies.join('\n')}

${dashboardLines.join('\n')}

Goals: signed-in \`GET /api/auth/user\` at 50% or more of the bare route on PostgreSQL (issue 2); passage lookup at 50% or
more, search p95 under 30 ms on PostgreSQL, median search under 100 ms on PGlite (issue 3); the large-history dashboard
at 25% or more of the bare route on PostgreSQL and within 1.5× of a new member's latency (issue 5; ADR 0010 and 0011).

## Password hashing

${PASSWORD_INTRO}

${password.join('\n')}

## Search on common words

${SEARCH_INTRO}

${commonWordLines.join('\n')}

## Reminder planning

${reminders}

## Small groups

${keptSection('Small groups')}

## Churches

${keptSection('Churches')}

## Drawn pages

${keptSection('Drawn pages')}

## Cross references

${keptSection('Cross references')}

## Lighthouse

${LIGHTHOUSE_INTRO}

${lighthouse}

## Byte budgets

${budgets}

## Figures

${sections.join('\n\n')}
`;
writeFileSync(join(ROOT, 'docs/performance.md'), `${report}${sectionsNotIn(report)}`);
console.log(report);
