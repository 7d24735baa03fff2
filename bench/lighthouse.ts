import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
/**
 * Lighthouse (mobile and desktop presets) on the pages a person meets first: the public pages
 * as a visitor, and every page a member opens daily, as a member with something on each. Part
 * of `npm run bench`; scores are a measurement, not a pass/fail test (this machine is noisy):
 * each run prints the `benchmarkIndex` Lighthouse measured the host at, and beside the scores a
 * measure that does not depend on the host's speed (mainThreadLines, docs/decisions/0051).
 */
import lighthouse, { type Flags } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { signedIn } from './sign-up.ts';
import puppeteer from 'puppeteer-core';

/** The full browser a member runs (the benches stand for a phone), and how it is started. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROME_FLAGS = [
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
  /** The host's speed as Lighthouse measured it in each run (same order as `runs`). */
  benchmarkIndex?: number[];
}

const VISITOR_PAGES = [
  '/',
  '/about-us',
  '/course-overview',
  '/sign-in',
  '/sign-up',
  '/bible-texts',
];
/** Every page a member opens daily (issue 24); the lesson is the one after the first, done. */
export const MEMBER_PAGES = [
  '/',
  '/daily-reading',
  '/bible',
  '/lesson/101-2',
  '/journal',
  '/prayer',
  '/memory-verses',
  '/goals',
  '/courses',
  '/notifications',
  '/account-settings',
  // Preferences: the offline download's card and its courses (issue 40).
  '/account-settings?tab=preferences',
];
/** Runs per page and preset (`LIGHTHOUSE_RUNS`); the table shows the median run. */
const RUNS = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** The presets measured (`LIGHTHOUSE_PRESETS`, comma-separated): mobile and desktop unless set. */
const PRESETS = (process.env.LIGHTHOUSE_PRESETS ?? 'mobile,desktop')
  .split(',')
  .map((p) => p.trim())
  .filter((p): p is 'mobile' | 'desktop' => p === 'mobile' || p === 'desktop');

/**
 * The pages measured (`LIGHTHOUSE_PAGES`, comma-separated, e.g. `member /,member /journal`):
 * every page unless set, to look at one page while changing it.
 */
const PAGES = process.env.LIGHTHOUSE_PAGES?.split(',').map((p) => p.trim());
/** A page as the table and `LIGHTHOUSE_PAGES` name it: a group's page is `/groups/:id`. */
const pageName = (path: string) => path.replace(/^\/groups\/[0-9a-f-]{36}$/, '/groups/:id');
const chosen = (who: 'visitor' | 'member') => (path: string) =>
  !PAGES || PAGES.includes(`${who} ${pageName(path)}`);

/**
 * Runs every page in both presets, `RUNS` times each; `cookie` is the member's session cookie
 * (name=value). Every run is a first visit: Lighthouse empties the HTTP cache, the service
 * worker and its caches before it (its storage reset keeps cookies, so the member stays signed
 * in), as for anyone opening the app on a new phone.
 */
/**
 * Gives the member something on each page, as a member who uses the app has: a reading plan
 * (today's reading), the first lesson done (the next one open), a goal, a prayer request, a
 * memory verse and a journal entry.
 */
export async function seedMember(base: string, cookie: string): Promise<void> {
  const origin = base.replace('127.0.0.1', 'localhost');
  const post = async (path: string, body?: object) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, origin },
      body: JSON.stringify(body ?? {}),
    });
    if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
  };
  await post('/api/reading-plans/gospels/start', { duration: 90 });
  await post('/api/lessons/101-1/complete');
  await post('/api/goals', {
    title: 'Read a chapter',
    target: 1,
    unit: 'chapters',
    period: 'daily',
  });
  await post('/api/prayers', { title: 'For my family', category: 'family' });
  await post('/api/memory-verses', { reference: 'Philippians 4:13', category: 'strength' });
  await post('/api/journal', { content: 'Thankful today.', status: 'published' });
}

/**
 * A group the member leads, of `size` people (issue 25: the leader's page measured with 30):
 * the others signed up through the API, joined with the group's link at each consent level in
 * turn, half of them with the course's first lesson done. Returns the group's page.
 */
export async function seedLedGroup(base: string, cookie: string, size: number): Promise<string> {
  const origin = base.replace('127.0.0.1', 'localhost');
  const post = async <T>(path: string, body: object, who = cookie): Promise<T> => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: who, origin },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${path} failed: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  };
  const group = await post<{ id: string }>('/api/groups', {
    name: 'Grupo de nuevos creyentes',
    description: 'Primeros pasos juntos',
    language: 'es',
    path: { kind: 'course', courseId: '101' },
    startsOn: new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10),
    meetingNote: 'Jueves 7 pm, en casa de los García',
  });
  const { token } = await post<{ token: string }>(`/api/groups/${group.id}/invitations`, {});
  const levels = ['membership', 'progress', 'reflections'] as const;
  for (let i = 1; i < size; i++) {
    const member = await signedIn(base);
    await post(`/api/invitations/${token}/accept`, { level: levels[i % 3] }, member.cookie);
    if (i % 2 === 0) await post('/api/lessons/101-1/complete', {}, member.cookie);
  }
  return `/groups/${group.id}`;
}

