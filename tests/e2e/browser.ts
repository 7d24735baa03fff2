import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { INSTALLED_TRANSLATIONS } from '#shared/values/bible.ts';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startServer } from '../helpers/server-process.ts';
import { freshTotp } from '../helpers/totp.ts';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';
import axe from 'axe-core';
import { signJWT } from 'better-auth/crypto';
import en from '#shared/i18n/en.json' with { type: 'json' };
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic',
];

/** Browser tests must run in CI (or with REQUIRE_E2E=1); elsewhere they may be skipped, loudly. */
export function e2eAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const required = process.env.CI === 'true' || process.env.REQUIRE_E2E === '1';
  const message = `Chromium not found at ${CHROMIUM_PATH}: install it with "apt-get install -y chromium".`;
  if (required)
    throw new Error(`${message} Browser tests are required here (CI or REQUIRE_E2E=1).`);
  console.warn(
    `\n\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n${message}\nSKIPPING THE BROWSER (END-TO-END) TESTS.\n!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!\n\n`,
  );
  return false;
}

export async function launch(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
}

export const DESKTOP = { width: 1280, height: 860 };
export const PHONE = { width: 390, height: 844 };

export async function newContext(
  browser: Browser,
  options: {
    locale?: string;
    viewport?: { width: number; height: number };
    timezoneId?: string;
    /** 'block': no service worker (a test of the page's own requests). */
    serviceWorkers?: 'allow' | 'block';
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    locale: options.locale ?? 'en-US',
    viewport: options.viewport ?? DESKTOP,
    reducedMotion: 'reduce',
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    ...(options.serviceWorkers ? { serviceWorkers: options.serviceWorkers } : {}),
  });
  keepTrail(context);
  await context.addInitScript(recordToasts);
  return context;
}

/**
 * Runs in every page of a test context, before its own scripts: keeps the text of every toast
 * the page shows in `window.__toastsShown`. A toast shows for one second (SPEC §9), which a
 * browser test polling a busy page can miss; `expectToast` reads this record instead.
 */
