import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  cookieStored,
  drawnHtml,
} from './browser.ts';
import { BIBLE_POSITION_COOKIE } from '#delivery/app/device-cookies.ts';

/**
 * A member's first screen drawn by the server with their data (docs/decisions/0060), in
 * Chromium: on screen before any script runs, taken over when used (the press kept), or when
 * the phone is idle, with nothing moved or drawn twice.
 */
const enabled = e2eAvailable();
const e2e = useE2EServer('drawn');

/** Layout shifts summed from the page's start (buffered). */
const shifted = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let sum = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries())
            sum += (entry as unknown as { value: number }).value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(sum), 300);
      }),
  );

const appReady = (page: Page) =>
  page.evaluate(() => document.documentElement.dataset.app === 'ready');

async function memberWithAnEntry(lang: 'en' | 'es', title: string) {
  const context = await newContext(e2e.browser, {
    viewport: PHONE,
    locale: lang === 'es' ? 'es-MX' : 'en-US',
    serviceWorkers: 'block',
  });
  const page = await context.newPage();
  await signUpMember(page, e2e.base, lang);
  const saved = await page.request.post(`${e2e.base}/api/journal`, {
    headers: { origin: e2e.base },
    data: { title, content: `${title}: what I read today.`, status: 'published' },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
  return { context, page };
}

describe.runIf(enabled)('a member’s first screen, drawn by the server', () => {
  it('arrives with the member’s own data in their language, for them alone, kept by no cache', async () => {
    const rut = await memberWithAnEntry('es', 'Salmo de la mañana');
    const other = await memberWithAnEntry('en', 'Someone else’s entry');

    // The language the browser asks in (its language cookie or Accept-Language), as the app's.
    const res = await rut.page.request.get(`${e2e.base}/journal`, {
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="es">');
    expect(html).toContain('data-prerendered="member"');
    expect(html).toContain('Salmo de la mañana');
    expect(html).toContain('Diario');
    expect(html).not.toContain('Someone else');
    expect(res.headers()['cache-control']).toBe('private, no-store');
    expect(res.headers().etag).toBeUndefined();
    expect(res.headers().vary).toMatch(/Cookie/);
    // The answers it was drawn from, beside it, where no `<` can end the element.
    const state = /<script type="application\/json" id="camino-state">([\s\S]*?)<\/script>/.exec(
      html,
    );
    expect(state).not.toBeNull();
    expect(state![1]).not.toContain('<');
    const answers = JSON.parse(state![1]!) as { queries: [unknown[], unknown][]; lazies: string[] };
    expect(answers.queries.map(([key]) => key[0])).toContain('/api/session');

    // A visitor's request for the same path: the shell, nothing drawn.
    const visitor = await fetch(`${e2e.base}/journal`);
    expect(await visitor.text()).not.toContain('data-prerendered="member"');
    await Promise.all([rut.context.close(), other.context.close()]);
  });

  it('is on screen with scripts off; with them, a press before the takeover is kept and done; axe clean', async () => {
    const { context, page } = await memberWithAnEntry('es', 'Gracia sobre gracia');
    const cookies = await context.cookies();

    // No script at all (every script refused): the page is there, in Spanish, with the entry.
    const plain = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX' });
    await plain.addCookies(cookies);
    const still = await plain.newPage();
    await still.route('**/*.js', (route) => route.abort());
    await still.goto(`${e2e.base}/journal`);
    await still.getByRole('heading', { name: 'Diario' }).waitFor();
    await still.getByText('Gracia sobre gracia', { exact: true }).waitFor();
    expect(await appReady(still)).toBe(false);
    await screenshot(still, 'drawn-journal-es-phone-no-script');
    await plain.close();

    // Scripts on: no policy violation, and the language switch pressed at once is done once
    // the app has the page.
    const errors: string[] = [];
    page.on('console', (m) => void (m.type() === 'error' && errors.push(m.text())));
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.base}/journal`);
    expect(await appReady(page)).toBe(false);
    await page.getByRole('radio', { name: 'English', exact: true }).click();
    await page.getByRole('heading', { name: 'Journal' }).waitFor();
    expect(await appReady(page)).toBe(true);
    await page.getByText('Gracia sobre gracia', { exact: true }).waitFor();
    expect(errors).toEqual([]);
    await expectAccessible(page, 'journal drawn, taken over');
    await context.close();
  });

  it('is taken over without a press once the page has loaded and the phone is idle; nothing asked twice', async () => {
    const { context, page } = await memberWithAnEntry('en', 'Morning psalm');
    const asked: string[] = [];
    page.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/api/')) asked.push(url.pathname + url.search);
    });
    await page.goto(`${e2e.base}/`);
    await page.getByRole('heading', { name: /Welcome, Rut/ }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
      timeout: 15_000,
    });
    // The dashboard's answers came with the page: the takeover asks none of them again.
    expect(asked.filter((u) => u === '/api/dashboard' || u === '/api/session')).toEqual([]);
    expect(await shifted(page)).toBeLessThan(0.01);
    // The app has the page: a client-side navigation works.
    await page.getByRole('link', { name: 'Journal' }).first().click();
    await page.getByText('Morning psalm', { exact: true }).waitFor();
    await context.close();
  });

  it('a group the member has left: drawn as not available, taken over with that same error, not asked again', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const headers = { origin: e2e.base };
    // A leader's group, which Rut joins with its link and then leaves.
    const leaderContext = await newContext(e2e.browser, { serviceWorkers: 'block' });
    const leader = await leaderContext.newPage();
    await signUpMember(leader, e2e.base, 'en');
    const made = await leader.request.post(`${e2e.base}/api/groups`, {
      headers,
      data: {
        name: 'Thursday group',
        language: 'en',
        path: { kind: 'course', courseId: '101' },
        startsOn: today,
      },
    });
    expect(made.ok(), await made.text()).toBe(true);
    const { id } = (await made.json()) as { id: string };
    const invited = await leader.request.post(`${e2e.base}/api/groups/${id}/invitations`, {
      headers,
      data: {},
    });
    expect(invited.ok(), await invited.text()).toBe(true);
    const { token } = (await invited.json()) as { token: string };
    const context = await newContext(e2e.browser, {
      viewport: PHONE,
      locale: 'es-MX',
      serviceWorkers: 'block',
    });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'es');
    const joined = await page.request.post(`${e2e.base}/api/invitations/${token}/accept`, {
      headers,
      data: { level: 'membership' },
    });
    expect(joined.ok(), await joined.text()).toBe(true);
    const left = await page.request.post(`${e2e.base}/api/groups/${id}/leave`, { headers });
    expect(left.status(), await left.text()).toBe(204);

    // As the server drew it: the page's own "not available", in Spanish.
    const drawn = await page.request.get(`${e2e.base}/groups/${id}`, {
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    const html = await drawn.text();
    expect(html).toContain('data-prerendered="member"');
    expect(html).toContain('Este grupo no está disponible');

    // In the browser: the drawn error is the app's as it takes the page over, with the refusal
    // in its query cache: the group is not asked for again, before or at the takeover.
    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === `/api/groups/${id}`) asked.push(r.url());
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${e2e.base}/groups/${id}`);
    const gone = page.getByRole('heading', { name: 'Este grupo no está disponible' });
    await gone.waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
      timeout: 15_000,
    });
    // A moment after the takeover (a query that mounts in error would have asked at once).
    await page.waitForTimeout(500);
    await gone.waitFor();
    expect(
      await page.getByText('Puede que haya terminado, o que ya no seas miembro.').count(),
    ).toBe(1);
    expect(asked).toEqual([]);
    expect(errors).toEqual([]);
    expect(await shifted(page)).toBeLessThan(0.01);
    await Promise.all([context.close(), leaderContext.close()]);
  });

  it('the Bible opens where the member left it, drawn there too; verses chosen before the takeover stay chosen', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'en');
    await page.goto(`${e2e.base}/bible?t=KJV&b=Rom&c=8`);
    await page.getByRole('heading', { name: /Romans 8/ }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
      timeout: 15_000,
    });
    // The place is remembered where the server reads it.
    await cookieStored(context, BIBLE_POSITION_COOKIE, 'Rom.8');
    const html = await drawnHtml(page, `${e2e.base}/bible`);
    expect(html).toMatch(/Romans 8/);
    await page.goto(`${e2e.base}/bible`);
    await page.getByRole('heading', { name: /Romans 8/ }).waitFor();
    expect(await shifted(page)).toBeLessThan(0.01);

    // Two verses chosen before the takeover (the app's code slowed down): both are chosen after.
    await page.route(/\/assets\/(?!index-|boot-).*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${e2e.base}/bible?t=KJV&b=Rom&c=12`);
    await page.getByRole('heading', { name: /Romans 12/ }).waitFor();
    await page.getByRole('button', { name: /I beseech you therefore, brethren/ }).click();
    await page.getByRole('button', { name: /And be not conformed to this world/ }).click();
    expect(await appReady(page)).toBe(false);
    await page.getByRole('toolbar').getByText('Romans 12:1-2').waitFor({ timeout: 15_000 });
    await context.close();
  });
});

/**
 * A page with a form (docs/decisions/0061): read and filled before the app runs, taken over when
 * a field is reached for or once the phone is idle, its submit held until the app sends it.
 */
describe.runIf(enabled)('a page with a form, taken over when used or once idle', () => {
  const spanishPhone = () =>
    newContext(e2e.browser, { viewport: PHONE, locale: 'es-MX', serviceWorkers: 'block' });

  /** The app's scripts (not the page's entry, which holds the submit) answered 1.5 s late. */
  async function slowTheApp(page: Page, path: string) {
    const html = await (await page.request.get(`${e2e.base}${path}`)).text();
    const entry = /<script type="module"[^>]*src="([^"]+)"/.exec(html)?.[1];
    expect(entry).toBeTruthy();
    await page.route(
      (url) => url.pathname.endsWith('.js') && url.pathname !== entry,
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1500));
        await route.continue();
      },
    );
  }

  it('sign-up and sign-in filled and sent before the app has the page: nothing typed is lost (Spanish phone)', async () => {
    const context = await spanishPhone();
    const page = await context.newPage();
    await slowTheApp(page, '/sign-up');
    await page.goto(`${e2e.base}/sign-up`);
    await page.getByRole('heading', { level: 1, name: 'Crea tu cuenta' }).waitFor();
    expect(await appReady(page)).toBe(false);
    const email = `form-${Date.now()}@example.com`;
    await page.getByLabel('Nombre').fill('Lidia');
    await page.getByLabel('Apellido').fill('de Tiatira');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    // Held: the app's code is still on its way, and no password went out in a URL.
    expect(await appReady(page)).toBe(false);
    expect(page.url()).not.toContain('password');
    await page.getByRole('dialog', { name: 'Verificación de edad' }).waitFor({ timeout: 20_000 });
    const me = await page.request.get(`${e2e.base}/api/auth/user`);
    expect(((await me.json()) as { firstName: string; lastName: string }).lastName).toBe(
      'de Tiatira',
    );

    // Signed out, then in again the same way.
    await context.clearCookies();
    await page.goto(`${e2e.base}/sign-in`);
    await page.getByRole('heading', { level: 1, name: 'Hola de nuevo' }).waitFor();
    expect(await appReady(page)).toBe(false);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await page.getByLabel('Contraseña', { exact: true }).press('Enter');
    expect(await appReady(page)).toBe(false);
    await page.waitForURL((url) => url.pathname !== '/sign-in', { timeout: 20_000 });
    expect(page.url()).not.toContain('password');
    expect((await page.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);
    await context.close();
  });

  it('is taken over by itself once its scripts are there, with no press and nothing moved; axe clean (Spanish phone)', async () => {
    const context = await spanishPhone();
    const page = await context.newPage();
    // The page's scripts (not the entry) arrive a second late: painted first, taken over then.
    await page.route(/\/assets\/(?!index-|boot-).*\.js$/, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await route.continue();
    });
    for (const [path, heading] of [
      ['/sign-in', 'Hola de nuevo'],
      ['/sign-up', 'Crea tu cuenta'],
    ] as const) {
      await page.goto(`${e2e.base}${path}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      expect(await appReady(page), path).toBe(false);
      await page.waitForFunction(() => document.documentElement.dataset.app === 'ready', null, {
        timeout: 20_000,
      });
      expect(await shifted(page), path).toBeLessThan(0.01);
      await expectAccessible(page, `${path} (es, taken over by itself)`);
    }
    await context.close();
  });

  it('tells someone whose session ended so at once, without waiting to be idle', async () => {
    const context = await spanishPhone();
    // A phone that is never idle: only a page taken over at its first paint gets its app.
    await context.addInitScript(() => {
      window.requestIdleCallback = () => 0;
    });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/sign-in`);
    await page.evaluate(() => sessionStorage.setItem('camino:session-ended', '1'));
    await page.reload();
    await page
      .getByText('Tu sesión terminó. Inicia sesión de nuevo y volverás a donde estabas.')
      .waitFor({ timeout: 20_000 });
    await screenshot(page, 'session-ended-reload-es-phone');
    await context.close();
  });
});
