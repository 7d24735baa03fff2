/**
 * `npm run bench -- --offline-pack` (issue 40): what the offline Bible costs and how fast it
 * answers on a phone-class device. A member downloads KJV + RV1909 in Chromium (the bytes that
 * came over the network counted), then, with Chromium's CPU slowed 4×, the reader's searches and
 * chapters are timed through the service worker from the download (no network) side by side
 * with the same requests answered by the server (network on) in the same run.
 */
import { statSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { cookiesFor, inChromium } from './in-chromium.ts';
import { CHROME_FLAGS } from './lighthouse.ts';

const RUNS = Math.max(3, Number(process.env.OFFLINE_PACK_RUNS ?? 5));

const SEARCHES: { translation: string; q: string }[] = [
  { translation: 'RV1909', q: 'pastor' },
  { translation: 'RV1909', q: '"buen pastor"' },
  { translation: 'RV1909', q: 'misericordia verdad' },
  { translation: 'RV1909', q: 'gracia -ley' },
  { translation: 'KJV', q: 'charity OR love' },
  { translation: 'KJV', q: 'faith hope' },
];

const CHAPTERS = ['RV1909/Isa/53', 'RV1909/Ps/119', 'KJV/Rom/8', 'KJV/Gen/1', 'RV1909/Rev/22'];

export const OFFLINE_PACK_INTRO = `The offline Bible (issue 40, ADR 0070), in one run of \`npm run bench -- --offline-pack\` (bench/offline-pack.ts):
a member downloads KJV + RV1909 from Settings › Preferences in Chromium (the bytes that came over the network counted
from the parts' responses), then, with Chromium's CPU slowed 4×, the reader's requests are timed in the page
(\`fetch\` to parsed answer) through the service worker from the download with the network off, side by side with the
same requests answered by the server with the network on (no link slowing: the server's side at its best). The first
search of a translation reads its verses from the download (**cold**); later ones find them in memory (${RUNS} runs of
each query, median and slowest). Goal: a search answers in ≤ 300 ms with the CPU slowed 4× (issue 40).`;

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
};

