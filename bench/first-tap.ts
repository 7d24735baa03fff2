/**
 * `npm run bench -- --first-tap` (issue 37): how long a member waits between tapping a control
 * and seeing it answer, on a phone-class device, for each kind of control the pages have, tapped
 * early (300 ms after it shows, before the app has the page) and late (once the app has it),
 * side by side in one run. Chromium at 390 px in Spanish, its CPU slowed 4× and its link slowed
 * like Lighthouse's mobile run (150 ms, 1.6 Mbit/s down, 750 kbit/s up), a fresh context each run:
 * nothing cached, no service worker (the slowest first visit; a member's later visits have the
 * app's code at hand). Each run times the tap (the pointer's press, or the key) to the frame
 * after the first one that shows its effect (by then that one is on screen), and Chromium's own
 * measure of that interaction (Event Timing: the longest event of it, as INP counts). A tap whose
 * effect never shows is lost.
 */
import type { Browser, Locator, Page } from 'playwright-core';
import { cookiesFor, inChromium } from './in-chromium.ts';
import { CHROME_FLAGS, seedMember } from './lighthouse.ts';

const FLAGS = [...CHROME_FLAGS, '--disable-quic'];
/** Runs per control and moment (`FIRST_TAP_RUNS`). */
const RUNS = Math.max(5, Number(process.env.FIRST_TAP_RUNS ?? 5));
/**
 * `FIRST_TAP_ONLY=<words>`: only the controls whose kind holds one of these words (comma
 * separated), printed and not written (a partial table is not the section's).
 */
export const FIRST_TAP_ONLY = process.env.FIRST_TAP_ONLY?.split(',').filter(Boolean) ?? [];
/** After this long without its effect, a tap is lost. */
const LOST_MS = 15_000;

export const FIRST_TAP_INTRO = `Tap → visible effect (issue 37, ADR 0062): each kind of control the pages have, tapped 300 ms after it shows
(**early**: before the app has the page, drawn by the server) and once the app has the page (**late**), ${RUNS} runs each,
median and 75th percentile, in one run of \`npm run bench -- --first-tap\` (bench/first-tap.ts). Chromium at 390 px in
Spanish, CPU slowed 4×, link 150 ms / 1.6 Mbit/s (Lighthouse's mobile run), a fresh context each run: nothing cached and
no service worker, the slowest visit a member can have. The time is from the tap (the pointer's press, or the key) to
the frame after the first one that shows the effect (by then it is on screen); **INP** is Chromium's Event Timing for that interaction (its longest event, as
the INP metric counts it). A tap whose effect does not show within ${LOST_MS / 1000} s is **lost**. Goal: 0 lost,
p75 ≤ 200 ms early and late (issue 37).`;

interface Control {
  kind: string;
  path: string;
  /** The control, once the page shows it. */
  find: (page: Page) => Locator;
  /** How the member uses it (a tap, unless said). */
  use?: (control: Locator, page: Page) => Promise<void>;
  /** Runs in the page with the control: whether its effect shows. */
  effect: string;
  /** What the effect is, for the table. */
  shows: string;
}