function recordToasts() {
  const shown: string[] = [];
  (window as unknown as { __toastsShown: string[] }).__toastsShown = shown;
  const toasts = document.getElementsByClassName('toast-root');
  const seen = new WeakMap<Element, string>();
  new MutationObserver(() => {
    for (const toast of toasts) {
      const text = toast.textContent ?? '';
      if (text && seen.get(toast) !== text) {
        seen.set(toast, text);
        shown.push(text);
      }
    }
  }).observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * A member's page as the server draws it (`data-prerendered="member"`), asked as this page's
 * member. A drawing that misses its deadline on a busy machine sends the shell instead, by design
 * (src/delivery/server/drawing.ts): this asks again until the page comes drawn.
 */
export async function drawnHtml(page: Page, url: string): Promise<string> {
  let html = '';
  await expect
    .poll(async () => {
      html = await (await page.request.get(url)).text();
      return html.includes('data-prerendered="member"');
    })
    .toBe(true);
  return html;
}

/**
 * Waits until a cookie a page wrote (`document.cookie`, the device cookies of
 * src/delivery/app/device-cookies.ts) is in the browser context's cookie store, where the next
 * request reads it (a page load, `page.request`): Chromium hands a page's cookie to its store by a
 * message of its own, a moment after the page wrote it, and on a busy machine a test's next
 * request was seen to come first. `holding`: text its value must contain.
 */
export async function cookieStored(
  context: BrowserContext,
  name: string,
  holding = '',
): Promise<void> {
  await expect
    .poll(async () =>
      (await context.cookies()).some(
        (cookie) => cookie.name === name && decodeURIComponent(cookie.value).includes(holding),
      ),
    )
    .toBe(true);
}

/** A toast with this text showed on the page since it loaded (see `recordToasts`). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          () => (window as unknown as { __toastsShown?: string[] }).__toastsShown ?? [],
        ),
      { timeout: 30_000 },
    )
    .toContainEqual(
      typeof text === 'string' ? expect.stringContaining(text) : expect.stringMatching(text),
    );
}

/** What a context's pages said and asked lately, printed when a test fails (see `failureReport`). */
const trails = new WeakMap<BrowserContext, string[]>();
const TRAIL_LENGTH = 40;

function keepTrail(context: BrowserContext): void {
  const trail: string[] = [];
  trails.set(context, trail);
  const add = (line: string) => {
    trail.push(`${new Date().toISOString().slice(11, 23)} ${line}`);
    if (trail.length > TRAIL_LENGTH) trail.shift();
  };
  context.on('console', (m) => {
    if (m.type() === 'error' || m.type() === 'warning') add(`console.${m.type()}: ${m.text()}`);
  });
  context.on('weberror', (e) => add(`page error: ${e.error().message}`));
  context.on('requestfailed', (r) =>
    add(`request failed: ${r.method()} ${r.url()} (${r.failure()?.errorText ?? '?'})`),
  );
  context.on('response', (r) => {
    if (r.request().resourceType() === 'fetch' || r.request().resourceType() === 'document') {
      add(`${r.request().method()} ${new URL(r.url()).pathname} → ${r.status()}`);
    }
  });
}

/**
 * For a failed browser test, what a person at each open page would have seen and what the page
 * asked for lately: its address, the text of its alerts, status messages and dialogs, and the
 * last requests, console errors and page errors. CI keeps no screenshots; this is what it prints.
 */
export async function failureReport(browser: Browser): Promise<string> {
  const lines: string[] = [];
  for (const context of browser.contexts()) {
    for (const page of context.pages()) {
      lines.push(`-- page ${page.url()}`);
      const seen = await page
        .evaluate(() =>
          [
            ...document.querySelectorAll(
              '[role=alert], [role=status], [role=dialog], [aria-live], h1',
            ),
          ]
            .map(
              (el) =>
                `${el.getAttribute('role') ?? el.tagName.toLowerCase()}: ${(el as HTMLElement).innerText.trim().slice(0, 300)}`,
            )
            .filter((line) => !line.endsWith(': ')),
        )
        .catch((error: unknown) => [`(could not read the page: ${String(error)})`]);
      lines.push(...seen.map((line) => `   ${line}`));
    }
    lines.push(...(trails.get(context) ?? []).map((line) => `   ${line}`));
  }
  return lines.join('\n');
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface AxeViolation {
  id: string;
  impact?: string | null;
  nodes: { target: unknown[] }[];
}

/**
 * axe: no serious or critical violation on the page as it is now. axe-core goes into a document
 * once (its source is ~550 KB) and runs there with only violations reported: AxeBuilder's
 * `analyze()` evaluated the source again on every call and finished each run in a new blank tab,
 * ~1.2 s against ~0.3 s a check, over ~250 checks a suite. The same rules run (the same tags, the
 * same axe-core); a page with frames goes through AxeBuilder, which reaches into each frame.
 */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A toast dims the whole page for its second (Toaster.tsx): axe would measure every text
  // through the dim. The toast itself is checked while it shows, the page once it has gone.
  if (await page.locator('.toast-root').count()) {
    await checkAxe(page, `${label} (its toast)`, '.toast-root');
    const gone = (timeout: number) =>
      page.waitForFunction(
        () =>
          !document.querySelector('.toast-root') &&
          getComputedStyle(document.querySelector('[data-testid="toast-dim"]') ?? document.body)
            .opacity !== '1',
        undefined,
        { timeout },
      );
    // A pointer resting on a toast keeps it (Radix pauses its timer): the test's pointer
    // moves to the window's far corner if the toast outstays its second.
    await gone(3000).catch(async () => {
      const size = page.viewportSize() ?? DESKTOP;
      await page.mouse.move(size.width - 1, size.height - 1);
      await gone(15_000);
    });
  }
  await checkAxe(page, label);
}

/**
 * Colours caught halfway through a transition are neither the old nor the new ones: a link of the
 * side navigation fades to its "current page" colours for 150 ms after a move, and axe measured
 * that mid-fade on a busy CI machine (white on a half-dark green). The page is checked once every
 * transition and finite animation has run out (a spinner's endless one is left alone).
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 5000)),
    ]).then(() => undefined),
  );
}

async function checkAxe(page: Page, label: string, within?: string): Promise<void> {
  await settled(page);
  let violations: AxeViolation[];
  if (page.frames().length > 1) {
    const builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    violations = await (within ? builder.include(within) : builder)
      .analyze()
      .then((results) => results.violations)
      .catch((error: unknown) => {
        // The toast went between the look and the check: nothing left to check.
        if (within && String(error).includes('No elements found for include')) return [];
        throw error;
      });
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    violations = await page.evaluate(
      ([tags, scope]) =>
        // A toast may have gone between the look and the check: nothing left to check then.
        scope && !document.querySelector(scope)
          ? Promise.resolve([])
          : (window as unknown as { axe: typeof axe }).axe
              .run(scope ? { include: [[scope]] } : document, {
                runOnly: { type: 'tag', values: tags },
                resultTypes: ['violations'],
              })
              .then((results) =>
                results.violations.map(({ id, impact, nodes }) => ({
                  id,
                  impact,
                  nodes: nodes.slice(0, 3).map((n) => ({ target: n.target as unknown[] })),
                })),
              ),
      [AXE_TAGS, within ?? null] as const,
    );
  }
  const bad = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({
      id: v.id,
      impact: v.impact,
      targets: v.nodes.slice(0, 3).map((n) => n.target.join(' ')),
    }));
  expect({ page: label, violations: bad }).toEqual({ page: label, violations: [] });
}

/**
 * Nothing makes the page scroll sideways: the document is no wider than the viewport. With `at`
 * the viewport is set to that size for the check and put back afterwards (a desktop visit checked
 * at phone width too, without loading the page again). A failure names the elements that stick
 * out (those inside a container that scrolls sideways on purpose are left out).
 */
export async function expectNoHorizontalOverflow(
  page: Page,
  label: string,
  options: { at?: { width: number; height: number } } = {},
): Promise<void> {
  const before = page.viewportSize();
  if (options.at) await page.setViewportSize(options.at);
  try {
    const found = await page.evaluate(async () => {
      // Two frames: components that follow matchMedia re-render after a resize. On a busy
      // machine the layout can take longer to settle after it: up to 2 s more, until the
      // page is as wide as the window or stops changing for five frames (a real overflow
      // stays, and is reported below).
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      for (let i = 0; i < 2; i++) await frame();
      const settleUntil = performance.now() + 2000;
      for (let same = 0, last = -1; same < 5 && performance.now() < settleUntil;) {
        const now = document.documentElement.scrollWidth;
        if (now <= window.innerWidth) break;
        same = now === last ? same + 1 : 0;
        last = now;
        await frame();
      }
      const width = window.innerWidth;
      const scrollsSideways = (e: Element | null): boolean => {
        for (let a = e?.parentElement; a && a !== document.body; a = a.parentElement) {
          const x = getComputedStyle(a).overflowX;
          if (x === 'auto' || x === 'scroll' || x === 'hidden' || x === 'clip') return true;
        }
        return false;
      };
      const overflowing = [...document.body.querySelectorAll('*')]
        .filter((e) => {
          const r = e.getBoundingClientRect();
          return r.width > 0 && r.right > width + 1 && !scrollsSideways(e);
        })
        .slice(0, 5)
        .map(
          (e) =>
            `<${e.tagName.toLowerCase()} class="${String(e.getAttribute('class') ?? '').slice(0, 80)}"> right=${Math.round(e.getBoundingClientRect().right)} "${(e.textContent ?? '').trim().slice(0, 40)}"`,
        );
      return { viewport: width, document: document.documentElement.scrollWidth, overflowing };
    });
    expect({ page: label, ...found }).toEqual({
      page: label,
      viewport: found.viewport,
      document: found.viewport,
      overflowing: found.document > found.viewport ? found.overflowing : [],
    });
  } finally {
    if (options.at && before) await page.setViewportSize(before);
  }
}

/**
 * No raw locale key on the page (`admin.members.title` instead of its text): each page loads
 * its chunks of strings before it renders (docs/decisions/0029). Reads the text and the labels.
 */
export async function expectNoRawKeys(page: Page, label: string): Promise<void> {
  const namespaces = Object.keys(en).join('|');
  const found = await page.evaluate((pattern) => {
    const texts = [document.body.innerText, document.title];
    for (const element of document.querySelectorAll('[aria-label],[placeholder],[title],[alt]')) {
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        texts.push(element.getAttribute(name) ?? '');
      }
    }
    return texts.join('\n').match(new RegExp(pattern, 'g')) ?? [];
  }, `\\b(?:${namespaces})\\.[A-Za-z][\\w.]*`);
  expect({ label, rawKeys: found }).toEqual({ label, rawKeys: [] });
}

