import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
  waitForBibles,
  expectToast,
} from './browser.ts';

const enabled = e2eAvailable();
const e2e = useE2EServer('library');

/** The page is no wider than the window (nothing scrolls sideways). */
async function expectNoOverflow(page: Page, label: string) {
  const wide = await page.evaluate(() => {
    const width = window.innerWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()} ${el.textContent?.slice(0, 40) ?? ''}`);
  });
  expect({ label, wide }).toEqual({ label, wide: [] });
}

/** After a resize: the shell re-renders for the new width (media-query hooks) first. */
const settle = (page: Page) =>
  page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );

/** Waits for a page's heading, then checks it at 390 px and 1280 px (axe on the phone). */
async function walk(page: Page, path: string, heading: RegExp | string, name: string) {
  await page.goto(`${e2e.base}${path}`);
  await page.getByRole('heading', { level: 1, name: heading }).waitFor();
  await page.waitForFunction(() => !document.querySelector('[role="status"][aria-label]'));
  await page.setViewportSize(PHONE);
  await settle(page);
  await expectNoOverflow(page, `${name} phone`);
  await expectAccessible(page, name);
  await page.screenshot({ path: `test-results/screenshots/${name}-phone.png` });
  await page.setViewportSize(DESKTOP);
  await settle(page);
  await expectNoOverflow(page, `${name} desktop`);
  await page.screenshot({ path: `test-results/screenshots/${name}-desktop.png` });
}

const PAGES = {
  en: [
    ['/sermons', 'Sermons'],
    ['/sermons?view=historic', 'Sermons'],
    ['/sermons/the-beatitudes', /Beatitudes/],
    ['/books', 'Books'],
    ['/heroes-of-faith', 'Heroes of Faith'],
    ['/heroes-of-faith/casiodoro-de-reina', 'Casiodoro de Reina'],
    ['/resources', 'Resources'],
    ['/resources/how-to-read-the-bible', 'How to Read the Bible'],
    ['/gospel', 'The Good News'],
    ['/favorite-verses', 'Favorite Verses'],
  ],
  es: [
    ['/sermons', 'Sermones'],
    ['/sermons/the-beatitudes', 'Las bienaventuranzas'],
    ['/books', 'Libros'],
    ['/heroes-of-faith', 'Héroes de la fe'],
    ['/heroes-of-faith/casiodoro-de-reina', 'Casiodoro de Reina'],
    ['/resources', 'Recursos'],
    ['/resources/how-to-read-the-bible', /leer la Biblia/],
    ['/gospel', 'La buena noticia'],
    ['/favorite-verses', 'Versículos favoritos'],
  ],
} as const;

describe.runIf(enabled)('library and the gospel', () => {
  it('serves the gospel prerendered to a visitor without JavaScript, in each language', async () => {
    for (const [locale, lang, text, verse] of [
      ['en-US', 'en', 'The Good News', 'God created man in his own image'],
      ['es-ES', 'es', 'La buena noticia', 'Y crió Dios al hombre á su imagen'],
    ] as const) {
      const context = await e2e.browser.newContext({ locale, javaScriptEnabled: false });
      const page = await context.newPage();
      const res = await page.goto(`${e2e.base}/gospel`);
      expect(res?.status()).toBe(200);
      expect(await page.getAttribute('html', 'lang')).toBe(lang);
      await page.getByRole('heading', { level: 1, name: text }).waitFor();
      expect(await page.getByText(verse).isVisible()).toBe(true);
      const description = await page.getAttribute('meta[name="description"]', 'content');
      expect(description!.length).toBeGreaterThanOrEqual(120);
      expect(await page.title()).toContain(text);
      await context.close();
    }
  });

  it('shows the gospel to a visitor with the app running: accessible, no overflow', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(`${e2e.base}/gospel`);
    // The page works as HTML alone; the app takes it over when one of its buttons is wanted.
    await page.getByRole('button').first().focus();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    await page.getByRole('heading', { level: 1, name: 'La buena noticia' }).waitFor();
    await expectNoOverflow(page, 'gospel visitor phone');
    await expectAccessible(page, 'gospel visitor');
    await screenshot(page, 'gospel-visitor-es-phone');
    await page.getByRole('link', { name: 'Empieza Cristianismo 101' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('walks every library page in both languages; filters, read marks and favorites', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signUpMember(page, e2e.base, 'en');
    await page.goto(e2e.base);

    for (const lang of ['en', 'es'] as const) {
      await page.evaluate((l) => localStorage.setItem('language', l), lang);
      for (const [path, heading] of PAGES[lang]) {
        const name = `library-${path.slice(1).replace(/[/?=]/g, '-')}-${lang}`;
        await walk(page, path, heading, name);
      }
    }

    // Filters and search (Spanish): a region, then words that match nothing.
    await page.goto(`${e2e.base}/heroes-of-faith`);
    await page.getByLabel('Región').selectOption('latin-america');
    await page.getByText(/^\d+ resultados?$/).waitFor();
    await expect.poll(() => page.url()).toContain('region=latin-america');
    await page.getByRole('searchbox', { name: 'Buscar' }).fill('zzzqqq');
    await page.getByText('Nada coincide con tu búsqueda.').waitFor();
    await page.getByRole('button', { name: 'Quitar filtros' }).first().click();
    const reina = page.locator('a[href="/heroes-of-faith/casiodoro-de-reina"]');
    await reina.waitFor();

    // A read mark, then its badge in the list.
    await reina.click();
    await page.getByRole('button', { name: 'Marcar como leído' }).first().click();
    await expectToast(page, 'Marcado como leído');
    await page.getByRole('link', { name: 'Todos los héroes de la fe' }).click();
    await reina.getByText('Leído').waitFor();

    // Favorites need the Bibles: save a block's verse, then today's verse (SPEC message).
    await waitForBibles(page, e2e.base);
    await page.goto(`${e2e.base}/heroes-of-faith/casiodoro-de-reina`);
    await page
      .getByText(/Sécase la hierba/)
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Guardar en favoritos' }).first().click();
    await expectToast(page, 'Guardado en favoritos');
    await page.goto(`${e2e.base}/`);
    await page.getByRole('button', { name: 'Guardar en favoritos' }).click();
    await expectToast(page, 'Versículo del día guardado en favoritos');
    await page.goto(`${e2e.base}/favorite-verses`);
    await page.getByText('2 versículos').waitFor();
    await page.getByRole('button', { name: /^Quitar Isaías 40:8/ }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Quitar' }).click();
    await page.getByText('1 versículo', { exact: true }).waitFor();
    await screenshot(page, 'favorite-verses-es-desktop');
    expect(errors).toEqual([]);
    await context.close();
  });
});