const CONTROLS: Control[] = [
  {
    kind: 'button',
    path: '/prayer',
    find: (p) => p.getByRole('button', { name: 'Comenzar' }),
    effect: `el.getAttribute('aria-busy') === 'true' || !document.body.contains(el) || el.textContent.trim() !== 'Comenzar'`,
    shows: 'the press taken (busy) or the timer running',
  },
  {
    kind: 'tab',
    path: '/prayer',
    find: (p) => p.getByRole('tab', { name: /^Respondidas/ }),
    effect: `el.getAttribute('aria-selected') === 'true' && !document.getElementById(el.getAttribute('aria-controls')).hidden`,
    shows: 'the tab chosen, its panel shown',
  },
  {
    kind: 'switch',
    path: '/notification-settings',
    find: (p) => p.getByRole('switch', { name: 'Progreso semanal' }),
    effect: `el.getAttribute('aria-checked') !== window.__before`,
    shows: 'flipped',
  },
  {
    kind: 'checkbox',
    path: '/prayer',
    find: (p) => p.getByLabel('Urgente'),
    effect: `el.checked`,
    shows: 'checked',
  },
  {
    kind: 'select',
    path: '/prayer',
    find: (p) => p.getByLabel('Categoría'),
    use: async (control, page) => {
      await control.focus();
      await page.keyboard.press('ArrowDown');
    },
    effect: `el.value !== window.__before`,
    shows: 'the next choice (keyboard)',
  },
  {
    kind: 'text field',
    path: '/journal',
    find: (p) => p.getByLabel('Título (opcional)'),
    use: async (control, page) => {
      // Timed from the key: the finger that put the caret there came before.
      await control.focus();
      await page.keyboard.type('S');
    },
    effect: `el.value === 'S'`,
    shows: 'the letter typed (from the key)',
  },
  {
    kind: 'menu',
    path: '/journal',
    find: (p) => p.getByRole('button', { name: 'Menú de la cuenta' }),
    effect: `document.querySelector('[role="menu"]:popover-open') !== null`,
    shows: 'the account menu open',
  },
  {
    kind: 'dialog opener',
    path: '/journal',
    find: (p) => p.getByRole('button', { name: 'Abrir menú' }),
    effect: `document.querySelector('dialog[open]') !== null`,
    shows: 'the navigation drawer open',
  },
  {
    kind: 'dialog opener (an item’s)',
    path: '/prayer',
    find: (p) => p.getByRole('button', { name: 'Eliminar' }).first(),
    effect: `el.getAttribute('aria-busy') === 'true' || document.querySelector('[role="alertdialog"], [data-dialog-coming]') !== null`,
    shows:
      'the press taken (busy), the screen dimmed with a spinner while the dialog comes, or the dialog open',
  },
  {
    kind: 'verse',
    path: '/bible?t=RV1909&b=John&c=3',
    find: (p) => p.locator('[id="v-John.3.16"] button'),
    effect: `el.getAttribute('aria-pressed') === 'true'`,
    shows: 'chosen',
  },
  {
    kind: 'switch (Save data)',
    path: '/account-settings?tab=preferences',
    find: (p) => p.getByRole('switch', { name: 'Ahorrar datos en este dispositivo' }),
    effect: `el.getAttribute('aria-checked') !== window.__before`,
    shows: 'flipped',
  },
  {
    kind: 'checkbox (a course to download)',
    path: '/account-settings?tab=preferences',
    find: (p) => p.getByLabel('Cristianismo 101: Fundamentos'),
    effect: `String(el.checked) !== window.__checked`,
    shows: 'unchecked',
  },
  {
    kind: 'dialog opener (the reader’s download)',
    path: '/bible?t=RV1909&b=John&c=3',
    find: (p) => p.getByRole('button', { name: 'Descargar para leer sin conexión' }),
    effect: `el.getAttribute('aria-busy') === 'true' || document.querySelector('[role="dialog"], [data-dialog-coming]') !== null`,
    shows:
      'the press taken (busy), the screen dimmed with a spinner while the dialog comes, or the dialog open',
  },
  {
    kind: 'language switch',
    path: '/journal',
    find: (p) => p.getByRole('radio', { name: 'English' }),
    effect: `el.getAttribute('aria-checked') === 'true'`,
    shows: 'English chosen',
  },
];

interface Tap {
  ms: number | null;
  inp: number | null;
}