/** Times `paths` fetched in the page: each path's times, in order. */
async function timeFetches(page: Page, paths: string[]): Promise<number[]> {
  return page.evaluate(async (urls) => {
    const times: number[] = [];
    for (const url of urls) {
      const start = performance.now();
      const res = await fetch(url, { headers: { 'accept-language': 'es' } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      await res.json();
      times.push(performance.now() - start);
    }
    return times;
  }, paths);
}

export async function offlinePackBench(): Promise<string[]> {
  return inChromium('offline-pack', CHROME_FLAGS, async ({ base, cookie, browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.addCookies(cookiesFor(cookie, base));
    const page = await context.newPage();
    let partBytes = 0;
    let parts = 0;
    page.on('response', (r) => {
      if (!r.url().includes('/api/offline/parts/') || !r.ok()) return;
      parts++;
      void r
        .body()
        .then((b) => (partBytes += b.length))
        .catch(() => undefined);
    });
    await page.goto(`${base}/account-settings?tab=preferences`);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
      timeout: 120_000,
    });
    const cdp = await context.newCDPSession(page);
    const chapterPaths = CHAPTERS.flatMap((c) =>
      Array.from({ length: RUNS }, () => `/api/bible/chapter/${c}`),
    );
    // The server's chapters, before the download (after it, the worker answers them from it).
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const chapterOnline = await timeFetches(page, chapterPaths);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });

    const started = Date.now();
    await page.getByRole('button', { name: /^Download for offline \(/ }).click();
    await page.getByText('Everything you chose is on this device and up to date.').waitFor({
      timeout: 300_000,
    });
    const downloadSeconds = (Date.now() - started) / 1000;
    await page.waitForTimeout(500);

    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const searchUrl = (s: (typeof SEARCHES)[number]) =>
      `/api/bible/search?q=${encodeURIComponent(s.q)}&translation=${s.translation}&page=1`;

    // The server's answers first (network on), each query RUNS times.
    const online: number[][] = SEARCHES.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      const times = await timeFetches(page, SEARCHES.map(searchUrl));
      times.forEach((t, i) => online[i]!.push(t));
    }

    // How much slower the service worker runs while the page's CPU is slowed 4× (Chromium slows
    // the page's thread; a worker's only in part): the same loop timed in the worker, 1× then 4×.
    const worker = context.serviceWorkers()[0];
    const loop = () =>
      worker!.evaluate(() => {
        const start = performance.now();
        let x = 0;
        for (let i = 0; i < 2e7; i++) x += i % 7;
        return x > 0 ? performance.now() - start : 0;
      });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const calm = median([await loop(), await loop(), await loop()]);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const slowed = median([await loop(), await loop(), await loop()]);
    const workerFactor = slowed / calm;

    await context.setOffline(true);
    // Cold: the RV1909's first search reads its verses from the download as it answers. The
    // KJV's are read ahead, as when the member focuses the search field with no network
    // (features/offline/warm.ts), while the words are typed (2 s here).
    const cold = (await timeFetches(page, [searchUrl(SEARCHES[0]!)]))[0]!;
    await page.evaluate(() =>
      navigator.serviceWorker.controller?.postMessage({
        type: 'camino:warm-search',
        translation: 'KJV',
        offline: true,
      }),
    );
    await page.waitForTimeout(2000);
    const kjv = SEARCHES.find((s) => s.translation === 'KJV')!;
    const warmed = (await timeFetches(page, [searchUrl(kjv)]))[0]!;
    const offline: number[][] = SEARCHES.map(() => []);
    for (let run = 0; run < RUNS; run++) {
      const times = await timeFetches(page, SEARCHES.map(searchUrl));
      times.forEach((t, i) => offline[i]!.push(t));
    }
    const chapterOffline = await timeFetches(page, chapterPaths);

    // Pass it on: the download saved as one file, then opened again (checked part by part and
    // installed), timed from the file chosen to the notice that it is open, the page at 4×.
    const saving = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Save as a file' }).click();
    const file = await (await saving).path();
    const fileBytes = statSync(file).size;
    const choosing = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Open a file' }).click();
    const chooser = await choosing;
    const opening = Date.now();
    await chooser.setFiles(file);
    await page.getByText('The file was opened', { exact: true }).waitFor({ timeout: 120_000 });
    const openSeconds = (Date.now() - opening) / 1000;
    await context.setOffline(false);

    const ms = (n: number) => `${Math.round(n)} ms`;
    const full = (n: number) => ms((n * 4) / Math.max(1, workerFactor));
    const lines = [
      `Downloaded: ${parts} parts, **${(partBytes / 1024 / 1024).toFixed(2)} MB** over the network for KJV + RV1909 (goal ≤ 3 MB), in ${downloadSeconds.toFixed(1)} s on loopback.`,
      '',
      `The page's CPU slowed 4× slowed the service worker, which answers from the download, ${workerFactor.toFixed(1)}× (the same loop timed in it at 1× and 4×); the last column scales the download's medians to a full 4× by that measured factor.`,
      '',
      '| request (CPU 4×) | from the download: median / slowest | from the server: median / slowest | ratio (medians) | download at a full 4× (scaled) |',
      '| --- | --- | --- | --- | --- |',
    ];
    SEARCHES.forEach((s, i) => {
      const off = offline[i]!;
      const on = online[i]!;
      lines.push(
        `| search ${s.translation} \`${s.q}\` | ${ms(median(off))} / ${ms(Math.max(...off))} | ${ms(median(on))} / ${ms(Math.max(...on))} | ${(median(off) / median(on)).toFixed(2)} | ${full(median(off))} |`,
      );
    });
    lines.push(
      `| first search, RV1909, cold (its verses read as it answers) | ${ms(cold)} | | | ${full(cold)} |`,
      `| first search, KJV, read ahead as the field is focused | ${ms(warmed)} | | | ${full(warmed)} |`,
      `| a chapter (${CHAPTERS.length} chapters × ${RUNS}) | ${ms(median(chapterOffline))} / ${ms(Math.max(...chapterOffline))} | ${ms(median(chapterOnline))} / ${ms(Math.max(...chapterOnline))} | ${(median(chapterOffline) / median(chapterOnline)).toFixed(2)} | ${full(median(chapterOffline))} |`,
    );
    lines.push(
      '',
      `The download as one file (\`.caminopack\`, ${(fileBytes / 1024 / 1024).toFixed(2)} MB) opened again with no network, every part checked against its name: **${openSeconds.toFixed(1)} s** from the file chosen to the notice that it is open, the page's CPU slowed 4× (goal ≤ 10 s).`,
    );
    return lines;
  });
}
