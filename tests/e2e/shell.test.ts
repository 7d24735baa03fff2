import { describe, expect, it } from 'vitest';
import { UNDER_AGE_REDIRECT_MS } from '#shared/constants.ts';
import type { Page, Request } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  newContext,
  screenshot,
  confirmEmail,
  signUpMember,
  turnOnTwoFactor,
  useE2EServer,
  SHARED_ADMIN_EMAILS,
} from './browser.ts';

const enabled = e2eAvailable();

// An admin (two-step verification on) grants Premium to the member of the phone layout test.
const ADMIN_EMAIL = SHARED_ADMIN_EMAILS.shell;
const e2e = useE2EServer('shell', { ADMIN_EMAILS: ADMIN_EMAIL });

let counter = 0;
function newAccount() {
  counter += 1;
  return {
    first: 'Ana',
    last: 'García',
    email: `e2e-${Date.now()}-${counter}@example.com`,
    password: 'a good long password',
  };
}

async function signUp(
  page: Page,
  account: ReturnType<typeof newAccount>,
  labels: { first: string; last: string; email: string; password: string; submit: string },
) {
  await page.getByLabel(labels.first).fill(account.first);
  await page.getByLabel(labels.last).fill(account.last);
  await page.getByLabel(labels.email).fill(account.email);
  await page.getByLabel(labels.password, { exact: true }).fill(account.password);
  await page.getByRole('button', { name: labels.submit }).click();
}