export async function lighthouseRows(
  base: string,
  cookie: string,
  extraMemberPages: readonly string[] = [],
): Promise<LighthouseRow[]> {
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
        console.warn(
          `Lighthouse could not measure ${path} (${preset}), attempt ${attempt + 1}: ${lhr.runtimeError.code}`,
        );
        return undefined;
      }
      const score = (id: string) => {
        const value = lhr.categories[id]?.score;
        return value === null || value === undefined ? Number.NaN : Math.round(value * 100);
      };
      const shown = (id: string) => lhr.audits[id]?.displayValue ?? '?';
      return {
        page: `${member ? 'member' : 'visitor'} ${pageName(path)}`,
        preset,
        performance: score('performance'),
        accessibility: score('accessibility'),
        bestPractices: score('best-practices'),
        seo: score('seo'),
        fcp: shown('first-contentful-paint'),
        lcp: shown('largest-contentful-paint'),
        tbt: shown('total-blocking-time'),
        cls: shown('cumulative-layout-shift'),
        benchmarkIndex: [Math.round(lhr.environment.benchmarkIndex)],
      };
    };
    const median = async (path: string, preset: 'mobile' | 'desktop', member: boolean) => {
      const runs: LighthouseRow[] = [];
      // A run Lighthouse could not measure (a trace without its navigation start, seen about once
      // in twenty runs) is run again, so that the median is of RUNS measured runs: at most
      // RUNS more attempts, then the runs there are.
      for (let attempt = 0; attempt < 2 * RUNS && runs.length < RUNS; attempt++) {
        const row = await run(path, preset, member, attempt);
        if (row) runs.push(row);
      }
      runs.sort((a, b) => a.performance - b.performance);
      const middle = runs[Math.floor(runs.length / 2)];
      if (!middle) throw new Error(`Lighthouse could not measure ${path} (${preset}) at all`);
      rows.push({
        ...middle,
        runs: runs.map((r) => r.performance),
        benchmarkIndex: runs.flatMap((r) => r.benchmarkIndex ?? []),
      });
    };
    for (const preset of PRESETS) {
      for (const path of VISITOR_PAGES.filter(chosen('visitor'))) await median(path, preset, false);
      for (const path of [...MEMBER_PAGES, ...extraMemberPages].filter(chosen('member')))
        await median(path, preset, true);
    }
  } finally {
    await browser.close();
  }
  return rows;
}

export function lighthouseTable(rows: LighthouseRow[]): string {
  const head =
    '| page | preset | performance (median; every run) | benchmarkIndex (every run) | accessibility | best practices | SEO | FCP | LCP | TBT | CLS |\n|---|---|---|---|---|---|---|---|---|---|---|';
  const shown = (score: number) => (Number.isNaN(score) ? 'not measured' : String(score));
  const body = rows.map(
    (r) =>
      `| ${r.page} | ${r.preset} | ${shown(r.performance)}${r.runs && r.runs.length > 1 ? ` (${r.runs.join(', ')})` : ''} | ${(r.benchmarkIndex ?? []).join(', ')} | ${shown(r.accessibility)} | ${shown(r.bestPractices)} | ${shown(r.seo)} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} |`,
  );
  return [head, ...body].join('\n');
}

/** The main-thread groups of Lighthouse's breakdown that the page's own code costs. */
const OWN_WORK = ['scriptEvaluation', 'scriptParseCompile', 'styleLayout'];

/**
 * Main-thread time of a page's first screen with the CPU not slowed (Chromium's trace, as
 * Lighthouse's main-thread breakdown reads it: script evaluation, parse and compile, style and
 * layout), for the visitor landing page and each member page, `RUNS` times each, interleaved.
 * A faster or slower host moves both alike: their ratio says the same on any machine, where a
 * throttled score does not (issue 24, docs/decisions/0051).
 */
export const openBrowser = () => puppeteer.launch({ executablePath: CHROMIUM, args: CHROME_FLAGS });
type Browser = Awaited<ReturnType<typeof openBrowser>>;

/** A new tab with the member's cookie (`cookie`: name=value), or without any (null). */
async function tab(browser: Browser, base: string, cookie: string | null) {
  const page = await browser.newPage();
  // The browser's tabs share one cookie jar: a visitor's tab empties it for the site.
  await page.deleteCookie(...(await page.cookies(base)));
  if (cookie) {
    const [name, ...value] = cookie.split('=');
    await page.setCookie({ name: name!, value: value.join('='), url: base });
  }
  return page;
}