/**
 * Screenshots are for a person to look at (test-results/screenshots): written on a developer's
 * machine, not on CI, which throws them away (E2E_SCREENSHOTS=1 writes them there too). The
 * checks made on the way (the page settled, no sideways scrolling at phone width) run everywhere.
 */
const WRITE_SCREENSHOTS = !process.env.CI || process.env.E2E_SCREENSHOTS === '1';

/** A full-page screenshot; at phone width it first checks there is no sideways scrolling. */
export async function screenshot(
  page: Page,
  name: string,
  /** A page without JavaScript: nothing to wait for, and nothing can be evaluated in it. */
  options: { scripts?: boolean } = {},
): Promise<void> {
  if (options.scripts === false) {
    if (WRITE_SCREENSHOTS)
      await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
    return;
  }
  // Let the "Loading Page..." overlay finish its 200 ms linger first.
  await page.waitForFunction(
    () =>
      !document.body.innerText.includes('Loading Page...') &&
      !document.body.innerText.includes('Cargando página…'),
  );
  if ((page.viewportSize()?.width ?? Infinity) <= PHONE.width)
    await expectNoHorizontalOverflow(page, name);
  if (WRITE_SCREENSHOTS)
    await page.screenshot({ path: `test-results/screenshots/${name}.png`, fullPage: true });
}

