/**
 * The framework before and after ADR 0051, side by side in one run (`npm run bench --
 * --framework=<checkout>`): `<checkout>` is the app before the change, built (`npm run build`
 * there), beside this one. Both servers run at once on this machine; each measure alternates
 * between them, so load and drift weigh on both alike. Measured: the framework's gzipped bytes
 * (scripts/build/budgets.ts), the dashboard's first-screen main-thread time with the CPU not
 * slowed and its ratio to the landing page's, and Lighthouse mobile on the dashboard.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { frameworkCost, readManifest } from '../scripts/build/budgets.ts';
import { ROOT, startServer, type ServerProcess } from '../tests/helpers/server-process.ts';
import { mainThreadMs, median, mobileRun, openBrowser, seedMember } from './lighthouse.ts';
import { signedIn } from './sign-up.ts';

const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

export const FRAMEWORK_INTRO = `The same measures on the app before ADR 0051 (React 19 and React DOM, React Router 7, i18next's language detector)
and after it (Preact with preact/compat, the app's own router, no detector), both servers running at once on this
machine and every measure alternating between them (\`npm run bench -- --framework=<checkout before the change>\`).`;

export async function frameworkLines(beforeRoot: string): Promise<string[]> {
  const builds = [
    { label: 'before (React)', root: beforeRoot },
    { label: 'after (Preact)', root: ROOT },
  ];
  const dirs: string[] = [];
  const servers: ServerProcess[] = [];
  const browser = await openBrowser();
  try {
    for (const build of builds) {
      const dir = mkdtempSync(join(tmpdir(), 'camino-bench-fw-'));
      dirs.push(dir);
      servers.push(
        await startServer(
          { DATA_DIR: dir, NODE_ENV: 'production', LOG_LEVEL: 'warn', API_RATE_LIMIT_MAX: '1e8' },
          { root: build.root, waitFor: 'healthz' },
        ),
      );
    }
    // The dashboard shows a verse: both servers' Bibles installed (minutes on a busy machine).
    for (const server of servers) {
      const deadline = Date.now() + 600_000;
      while (!(await fetch(`${server.url}/readyz`)).ok) {
        if (Date.now() > deadline) throw new Error('the Bibles did not install in 10 minutes');
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
    const cookies: string[] = [];
    for (const server of servers) {
      const { cookie } = await signedIn(server.url);
      await seedMember(server.url, cookie);
      cookies.push(cookie);
    }
    const results = builds.map(() => ({
      landing: [] as number[],
      dashboard: [] as number[],
      score: [] as number[],
      tbt: [] as number[],
      index: [] as number[],
    }));
    for (let i = 0; i < RUNS; i++) {
      for (const [n, server] of servers.entries()) {
        const r = results[n]!;
        r.landing.push(await mainThreadMs(browser, server.url, '/', null));
        r.dashboard.push(await mainThreadMs(browser, server.url, '/', cookies[n]!));
        const run = await mobileRun(browser, server.url, '/', cookies[n]!);
        if (run) {
          r.score.push(run.score);
          r.tbt.push(run.tbt);
          r.index.push(run.benchmarkIndex);
        }
      }
    }
    const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
    const cells = (f: (n: number) => string) => builds.map((_, n) => f(n)).join(' | ');
    const r = (n: number) => results[n]!;
    return [
      `| | ${builds.map((b) => b.label).join(' | ')} |`,
      '|---|---:|---:|',
      `| framework before a member page renders, gzipped | ${cells((n) => {
        const dir = join(builds[n]!.root, 'dist/client');
        return kb(frameworkCost(dir, readManifest(dir)).js);
      })} |`,
      `| dashboard first screen, main thread, CPU not slowed (median) | ${cells((n) => `${Math.round(median(r(n).dashboard))} ms`)} |`,
      `| landing page, same runs | ${cells((n) => `${Math.round(median(r(n).landing))} ms`)} |`,
      `| ratio dashboard / landing | ${cells((n) => `**${(median(r(n).dashboard) / median(r(n).landing)).toFixed(2)}×**`)} |`,
      `| Lighthouse mobile, dashboard (median; every run) | ${cells((n) => `${median(r(n).score)} (${r(n).score.join(', ')})`)} |`,
      `| total blocking time (median) | ${cells((n) => `${median(r(n).tbt)} ms`)} |`,
      `| benchmarkIndex (every run) | ${cells((n) => r(n).index.join(', '))} |`,
    ];
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  }
}