async function tapOnce(
  browser: Browser,
  base: string,
  cookie: string,
  control: Control,
  moment: 'early' | 'late',
): Promise<Tap> {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'es-MX',
    timezoneId: 'America/Mexico_City',
    serviceWorkers: 'block',
    hasTouch: false,
  });
  try {
    await context.addCookies([
      ...cookiesFor(cookie, base),
      { name: 'language', value: 'es', url: base },
    ]);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: (1.6 * 1024 * 1024) / 8,
      uploadThroughput: (750 * 1024) / 8,
    });
    // Scripts as text: the bundler that runs this file names its functions with a helper the
    // page does not have.
    await page.addInitScript(`
      window.__inp = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          if (entry.interactionId) window.__inp = Math.max(window.__inp, entry.duration);
        }
      }).observe({ type: 'event', buffered: true, durationThreshold: 16 });
    `);
    const debug = (what: string) =>
      process.env.FIRST_TAP_DEBUG && console.log(`  ${control.kind} ${moment}: ${what}`);
    debug('open');
    await page.goto(`${base}${control.path}`, { waitUntil: 'commit' });
    debug('committed');
    const target = control.find(page);
    await target.waitFor({ state: 'visible', timeout: 60_000 });
    if (moment === 'late') {
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
        timeout: 60_000,
      });
    }
    debug('shown');
    await page.waitForTimeout(300);
    const handle = await target.elementHandle();
    const install = `(el) => {
        window.__before = el.getAttribute('aria-checked') ?? el.value;
        window.__checked = String(el.checked);
        window.__inp = 0;
        const shows = () => (${control.effect});
        const start = (event) => {
          if (window.__t0 !== undefined) return;
          window.__t0 = event.timeStamp;
          // The frame after the one that first shows it: by then that one is on screen.
          const frame = () => {
            if (shows()) requestAnimationFrame((time) => (window.__t1 = time));
            else requestAnimationFrame(frame);
          };
          requestAnimationFrame(frame);
        };
        for (const type of ['pointerdown', 'keydown']) {
          addEventListener(type, start, { capture: true, once: true });
        }
      }`;
    await page.evaluate(([el, script]) => (0, eval)(script)(el), [handle, install] as const);
    debug('tap');
    if (control.use) await control.use(target, page);
    else await target.click({ noWaitAfter: true });
    const shown = await page
      .waitForFunction(() => (window as unknown as { __t1?: number }).__t1 !== undefined, null, {
        timeout: LOST_MS,
      })
      .then(() => true)
      .catch(() => false);
    // Event Timing reports an interaction once its next frame is painted.
    await page.waitForTimeout(100);
    const { t0, t1, inp } = await page.evaluate(() => {
      const w = window as unknown as { __t0: number; __t1: number; __inp: number };
      return { t0: w.__t0, t1: w.__t1, inp: w.__inp };
    });
    return { ms: shown ? Math.max(0, t1 - t0) : null, inp: inp || null };
  } finally {
    await context.close();
  }
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
};

/** Measures every control, early and late, and gives the table's lines. */
export async function firstTapBench(): Promise<string[]> {
  return inChromium('first-tap', FLAGS, async ({ base, cookie, browser }) => {
    await seedMember(base, cookie);
    const lines = [
      '| control | page | effect | early: median / p75 (lost) | late: median / p75 (lost) | INP early / late (p75) |',
      '| --- | --- | --- | --- | --- | --- |',
    ];
    const chosen = FIRST_TAP_ONLY.length
      ? CONTROLS.filter((c) => FIRST_TAP_ONLY.some((word) => c.kind.includes(word)))
      : CONTROLS;
    for (const control of chosen) {
      const cells: string[] = [];
      const inps: string[] = [];
      for (const moment of ['early', 'late'] as const) {
        const taps: Tap[] = [];
        for (let run = 0; run < RUNS; run++) {
          taps.push(await tapOnce(browser, base, cookie, control, moment));
        }
        const shown = taps.flatMap((t) => (t.ms === null ? [] : [t.ms]));
        const lost = taps.length - shown.length;
        cells.push(
          shown.length
            ? `${Math.round(quantile(shown, 0.5))} / ${Math.round(quantile(shown, 0.75))} ms (${lost})`
            : `— (${lost})`,
        );
        const inp = taps.flatMap((t) => (t.inp === null ? [] : [t.inp]));
        inps.push(inp.length ? `${Math.round(quantile(inp, 0.75))}` : '< 16');
        console.log(`${control.kind} ${moment}: ${taps.map((t) => t.ms ?? 'lost').join(', ')}`);
      }
      lines.push(
        `| ${control.kind} | \`${control.path}\` | ${control.shows} | ${cells[0]} | ${cells[1]} | ${inps.join(' / ')} ms |`,
      );
    }
    return lines;
  });
}
