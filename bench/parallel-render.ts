/**
 * `npm run bench -- --parallel-render` (issue 26, ADR 0053): Psalm 119 read in parallel
 * (RV1909 beside the KJV, interleaved at 390 px: 352 verses) on a phone-class device: the long
 * tasks and the layout shift of opening it from the reader's chapter picker and scrolling it,
 * Chromium's CPU slowed 4×. Measured here rather than in the browser tests, which check that the
 * chapter shows whole (tests/e2e/parallel.test.ts): timings do not belong in pass/fail tests.
 */
import type { Browser } from 'playwright-core';
import { INSTALLED_TRANSLATIONS } from '../src/shared/values/bible.ts';
import { cookiesFor, inChromium } from './in-chromium.ts';
import { CHROME_FLAGS, median } from './lighthouse.ts';

const FLAGS = [...CHROME_FLAGS, '--disable-quic'];
/** Runs (`PARALLEL_RENDER_RUNS`), a fresh context each. */
const RUNS = Math.max(3, Number(process.env.PARALLEL_RENDER_RUNS ?? 5));

export const PARALLEL_RENDER_INTRO = `Psalm 119 in parallel on a phone (bench/parallel-render.ts, \`npm run bench -- --parallel-render\`): a Spanish
member reading RV1909 beside the KJV, interleaved at 390 px (352 verses), Chromium's CPU slowed 4×, opens Psalm 119
from Psalm 1 with the reader's chapter picker, scrolls 4,000 px, waits 0.5 s, scrolls to the end and waits 1 s. The
long tasks (over 50 ms) and the layout shift (CLS, shifts without input) seen from the picker on, ${RUNS} runs, a fresh
context each (a first visit; the app's code comes from the network, not cached). \`npm start\`'s production server on
the embedded database.`;

interface Run {
  longTasks: number[];
  cls: number;
}

async function once(browser: Browser, base: string, cookie: string): Promise<Run> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-ES',
    reducedMotion: 'reduce',
  });
  try {
    await context.addCookies(cookiesFor(cookie, base));
    const page = await context.newPage();
    // Observers from the first script on, so the chapter's render is seen whole.
    await page.addInitScript(() => {
      const w = window as unknown as { __longTasks: number[]; __cls: number };
      w.__longTasks = [];
      w.__cls = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__longTasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
      new PerformanceObserver((list) => {
        for (const e of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!e.hadRecentInput) w.__cls += e.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    await page.goto(`${base}/bible?b=Ps&c=1`);
    await page.getByText('Bienaventurado el varón').waitFor();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __cls: number };
      w.__longTasks = [];
      w.__cls = 0;
    });
    await page.getByRole('combobox', { name: 'Capítulo' }).selectOption('119');
    await page.locator('[id="v-b:Ps.119.176"]').waitFor();
    await page.mouse.wheel(0, 4000);
    await page.waitForTimeout(500);
    await page.mouse.wheel(0, 20000);
    await page.waitForTimeout(1000);
    const seen = await page.evaluate(() => {
      const w = window as unknown as { __longTasks: number[]; __cls: number };
      return { longTasks: w.__longTasks, cls: w.__cls };
    });
    const verses = await page.locator('[id^="v-a:Ps.119."]').count();
    if (verses !== 176) throw new Error(`Psalm 119 showed ${verses} verses of 176`);
    return seen;
  } finally {
    await context.close();
  }
}

export async function parallelRenderBench(): Promise<string[]> {
  return inChromium('parallel-render', FLAGS, async ({ base, cookie, browser }) => {
    // The server's own origin (APP_URL names localhost), as bench/sign-up.ts sends it.
    const origin = base.replace('127.0.0.1', 'localhost');
    const headers = { 'content-type': 'application/json', cookie, origin };
    // A fresh server installs the Bibles after it starts: wait until the reader has them.
    for (let waited = 0; ; waited += 1000) {
      const res = await fetch(`${base}/api/bible/translations`, { headers });
      const list = res.ok ? ((await res.json()) as { available: boolean }[]) : [];
      if (list.filter((t) => t.available).length === INSTALLED_TRANSLATIONS.length) break;
      if (waited > 180_000) throw new Error('the Bibles were not installed within 3 minutes');
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
    const preferences = await fetch(`${base}/api/user/preferences`, {
      method: 'PATCH',
      headers,
      body: JSON.stringify({ language: 'es', bibleParallel: 'KJV' }),
    });
    if (!preferences.ok) throw new Error(`preferences: ${preferences.status}`);
    const runs: Run[] = [];
    for (let run = 0; run < RUNS; run++) {
      runs.push(await once(browser, base, cookie));
      const last = runs.at(-1)!;
      console.log(
        `run ${run + 1}: ${last.longTasks.length} long tasks, longest ${Math.round(Math.max(0, ...last.longTasks))} ms, CLS ${last.cls.toFixed(3)}`,
      );
    }
    const blocking = (r: Run) => r.longTasks.reduce((sum, d) => sum + Math.max(0, d - 50), 0);
    return [
      '| measure | median | runs |',
      '| --- | --- | --- |',
      ...(
        [
          ['long tasks', (r: Run) => r.longTasks.length, (v: number) => String(v)],
          [
            'the longest task',
            (r: Run) => Math.max(0, ...r.longTasks),
            (v: number) => `${Math.round(v)} ms`,
          ],
          [
            'blocking time (each long task past 50 ms, summed)',
            blocking,
            (v: number) => `${Math.round(v)} ms`,
          ],
          ['layout shift (CLS)', (r: Run) => r.cls, (v: number) => v.toFixed(3)],
        ] as const
      ).map(
        ([name, of, shown]) =>
          `| ${name} | **${shown(median(runs.map(of)))}** | ${runs.map((r) => shown(of(r))).join(', ')} |`,
      ),
    ];
  });
}
