import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
/**
 * Lighthouse (mobile and desktop presets) on the pages a person meets first: the public pages
 * as a visitor, the dashboard and the daily reading as a signed-in member. Part of
 * `npm run bench`; scores are a measurement, not a pass/fail test (this machine is noisy).
 */
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface LighthouseRow {
  page: string;
  preset: 'mobile' | 'desktop';
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: string;
  lcp: string;
  tbt: string;
  cls: string;
  /** Every run's performance score, lowest first. */
  runs?: number[];
}

const VISITOR_PAGES = ['/', '/about-us', '/course-overview', '/sign-in'];
const MEMBER_PAGES = ['/', '/daily-reading'];
/** Runs per page and preset (`LIGHTHOUSE_RUNS`); the table shows the median run. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));

/**
 * Runs every page in both presets, `RUNS` times each; `cookie` is the member's session cookie
 * (name=value). Every run is a first visit: Lighthouse empties the HTTP cache, the service
 * worker and its caches before it (its storage reset keeps cookies, so the member stays signed
 * in), as for anyone opening the app on a new phone.
 */
export async function lighthouseRows(base: string, cookie: string): Promise<LighthouseRow[]> {
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
  const rows: LighthouseRow[] = [];
  try {
    const run = async (
      path: string,
      preset: 'mobile' | 'desktop',
      member: boolean,
      attempt: number,
    ): Promise<LighthouseRow | undefined> => {
      const page = await browser.newPage();
      const [name, ...value] = cookie.split('=');
      if (member) await page.setCookie({ name: name!, value: value.join('='), url: base });
      else await page.deleteCookie({ name: name!, url: base });
      const flags: Flags = {
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      };
      const result = await lighthouse(
        `${base}${path}`,
        flags,
        preset === 'desktop' ? desktopConfig : undefined,
        page,
      );
      await page.close();
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
      // LIGHTHOUSE_REPORTS=<dir>: keep each full report (JSON) to see where the time went.
      const reports = process.env.LIGHTHOUSE_REPORTS;
      if (reports) {
        mkdirSync(reports, { recursive: true });
        const name = `${member ? 'member' : 'visitor'}${path.replace(/\W+/g, '-')}-${preset}-${attempt}.json`;
        writeFileSync(join(reports, name), JSON.stringify(lhr));
      }
      if (lhr.runtimeError) {
        // Say so rather than count zeros as if they were scores (a trace glitch: the other runs
        // of the page stand).
        console.warn(`Lighthouse could not measure ${path} (${preset}): ${lhr.runtimeError.code}`);
        return undefined;
      }
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
      };
      const shown = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      return {
        page: `${member ? 'member' : 'visitor'} ${path}`,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: shown('first-contentful-paint'),
        lcp: shown('largest-contentful-paint'),
        tbt: shown('total-blocking-time'),
        cls: shown('cumulative-layout-shift'),
      };
    };
    const median = async (path: string, preset: 'mobile' | 'desktop', member: boolean) => {
      const runs: LighthouseRow[] = [];
      for (let attempt = 0; attempt < RUNS; attempt++) {
        const row = await run(path, preset, member, attempt);
        if (row) runs.push(row);
      }
      runs.sort((a, b) => a.performance - b.performance);
      const middle = runs[Math.floor(runs.length / 2)];
      if (!middle) throw new Error(`Lighthouse could not measure ${path} (${preset}) at all`);
      rows.push({ ...middle, runs: runs.map((r) => r.performance) });
    };
    for (const preset of ['mobile', 'desktop'] as const) {
      for (const path of VISITOR_PAGES) await median(path, preset, false);
      for (const path of MEMBER_PAGES) await median(path, preset, true);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  const head =
    '| page | preset | performance (median; every run) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|---|';
  const shown = (score: number) => (Number.isNaN(score) ? 'not measured' : String(score));
  const body = rows.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${shown(r.performance)}${r.runs && r.runs.length > 1 ? ` (${r.runs.join(', ')})` : ''} | ${shown(r.accessibility)} | ${shown(r.bestPractices)} | ${shown(r.seo)} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
  );
  return [head, ...body].join('\n');
}