let members = 0;

/**
 * A new member, signed in in this page's browser context, past the age gate: the same two
 * requests the sign-up form and the age gate send (the page stays where it is). The forms
 * themselves, in both languages, are tests/e2e/shell.test.ts's.
 */
export async function signUpMember(
  page: Page,
  base: string,
  lang: 'en' | 'es',
  email?: string,
): Promise<string> {
  members += 1;
  const address = email ?? `member-${Date.now()}-${members}@example.com`;
  const headers = { origin: base, 'accept-language': lang };
  // The browser's own zone, as the sign-up form sends it: whatever zone the machine running the
  // tests is in, the member's zone and the browser's agree (no time zone offer in the shell).
  const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const signUp = await page.request.post(`${base}/api/auth/sign-up/email`, {
    headers,
    data: {
      firstName: 'Rut',
      lastName: 'Moabita',
      name: 'Rut Moabita',
      email: address,
      password: 'a good long password',
      timeZone,
      language: lang,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(200);
  const verified = await page.request.post(`${base}/api/user/verify-age`, {
    headers,
    data: { ageVerified: true },
  });
  expect(verified.status(), await verified.text()).toBe(200);
  return address;
}

/**
 * The auth secret of every e2e server (BETTER_AUTH_SECRET): lets a test make the link of a
 * confirmation e-mail where no mail server is there to carry it (confirmEmail).
 */
export const E2E_SECRET = 'e2e-secret-e2e-secret-e2e-secret-0123456789';

/**
 * Confirms the signed-in member's e-mail address, as opening the confirmation e-mail's link does
 * (the same signed token, ADR 0040): for servers without a mail server, where ADMIN_EMAILS waits
 * for a confirmed address. The e-mail itself, and the page, are account-security.test.ts's.
 */
export async function confirmEmail(page: Page, base: string): Promise<void> {
  const me = (await (await page.request.get(`${base}/api/auth/user`)).json()) as {
    id: string;
    email: string;
  };
  const token = await signJWT({ email: me.email.toLowerCase(), userId: me.id }, E2E_SECRET);
  const res = await page.request.get(`${base}/api/auth/verify-email?token=${token}`);
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Turns two-step verification on through account settings, as a person does with an
 * authenticator app: password, the setup key under the QR code, a first code, then the
 * recovery codes. Answers the key (base32) and the codes.
 */
export async function turnOnTwoFactor(
  page: Page,
  base: string,
  lang: 'en' | 'es',
  onStep?: (step: 'scan' | 'codes', secret: string) => Promise<void>,
): Promise<{ secret: string; codes: string[] }> {
  const L =
    lang === 'en'
      ? {
          card: 'Two-step verification',
          on: 'Turn on',
          password: 'Password',
          next: 'Continue',
          code: 'Verification code',
          codes: 'Recovery codes',
          saved: 'I have saved them',
          enabled: 'On',
        }
      : {
          card: 'Verificación en dos pasos',
          on: 'Activar',
          password: 'Contraseña',
          next: 'Continuar',
          code: 'Código de verificación',
          codes: 'Códigos de recuperación',
          saved: 'Ya los guardé',
          enabled: 'Activada',
        };
  if (!page.url().includes('/account-settings')) await page.goto(`${base}/account-settings`);
  const card = page.locator('#two-factor');
  await card.getByRole('heading', { name: L.card }).waitFor();
  await card.getByRole('button', { name: L.on }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel(L.password, { exact: true }).fill('a good long password');
  await dialog.getByRole('button', { name: L.next }).click();
  const key = dialog.getByTestId('setup-key');
  await key.waitFor();
  const secret = (await key.innerText()).replace(/\s+/g, '');
  await onStep?.('scan', secret);
  await dialog.getByLabel(L.code).fill(await freshTotp(secret));
  await dialog.getByRole('button', { name: L.on }).click();
  const list = dialog.getByRole('list', { name: L.codes });
  await list.waitFor();
  const codes = (await list.getByRole('listitem').allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  await onStep?.('codes', secret);
  await dialog.getByRole('button', { name: L.saved }).click();
  await dialog.waitFor({ state: 'detached' });
  await card.getByText(L.enabled, { exact: true }).waitFor();
  return { secret, codes };
}

/** The Bibles load in the background after start-up; wait until all four are in. */
export async function waitForBibles(page: Page, base: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const res = await page.request.get(`${base}/api/bible/translations`);
        if (!res.ok()) return 0;
        const list = (await res.json()) as { available: boolean }[];
        return list.filter((x) => x.available).length;
      },
      { timeout: 120_000, interval: 1000 },
    )
    .toBe(INSTALLED_TRANSLATIONS.length);
}

/** A real server on a fresh copy of the prepared embedded database, for browser tests. */
async function startE2EServerProcess(
  name: string,
  env: Record<string, string>,
  host: 'localhost' | '127.0.0.1',
): Promise<{
  base: string;
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), `camino-e2e-${name}-`));
  // A copy of the database prepared by the global setup (migrated, the Bibles loaded), where
  // the server keeps its embedded database: `<DATA_DIR>/pglite` (src/server/main.ts).
  const seed = inject('e2eDataDir');
  if (!seed || !existsSync(join(seed, 'PG_VERSION'))) {
    throw new Error(`no prepared database at ${seed} (tests/e2e/global-setup.ts)`);
  }
  cpSync(seed, join(dataDir, 'pglite'), { recursive: true });
  const port = await freePort();
  const base = `http://${host}:${port}`;
  // Ready at once: the Bibles are in the copy. (The first-start install, on an empty folder, is
  // tests/server/first-start.test.ts's and the fault tests' business.)
  const server = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: base,
    BETTER_AUTH_SECRET: E2E_SECRET,
    // A file signs up a dozen members from one address, faster than the ten a minute a real
    // address may (bible.test.ts alone on a quiet machine got 429 at its eleventh). The limit
    // itself is tests/server/security.test.ts's; a file may still set its own.
    AUTH_RATE_LIMIT_MAX: '1000',
    ...env,
  }).catch((error: unknown) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  if (/Installing the/.test(server.output())) {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the e2e server installed the Bibles again:\n${server.output()}`);
  }
  return {
    base,
    pid: server.proc.pid!,
    dataDir,
    output: () => server.output(),
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A real server on a fresh embedded database plus Chromium, for one e2e file. */
export async function startE2EServer(
  name: string,
  env: Record<string, string> = {},
  /**
   * The host name of APP_URL: `localhost` for a test of passkeys (WebAuthn takes a domain as
   * the relying party's id, never an IP address); the server listens on 127.0.0.1 either way.
   */
  host: 'localhost' | '127.0.0.1' = '127.0.0.1',
): Promise<{
  base: string;
  browser: Browser;
  output: () => string;
  stop: () => Promise<void>;
}> {
  // Chromium starts while the server does; whichever started is stopped if the other failed.
  const [started, launched] = await Promise.allSettled([
    startE2EServerProcess(name, env, host),
    launch(),
  ]);
  if (started.status === 'rejected' || launched.status === 'rejected') {
    if (started.status === 'fulfilled') await started.value.stop();
    if (launched.status === 'fulfilled') await launched.value.close();
    throw started.status === 'rejected'
      ? started.reason
      : (launched as PromiseRejectedResult).reason;
  }
  const server = started.value;
  const browser = launched.value;
  return {
    base: server.base,
    browser,
    output: server.output,
    async stop() {
      await browser.close();
      await server.stop();
    },
  };
}

/**
 * The admin addresses of the browser test files that need an admin (ADMIN_EMAILS names a
 * confirmed address only, ADR 0040): every shared server lists them all, so those files share it
 * too. Each file signs up its own, once per server: two files never use the same address.
 */
export const SHARED_ADMIN_EMAILS = {
  bible: 'premium-reader@example.com',
  shell: 'shell-admin@example.com',
  support: 'support-admin@example.com',
} as const;

const SHARED_ENV = { ADMIN_EMAILS: Object.values(SHARED_ADMIN_EMAILS).join(',') };

/** What a file asks of its server is what every shared server has (admin addresses at most). */
function sharedServerWill(env: Record<string, string>): boolean {
  const admins: readonly string[] = Object.values(SHARED_ADMIN_EMAILS);
  return Object.entries(env).every(
    ([name, value]) =>
      name === 'ADMIN_EMAILS' && value.split(',').every((address) => admins.includes(address)),
  );
}

/**
 * The server this worker's browser test files share (those that need no settings of their own):
 * started by the first of them, kept for the next ones (the e2e project runs its files with
 * `isolate: false`), and stopped by the global setup's teardown, which reads it from the
 * register (`inject('e2eSharedServers')`). Each file signs up its own members and opens its own
 * browser contexts (in the worker's Chromium); starting a server for each file cost ~17 s of a
 * worker under load.
 */
let shared: ReturnType<typeof startE2EServerProcess> | undefined;

function sharedServer(): ReturnType<typeof startE2EServerProcess> {
  shared ??= startE2EServerProcess('shared', SHARED_ENV, '127.0.0.1').then(
    (server) => {
      writeFileSync(
        join(inject('e2eSharedServers'), `${server.pid}.json`),
        JSON.stringify({ pid: server.pid, dataDir: server.dataDir }),
      );
      return server;
    },
    (error: unknown) => {
      shared = undefined;
      throw error;
    },
  );
  return shared;
}

let browserOfWorker: Promise<Browser> | undefined;

/**
 * The Chromium this worker's files on the shared server use, one after the other (the e2e project
 * runs its files with `isolate: false`): launched by the first, each file's contexts closed after
 * it. It ends with the worker (Playwright closes the browsers it launched when its process exits).
 */
function workerBrowser(): Promise<Browser> {
  browserOfWorker ??= launch().then(
    (browser) => {
      browser.on('disconnected', () => (browserOfWorker = undefined));
      return browser;
    },
    (error: unknown) => {
      browserOfWorker = undefined;
      throw error;
    },
  );
  return browserOfWorker;
}

/**
 * One real server and browser for an e2e file: started before its tests (when Chromium is
 * available) and stopped after them. Read `base` and `browser` inside the tests.
 */
export function useE2EServer(
  name: string,
  env: Record<string, string> = {},
  host: 'localhost' | '127.0.0.1' = '127.0.0.1',
): { base: string; browser: Browser } {
  const e2e = { base: '', browser: undefined as unknown as Browser };
  let stop: () => Promise<void> = async () => undefined;
  let output = () => '';
  // A file with no settings of its own, or only a shared admin address, uses its worker's shared
  // server (unless E2E_SHARED_SERVER=0: each file its own, to rule out another file's members).
  const own =
    !sharedServerWill(env) || host !== '127.0.0.1' || process.env.E2E_SHARED_SERVER === '0';
  beforeAll(async () => {
    if (!e2eAvailable()) return;
    if (own) {
      const started = await startE2EServer(name, env, host);
      e2e.base = started.base;
      e2e.browser = started.browser;
      stop = started.stop;
      output = started.output;
      return;
    }
    // One Chromium per worker, unless E2E_WORKER_BROWSER=0 (one per file: measured side by side).
    const perFile = process.env.E2E_WORKER_BROWSER === '0';
    const [server, browser] = await Promise.all([
      sharedServer(),
      perFile ? launch() : workerBrowser(),
    ]);
    e2e.base = server.base;
    e2e.browser = browser;
    // The worker's browser stays for its next file; what this file opened goes.
    stop = async () => {
      if (perFile) await browser.close();
      else await Promise.all(browser.contexts().map((context) => context.close()));
    };
    output = server.output;
  });
  // A failed test says what the pages showed and asked, and what the server wrote last.
  afterEach(async ({ task }) => {
    if (task.result?.state !== 'fail' || !e2e.browser) return;
    console.error(
      `\n== ${task.name}: what the browser showed\n${await failureReport(e2e.browser)}` +
        `\n== the server's last output\n${output().slice(-3000)}\n`,
    );
  });
  afterAll(() => stop());
  return e2e;
}
