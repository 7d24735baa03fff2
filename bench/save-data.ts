/**
 * `npm run bench -- --save-data` (issue 40): the bytes a member's page costs with "Save data" on
 * and off, side by side in one run. Each page opened in a fresh context (nothing cached, no
 * service worker: the page's own bytes), then left 8 s for what loads after the first screen; the
 * bytes are those Chromium received for the page (CDP `Network.loadingFinished`).
 */
import type { Browser } from 'playwright-core';
import { cookiesFor, inChromium } from './in-chromium.ts';
import { CHROME_FLAGS, seedMember } from './lighthouse.ts';

const PAGES = ['/', '/journal', '/prayer', '/bible', '/account-settings?tab=preferences'];
const RUNS = Math.max(1, Number(process.env.SAVE_DATA_RUNS ?? 3));

export const SAVE_DATA_INTRO = `Bytes a member's page costs with "Save data" off and on (issue 40; lib/save-data.ts), in one run of
\`npm run bench -- --save-data\` (bench/save-data.ts): each page in a fresh context (nothing cached, no service worker),
left 8 s after it loads for what comes after the first screen, the bytes Chromium received (CDP), median of ${RUNS}. With
Save data on, the code of dialogs not opened yet is not fetched ahead, and a downloaded Bible is not updated by itself.`;

async function bytesOf(
  browser: Browser,
  base: string,
  cookie: string,
  path: string,
  saveData: boolean,
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    serviceWorkers: 'block',
  });
  try {
    await context.addCookies([
      ...cookiesFor(cookie, base),
      ...(saveData ? [{ name: 'save-data', value: '1', url: base }] : []),
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    cdp.on('Network.loadingFinished', (e) => (bytes += e.encodedDataLength));
    await page.goto(`${base}${path}`, { waitUntil: 'load' });
    await page.waitForTimeout(8000);
    return bytes;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)]!;

export async function saveDataBench(): Promise<string[]> {
  return inChromium('save-data', CHROME_FLAGS, async ({ base, cookie, browser }) => {
    await seedMember(base, cookie);
    const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
    const lines = ['| page | Save data off | Save data on | saved |', '| --- | --- | --- | --- |'];
    for (const path of PAGES) {
      const off: number[] = [];
      const on: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        off.push(await bytesOf(browser, base, cookie, path, false));
        on.push(await bytesOf(browser, base, cookie, path, true));
      }
      const [a, b] = [median(off), median(on)];
      lines.push(
        `| \`${path}\` | ${kb(a)} | ${kb(b)} | ${kb(a - b)} (${((1 - b / a) * 100).toFixed(0)}%) |`,
      );
      console.log(path, off, on);
    }
    return lines;
  });
}