describe.runIf(enabled)('the app in Chromium', () => {
  // Every member route, in both languages, is member-routes-*.test.ts's (two files: both workers).
  it('sign up → age gate → shell → Spanish → sign out (desktop)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });

    await page.goto(e2e.base);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Grow in faith, one day at a time');
    await expectAccessible(page, 'landing (en)');
    await screenshot(page, 'landing-en-desktop');

    await page.getByRole('link', { name: 'Create account' }).first().click();
    await page.getByRole('heading', { name: 'Create your account' }).waitFor();
    // Bad input first: translated field errors, nothing lost.
    await page.getByLabel('E-mail address').fill('not-an-email');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByText('Please enter a valid email address').waitFor();
    await page.getByText('This field is required').first().waitFor();
    await expectAccessible(page, 'sign-up with errors');
    await screenshot(page, 'signup-errors-en-desktop');

    const account = newAccount();
    await signUp(page, account, {
      first: 'First name',
      last: 'Last name',
      email: 'E-mail address',
      password: 'Password',
      submit: 'Create account',
    });

    const dialog = page.getByRole('dialog', { name: 'Age Verification' });
    await dialog.waitFor();
    const continueButton = dialog.getByRole('button', { name: 'Continue' });
    expect(await continueButton.isDisabled()).toBe(true);
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectAccessible(page, 'age gate');
    await screenshot(page, 'age-gate-en-desktop');
    await dialog.getByRole('checkbox').click();
    expect(await continueButton.isEnabled()).toBe(true);
    await continueButton.click();
    // Exact: Radix also announces the toast's text, with its title, in a live region.
    await page
      .getByText('Thank you for confirming. Your journey starts now.', { exact: true })
      .waitFor();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('heading', { name: 'Welcome, Ana' }).waitFor();
    await expectAccessible(page, 'dashboard (en)');
    await screenshot(page, 'dashboard-en-desktop');

    await page.goto(`${e2e.base}/account-settings`);
    await page.getByRole('heading', { level: 1, name: 'Account settings' }).waitFor();
    await screenshot(page, 'settings-en-desktop');

    // The navigation reaches the routes too.
    await page.goto(e2e.base);
    await page
      .getByRole('navigation', { name: 'Main navigation' })
      .getByRole('link', { name: 'Sermons' })
      .click();
    await page.getByRole('heading', { level: 1, name: 'Sermons', exact: true }).waitFor();

    // Spanish, kept across a reload.
    await page.getByRole('radio', { name: 'Español' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sermones', exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('es');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('es');
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Hola, Ana' }).waitFor();
    await expectNoRawKeys(page, 'dashboard (es)');
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Hola, Ana' }).waitFor();
    await expectAccessible(page, 'dashboard (es)');
    await screenshot(page, 'dashboard-es-desktop');
    await expectNoHorizontalOverflow(page, 'dashboard (es)', { at: PHONE });
    await page.goto(`${e2e.base}/account-settings`);
    await page.getByRole('heading', { name: 'Configuración de la cuenta' }).waitFor();
    await expectAccessible(page, 'settings (es)');
    await screenshot(page, 'settings-es-desktop');
    await expectNoHorizontalOverflow(page, 'settings (es)', { at: PHONE });

    // Sign out from the account menu.
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await page.getByRole('heading', { name: 'Crece en la fe, un día a la vez' }).waitFor();
    await expectAccessible(page, 'landing (es)');
    await screenshot(page, 'landing-es-desktop');
    await page.goto(`${e2e.base}/prayer`);
    await page.waitForURL(/\/sign-in\?next=%2Fprayer/);

    // Back in with the same account, then straight to where we were going.
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Oración', level: 1 }).waitFor();

    expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
    await context.close();
  });

  it('under 13: the restriction shows, then the account is signed out and cannot return (phone, Spanish)', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await page.goto(e2e.base);
    await page.getByRole('heading', { name: 'Crece en la fe, un día a la vez' }).waitFor();
    await screenshot(page, 'landing-es-phone');
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await screenshot(page, 'visitor-menu-es-phone');
    await page.getByRole('dialog').getByRole('link', { name: 'Crear cuenta' }).click();
    const account = newAccount();
    await signUp(page, account, {
      first: 'Nombre',
      last: 'Apellido',
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Crear cuenta',
    });
    const dialog = page.getByRole('dialog', { name: 'Verificación de edad' });
    await dialog.waitFor();
    await screenshot(page, 'age-gate-es-phone');
    // How long the page stayed after the answer to "under 13" came, on the browser's own clock
    // (its network timings): a busy machine stretches the time between two steps of this test,
    // not the page's timer. The page leaving is noted by the page itself as it goes (the wall
    // clock, as the network timings): not by the request to /api/logout, which a service worker
    // that took the page over meanwhile answers from its navigation preload, a request Chromium
    // does not report to the test (seen once in a run).
    const answered = context.waitForEvent('requestfinished', (r) =>
      r.url().endsWith('/api/user/verify-age'),
    );
    await page.evaluate(() =>
      addEventListener('pagehide', () => sessionStorage.setItem('test:left', String(Date.now()))),
    );
    await dialog.getByRole('button', { name: 'Tengo menos de 13 años' }).click();
    await dialog
      .getByText('Esta plataforma solo está disponible para usuarios de 13 años o más.')
      .waitFor();
    await screenshot(page, 'age-restricted-es-phone');
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { name: 'Crece en la fe, un día a la vez' }).waitFor();
    const answer = (await answered).timing();
    const left = Number(await page.evaluate(() => sessionStorage.getItem('test:left')));
    expect(left).toBeGreaterThan(0);
    const stayed = left - (answer.startTime + answer.responseEnd);
    // (Both instants are the browser's; a few milliseconds for its processes' clocks to agree.)
    expect(stayed).toBeGreaterThanOrEqual(UNDER_AGE_REDIRECT_MS - 20);

    await page.goto(`${e2e.base}/sign-in`);
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByText('El correo o la contraseña son incorrectos.').first().waitFor();
    await expectNoHorizontalOverflow(page, 'sign-in with an error (es)');
    await context.close();
  });

  it('member shell on a phone: drawer navigation and account menu', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/sign-up`);
    const account = newAccount();
    await signUp(page, account, {
      first: 'First name',
      last: 'Last name',
      email: 'E-mail address',
      password: 'Password',
      submit: 'Create account',
    });
    const dialog = page.getByRole('dialog', { name: 'Age Verification' });
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { name: 'Welcome, Ana' }).waitFor();
    // Filled in as soon as the page opened: the app sent it, not the prerendered form natively.
    expect(page.url()).not.toContain('password');
    await screenshot(page, 'dashboard-en-phone');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('link', { name: 'Prayer' }).waitFor();
    await expectAccessible(page, 'member drawer (phone)');
    await screenshot(page, 'member-drawer-en-phone');
    await drawer.getByRole('link', { name: 'Sermons' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sermons', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Account menu' }).click();
    await screenshot(page, 'account-menu-en-phone');
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();
    await screenshot(page, 'settings-en-phone');
    await context.close();
  });

  it('a session that ends under a member: to sign-in with a notice, then back with the text kept (phone, Spanish)', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    // A visitor page checks the session without an error in the console.
    await page.goto(`${e2e.base}/sign-up`);
    const account = newAccount();
    await signUp(page, account, {
      first: 'Nombre',
      last: 'Apellido',
      email: 'Correo electrónico',
      password: 'Contraseña',
      submit: 'Crear cuenta',
    });
    const dialog = page.getByRole('dialog', { name: 'Verificación de edad' });
    await dialog.getByRole('checkbox').click();
    await dialog.getByRole('button', { name: 'Continuar' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('password');
    expect(errors).toEqual([]);

    // Requests the page has sent and not yet had answered; whether it has asked for the session.
    const asking = new Set<Request>();
    let sessionAsked = false;
    page.on('request', (request) => {
      asking.add(request);
      if (new URL(request.url()).pathname === '/api/session') sessionAsked = true;
    });
    page.on('requestfinished', (request) => asking.delete(request));
    page.on('requestfailed', (request) => asking.delete(request));
    await page.goto(`${e2e.base}/journal`);
    await page.getByLabel('¿Qué hay en tu corazón?').fill('Texto que no quiero perder.');
    // The app has the page (the field's focus started it), the service worker has taken it over
    // and the app has asked again, through it, what it keeps offline, the session among them
    // (lib/service-worker.ts), and every answer is in: a session that ends before one of those
    // asks sends the tab to sign-in before the button is pressed.
    await page.waitForFunction(
      () =>
        document.documentElement.dataset.app === 'ready' && !!navigator.serviceWorker.controller,
      null,
      // The worker registers once the page is idle and precaches the whole app before it
      // controls the page: on two cores busy with the rest of the suite, more than 30 s once.
      { timeout: 90_000 },
    );
    await expect.poll(() => sessionAsked && asking.size === 0).toBe(true);
    // The session ends elsewhere (expired, signed out on another device).
    await context.clearCookies();
    await page.getByRole('button', { name: 'Guardar borrador' }).click();
    await page.waitForURL(/\/sign-in\?next=%2Fjournal/);
    await page
      .getByText('Tu sesión terminó. Inicia sesión de nuevo y volverás a donde estabas.')
      .waitFor();
    await screenshot(page, 'session-ended-es-phone');
    await page.getByLabel('Correo electrónico').fill(account.email);
    await page.getByLabel('Contraseña', { exact: true }).fill(account.password);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.waitForURL((url) => url.pathname === '/journal');
    expect(await page.getByLabel('¿Qué hay en tu corazón?').inputValue()).toBe(
      'Texto que no quiero perder.',
    );
    await context.close();
  });

  it('visitor pages are accessible in both languages', async () => {
    for (const locale of ['en-US', 'es-MX']) {
      const context = await newContext(e2e.browser, { viewport: PHONE, locale });
      const page = await context.newPage();
      for (const route of [
        '/about-us',
        '/course-overview',
        '/terms-of-service',
        '/privacy-policy',
        '/bible-texts',
        '/sign-in',
        '/forgot-password',
        '/support',
        '/no-such-page',
      ]) {
        await page.goto(e2e.base + route);
        await page.getByRole('heading', { level: 1 }).waitFor();
        // Once the app has taken the page over, or as it is until then: a prerendered page is
        // the same elements before and after (a form's takeover once idle: tests/e2e/drawn.test.ts).
        await page.waitForFunction(
          () =>
            document.documentElement.dataset.app === 'ready' ||
            !!document.getElementById('root')?.dataset.takeover,
        );
        await expectNoRawKeys(page, `${route} (${locale})`);
        await expectAccessible(page, `${route} (${locale})`);
        await expectNoHorizontalOverflow(page, `${route} (${locale})`);
      }
      await screenshot(page, `not-found-${locale}-phone`);
      await page.goto(`${e2e.base}/terms-of-service`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      await screenshot(page, `terms-${locale}-phone`);
      await context.close();
    }
  });

  it('the accessibility check finds what axe finds, in the page as it is and after a change', async () => {
    const context = await newContext(e2e.browser);
    const page = await context.newPage();
    await page.goto(`${e2e.base}/about-us`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expectAccessible(page, 'about us');
    // The same document, axe already in it: a button with no name and pale grey text on white.
    await page.evaluate(() => {
      const button = document.createElement('button');
      button.append(document.createElement('svg'));
      const faint = document.createElement('p');
      faint.textContent = 'Hard to read';
      faint.style.cssText = 'color:#bbb;background:#fff';
      document.querySelector('main')!.append(button, faint);
    });
    const failure = await expectAccessible(page, 'about us, spoiled').then(
      () => null,
      (error: { actual?: unknown }) => JSON.stringify(error.actual),
    );
    expect(failure).toContain('button-name');
    expect(failure).toContain('color-contrast');
    await context.close();
  });
});

describe('public pages that work as HTML alone', () => {
  it('the landing page loads no app until a button is pressed, then replays the press', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const scripts: string[] = [];
    // A hydration mismatch is reported on the console (React's error #418/#423 in production).
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error' || m.type() === 'warning') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
    });
    await page.goto(`${e2e.base}/`);
    await page
      .getByRole('heading', { level: 1, name: 'Grow in faith, one day at a time' })
      .waitFor();
    // Links work as links; the page has loaded, the phone is idle and nobody has pressed
    // anything: only the entry.
    await page.waitForLoadState('load');
    await page.evaluate(
      () => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done))),
    );
    // Only boot.ts and what it shares with the app (the `boot` chunk, docs/decisions/0032): not
    // the app (main.tsx) itself.
    expect(scripts.every((s) => /^\/assets\/(index|boot)-/.test(s))).toBe(true);
    const before = scripts.length;
    expect(await page.getAttribute('html', 'data-app')).toBeNull();

    // The language switch, pressed before the app exists: held, the app fetched, then replayed.
    await page.getByRole('radio', { name: 'Español' }).click();
    await page
      .getByRole('heading', { level: 1, name: 'Crece en la fe, un día a la vez' })
      .waitFor();
    expect(scripts.some((s) => s.startsWith('/assets/main-'))).toBe(true);
    expect(scripts.length).toBeGreaterThan(before);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    expect(await page.getAttribute('html', 'aria-busy')).toBeNull();
    expect(errors).toEqual([]);

    // The phone menu, pressed before the app exists on a fresh page.
    await page.goto(`${e2e.base}/about-us`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.getByRole('dialog').getByRole('link', { name: 'Iniciar sesión' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Words of the element's text that the browser broke across two lines (none is the aim). */
async function wordsBrokenAcrossLines(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluate((element) => {
    const broken: string[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (const match of text.matchAll(/\S+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (tops.size > 1) broken.push(match[0]);
      }
    }
    return broken;
  });
}

/**
 * What the two elements draw shares no pixel: their text as laid out (a Range: text that
 * overflows a squeezed box is measured where it is painted) and their boxes.
 */
async function expectApart(page: Page, a: string, b: string, label: string) {
  const boxes = await page.evaluate(
    ([first, second]) =>
      [first, second].map((sel) => {
        const element = document.querySelector(sel!)!;
        const range = document.createRange();
        range.selectNodeContents(element);
        const rects = [element.getBoundingClientRect(), range.getBoundingClientRect()];
        return {
          left: Math.min(...rects.map((r) => r.left)),
          right: Math.max(...rects.map((r) => r.right)),
          top: Math.min(...rects.map((r) => r.top)),
          bottom: Math.max(...rects.map((r) => r.bottom)),
        };
      }),
    [a, b],
  );
  const [p, q] = boxes as [DOMRectLike, DOMRectLike];
  const overlap = p.left < q.right && q.left < p.right && p.top < q.bottom && q.top < p.bottom;
  expect({ label, overlap, p, q }).toEqual({ label, overlap: false, p, q });
}
type DOMRectLike = { left: number; right: number; top: number; bottom: number };

describe.runIf(enabled)('phone layout (390 px) in the states that broke it', () => {
  it('a premium member: the header, the Spanish dashboard, the time-zone notice (es and en)', async () => {
    // The admin grants Premium (the admin API wants two-step verification on).
    const adminContext = await newContext(e2e.browser, { viewport: DESKTOP });
    const admin = await adminContext.newPage();
    await signUpMember(admin, e2e.base, 'en', ADMIN_EMAIL);
    // ADMIN_EMAILS names a confirmed address only (ADR 0040).
    await confirmEmail(admin, e2e.base);
    await turnOnTwoFactor(admin, e2e.base, 'en');

    // A Spanish-speaking member in Mexico City whose saved zone is another one (the notice then
    // offers the device's, the longest state of the notice).
    const context = await newContext(e2e.browser, {
      viewport: PHONE,
      locale: 'es-MX',
      timezoneId: 'America/Mexico_City',
    });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'es');
    const me = await (await page.request.get(`${e2e.base}/api/auth/user`)).json();
    const granted = await admin.request.patch(`${e2e.base}/api/admin/users/${me.id}`, {
      headers: { origin: e2e.base },
      data: { isPremium: true },
    });
    expect(granted.status(), await granted.text()).toBe(200);
    await adminContext.close();
    const zone = await page.request.put(`${e2e.base}/api/notification-settings`, {
      data: { timeZone: 'Europe/Madrid' },
    });
    expect(zone.status(), await zone.text()).toBe(200);
    // A dashboard with something in it: a lesson, a prayer, a journal entry; a favorite verse
    // saved in English.
    for (const [url, data] of [
      ['/api/favorite-verses', { reference: 'Romans 12:21', translation: 'WEB' }],
      ['/api/lessons/101-1/complete', undefined],
      ['/api/prayer-sessions', { minutes: 10 }],
      ['/api/journal', { title: 'Gratitud', content: 'Gracias por hoy.', status: 'published' }],
    ] as const) {
      const res = await page.request.post(`${e2e.base}${url}`, data ? { data } : {});
      expect(res.ok(), await res.text()).toBe(true);
    }

    for (const lang of ['es', 'en'] as const) {
      const L =
        lang === 'es'
          ? {
              switchTo: 'Español',
              welcome: 'Hola, Rut',
              premium: 'Premium',
              granted: '¡Te damos la bienvenida, Rut! Un administrador te concedió Premium',
              notOpen: 'Todavía no disponible',
              atCheckout: 'El precio se muestra al pagar',
              favorite: 'Romanos 12:21 (RV1909)',
            }
          : {
              switchTo: 'English',
              welcome: 'Welcome, Rut',
              premium: 'Premium',
              granted: 'Welcome, Rut! An administrator has given you Premium',
              notOpen: 'Not available yet',
              atCheckout: 'The price is shown at checkout',
              favorite: 'Romans 12:21 (WEB)',
            };
      await page.goto(e2e.base);
      await page.getByRole('radio', { name: L.switchTo }).click();
      await page.getByRole('heading', { level: 1, name: L.welcome }).waitFor();
      // The premium mark is in the header, and the EN/ES switch leaves the wordmark alone.
      await page.locator(`header [aria-label="${L.premium}"]:visible`).waitFor();
      await expectApart(
        page,
        'header a[href="/"]',
        'header [role="radiogroup"]',
        `wordmark and language switch (${lang})`,
      );
      await page
        .locator('header')
        .screenshot({ path: `test-results/screenshots/header-premium-${lang}-phone.png` });
      await expectNoHorizontalOverflow(page, `dashboard, premium member (${lang}, phone)`);
      await screenshot(page, `dashboard-premium-${lang}-phone`);

      await page.goto(`${e2e.base}/notification-settings`);
      // The saved zone as a place with the time it keeps ("Madrid (hora de Europa central)"),
      // never its id; the offer to follow this device's zone says its place.
      const notice = page.locator('main p', { hasText: 'Madrid (' });
      await notice.waitFor();
      expect(await notice.innerText()).not.toContain('Europe/');
      expect(await wordsBrokenAcrossLines(page, 'main p:has-text("Madrid (")')).toEqual([]);
      await page
        .locator('main')
        .getByRole('button', {
          name: lang === 'es' ? 'Usar la hora de Ciudad de México' : 'Use Mexico City time',
        })
        .waitFor();
      await expectNoHorizontalOverflow(page, `notification settings (${lang}, phone)`);
      await screenshot(page, `notification-settings-premium-${lang}-phone`);

      // Premium given by an admin, on a server without payments: each page says so honestly.
      await page.goto(`${e2e.base}/welcome-premium?session_id=cs_test_phone`);
      await page.getByText(L.granted).waitFor();
      await screenshot(page, `welcome-premium-granted-${lang}-phone`);
      await page.goto(`${e2e.base}/subscription`);
      await page.getByText(L.notOpen).first().waitFor();
      expect(await page.getByText(L.atCheckout).count()).toBe(0);
      await screenshot(page, `subscription-payments-off-${lang}-phone`);

      // A favorite saved in English reads in the reader's language and translation.
      await page.goto(`${e2e.base}/favorite-verses`);
      await page.getByText(L.favorite).waitFor();
      await screenshot(page, `favorite-verses-${lang}-phone`);
    }
    await context.close();
  });
});