const UNTHROTTLED = {
  extends: 'lighthouse:default',
  settings: {
    onlyAudits: ['mainthread-work-breakdown'],
    // No slowdown at all: the host's own speed, the same for both pages.
    throttlingMethod: 'provided' as const,
    throttling: { cpuSlowdownMultiplier: 1, rttMs: 0, throughputKbps: 0 },
  },
};

/** The first screen's own main-thread work (ms), CPU not slowed; `cookie` null: a visitor. */
export async function mainThreadMs(
  browser: Browser,
  base: string,
  path: string,
  cookie: string | null,
): Promise<number> {
  // Now and then Chromium's trace of a run is unusable (NO_NAVSTART): that run is measured again.
  for (let attempt = 1; ; attempt++) {
    const page = await tab(browser, base, cookie);
    const result = await lighthouse(`${base}${path}`, { logLevel: 'error' }, UNTHROTTLED, page);
    await page.close();
    const items = (
      result?.lhr.audits['mainthread-work-breakdown']?.details as
        { items?: { group: string; duration: number }[] } | undefined
    )?.items;
    if (items) {
      return items.filter((i) => OWN_WORK.includes(i.group)).reduce((t, i) => t + i.duration, 0);
    }
    if (attempt === 3) throw new Error(`no main-thread breakdown for ${path} in 3 runs`);
    console.warn(`No main-thread breakdown for ${path} (${result?.lhr.runtimeError?.code}); again`);
  }
}

/** One Lighthouse mobile run of a page: score, total blocking time (ms), benchmarkIndex. */
export async function mobileRun(browser: Browser, base: string, path: string, cookie: string) {
  const page = await tab(browser, base, cookie);
  const result = await lighthouse(
    `${base}${path}`,
    { logLevel: 'error', onlyCategories: ['performance'] },
    undefined,
    page,
  );
  await page.close();
  const lhr = result?.lhr;
  if (!lhr || lhr.runtimeError) return undefined;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    tbt: Math.round(lhr.audits['total-blocking-time']?.numericValue ?? Number.NaN),
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
  };
}

export const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * Main-thread time of a page's first screen with the CPU not slowed (Chromium's trace, as
 * Lighthouse's main-thread breakdown reads it: script evaluation, parse and compile, style and
 * layout), for the visitor landing page and each member page, `RUNS` times each, interleaved.
 * A faster or slower host moves both alike: their ratio says the same on any machine, where a
 * throttled score does not (issue 24, docs/decisions/0051).
 */
export async function mainThreadLines(base: string, cookie: string): Promise<string[]> {
  const browser = await openBrowser();
  const lines: string[] = [];
  try {
    for (const path of MEMBER_PAGES.filter(chosen('member'))) {
      const landing: number[] = [];
      const member: number[] = [];
      const landingApp: number[] = [];
      const memberApp: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        landing.push(await mainThreadMs(browser, base, '/', null));
        member.push(await mainThreadMs(browser, base, path, cookie));
        landingApp.push(await takeoverMs(browser, base, '/', null));
        memberApp.push(await takeoverMs(browser, base, path, cookie));
      }
      const [l, m] = [median(landing), median(member)];
      const [la, ma] = [median(landingApp), median(memberApp)];
      lines.push(
        `| member ${path} | ${Math.round(m)} ms | ${Math.round(l)} ms | **${(m / l).toFixed(2)}×** | ${Math.round(ma)} ms | ${Math.round(la)} ms | **${(ma / la).toFixed(2)}×** |`,
      );
    }
  } finally {
    await browser.close();
  }
  return [
    '| first screen | main thread, no CPU slowdown (median) | visitor landing page, same runs | ratio | until the app has the page | landing page, same | ratio |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...lines,
  ];
}

/**
 * The main-thread time (script, style and layout, from Chromium's own counters, CPU not slowed)
 * from the navigation until the app has taken the page over: a member's page drawn by the server
 * is read first and taken over when used (docs/decisions/0060), so its first screen alone leaves
 * the app's evaluation and hydration out; this adds them. The takeover is asked as a person
 * would (focus on the page's first button), then timed until `data-app="ready"` and two frames.
 */
export async function takeoverMs(
  browser: Browser,
  base: string,
  path: string,
  cookie: string | null,
): Promise<number> {
  const page = await tab(browser, base, cookie);
  try {
    const cdp = await page.createCDPSession();
    await cdp.send('Performance.enable');
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.evaluate(() => document.querySelector<HTMLElement>('main button, button')?.focus());
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', {
      timeout: 30_000,
    });
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    const { metrics } = await cdp.send('Performance.getMetrics');
    const seconds = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    return (
      (seconds('ScriptDuration') + seconds('RecalcStyleDuration') + seconds('LayoutDuration')) *
      1000
    );
  } finally {
    await page.close();
  }
}
