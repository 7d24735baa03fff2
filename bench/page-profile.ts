/**
 * `npm run bench -- --page-profile` (issue 24): where a member page's main-thread time goes, by
 * the original source file. Each page is loaded as a first visit (a fresh browser context, no
 * cache, no service worker) by a member with something on every page and a group of 30 to
 * lead, with Chromium's sampling profiler on (CPU not slowed); the samples of the first
 * `PAGE_PROFILE_WINDOW_MS` (1,500) are mapped through the build's source maps and summed by
 * source file (a package for node_modules). Printed, not written into docs/performance.md: it
 * is for finding what to change, not a score. `PAGE_PROFILE_PAGES` (comma-separated, e.g.
 * `/,/journal`; a group's page is `/groups/:id`), `PAGE_PROFILE_RUNS` (3) and
 * `BENCH_PAGE_PROFILE_DIR` (keeps each `.cpuprofile`, for Chromium's DevTools) choose.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SourceMapConsumer, type RawSourceMap } from 'source-map';
import { freePort, ROOT, startServer } from '../tests/helpers/server-process.ts';
import { MEMBER_PAGES, openBrowser, seedLedGroup, seedMember } from './lighthouse.ts';
import { signedIn } from './sign-up.ts';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const RUNS = Math.max(1, Number(process.env.PAGE_PROFILE_RUNS ?? 3));
const WINDOW_US = Number(process.env.PAGE_PROFILE_WINDOW_MS ?? 1500) * 1000;
const ASSETS = join(ROOT, 'dist/client/assets');

const maps = new Map<string, SourceMapConsumer | null>();
function mapFor(url: string): SourceMapConsumer | null {
  const file = url.replace(/^.*\/assets\//, '');
  if (!maps.has(file)) {
    const path = join(ASSETS, `${file}.map`);
    maps.set(
      file,
      existsSync(path)
        ? new SourceMapConsumer(JSON.parse(readFileSync(path, 'utf8')) as RawSourceMap)
        : null,
    );
  }
  return maps.get(file)!;
}

/** The original source of a sample: `src/…` for the app, the package for node_modules. */
function sourceOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName || '(native)';
  const map = mapFor(frame.url);
  if (!map) return frame.url.replace(/^.*\//, '');
  const source = map.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  }).source;
  if (!source) return frame.url.replace(/^.*\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (pkg) return pkg[1]!;
  return source.replace(/^.*?\/src\//, 'src/');
}

/** Self time (ms) by source within the window, and the busy total (everything but idle). */
function summarise(profile: Profile): { busy: number; bySource: Map<string, number> } {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const bySource = new Map<string, number>();
  let at = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    at += delta;
    if (at > WINDOW_US) return;
    const frame = nodes.get(id)!.callFrame;
    if (frame.functionName === '(idle)') return;
    busy += delta / 1000;
    const source = sourceOf(frame);
    bySource.set(source, (bySource.get(source) ?? 0) + delta / 1000);
  });
  return { busy, bySource };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

export async function pageProfileLines(): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'camino-page-profile-'));
  const keep = process.env.BENCH_PAGE_PROFILE_DIR;
  if (keep) mkdirSync(keep, { recursive: true });
  const server = await startServer(
    {
      DATA_DIR: dir,
      PORT: String(await freePort()),
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      API_RATE_LIMIT_MAX: '100000000',
      AUTH_RATE_LIMIT_MAX: '100000000',
    },
    { waitFor: 'readyz' },
  );
  const lines: string[] = [];
  try {
    const base = server.url;
    const { cookie } = await signedIn(base);
    await seedMember(base, cookie);
    const group = await seedLedGroup(base, cookie, 30);
    const pages = (process.env.PAGE_PROFILE_PAGES?.split(',') ?? [...MEMBER_PAGES, '/groups/:id'])
      .map((p) => p.trim())
      .map((p) => (p === '/groups/:id' ? group : p));
    const browser = await openBrowser();
    try {
      for (const path of pages) {
        const runs: ReturnType<typeof summarise>[] = [];
        for (let run = 0; run < RUNS; run++) {
          const context = await browser.createBrowserContext();
          const page = await context.newPage();
          const [name, ...value] = cookie.split('=');
          await page.setCookie({ name: name!, value: value.join('='), url: base });
          const cdp = await page.createCDPSession();
          await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
          await cdp.send('Profiler.enable');
          await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
          await cdp.send('Profiler.start');
          await page.goto(`${base}${path}`, { waitUntil: 'networkidle0' });
          await new Promise((resolve) => setTimeout(resolve, 1500));
          const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
          await context.close();
          if (keep) {
            const file = `${path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'dashboard'}-${run}`;
            writeFileSync(join(keep, `${file}.cpuprofile`), JSON.stringify(profile));
          }
          runs.push(summarise(profile));
        }
        const shown = path === group ? '/groups/:id' : path;
        const total = new Map<string, number>();
        for (const run of runs) {
          for (const [source, ms] of run.bySource) total.set(source, (total.get(source) ?? 0) + ms);
        }
        const top = [...total]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 12)
          .map(([source, ms]) => `${source} ${(ms / runs.length).toFixed(0)} ms`);
        lines.push(
          `- member ${shown}: main thread busy ${median(runs.map((r) => r.busy)).toFixed(0)} ms (median of ${runs.length}; each ${runs.map((r) => r.busy.toFixed(0)).join(', ')}) in the first ${WINDOW_US / 1000} ms; by source (mean self time): ${top.join(' · ')}`,
        );
        console.log(lines.at(-1));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
