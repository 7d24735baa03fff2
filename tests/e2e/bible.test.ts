import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { freePort, startServer, type ServerProcess } from '../helpers/server-process.ts';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  launch,
  newContext,
  screenshot,
  signUpMember,
  waitForBibles,
} from './browser.ts';

const enabled = e2eAvailable();
// Admins count as premium: this address signs up as one (ADMIN_EMAILS).
const PREMIUM_EMAIL = 'premium-reader@example.com';
let server: ServerProcess;
let browser: Browser;
let base: string;
let dataDir: string;

beforeAll(async () => {
  if (!enabled) return;
  dataDir = mkdtempSync(join(tmpdir(), 'camino-e2e-bible-'));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = await startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    APP_URL: base,
    ADMIN_EMAILS: PREMIUM_EMAIL,
  });
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe.runIf(enabled)('Bible reader, study lab and saved studies', () => {
  it('reads, searches, studies, saves, reopens, exports and deletes (desktop, English)', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signUpMember(page, base, 'en');
    await waitForBibles(page, base);

    await page.goto(`${base}/bible?t=KJV&b=John&c=3`);
    await page.getByRole('heading', { name: /John 3/ }).waitFor();
    await page.getByText('For God so loved the world').waitFor();
    await expectAccessible(page, 'bible reader');

    // Next chapter, then a reference typed in Spanish.
    await page.getByRole('button', { name: 'Next chapter' }).click();
    await page.getByRole('heading', { name: /John 4/ }).waitFor();
    await page.getByLabel('Go to a passage').fill('Salmos 23');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByRole('heading', { name: /Psalms 23/ }).waitFor();
    await page.getByText('The LORD is my shepherd').waitFor();

    // An unknown reference: the SPEC message and its suggestions.
    await page.getByLabel('Go to a passage').fill('Hezekiah 3:1');
    await page.getByRole('button', { name: 'Go', exact: true }).click();
    await page.getByText('Verse Not Found').waitFor();
    await page.getByRole('button', { name: 'Romans 8:28' }).click();
    await page.getByRole('heading', { name: /Romans 8/ }).waitFor();

    // Search opens results in place.
    await page.getByLabel('Search words or phrases').fill('"living water"');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByText(/\d+ results/).waitFor();
    await screenshot(page, 'bible-search-en-desktop');
    await page.getByRole('button', { name: /^Open John 4:10/ }).click();
    await page.getByRole('heading', { name: /John 4/ }).waitFor();

    // Select verses and study them.
    await page.goto(`${base}/bible?t=KJV&b=Rom&c=12`);
    await page.getByRole('button', { name: /I beseech you therefore, brethren/ }).click();
    await page.getByRole('button', { name: /And be not conformed to this world/ }).click();
    await page.getByRole('toolbar').getByText('Romans 12:1-2').waitFor();
    await screenshot(page, 'bible-reader-selection-en-desktop');
    await page.getByRole('button', { name: 'Study this passage' }).click();
    await page.getByRole('heading', { name: 'Bible Study Lab' }).waitFor();
    await page.getByRole('heading', { name: /Romans 12:1-2/ }).waitFor();
    await page.getByLabel('Title (optional)').fill('A living sacrifice');
    await page
      .getByLabel('Observation')
      .fill('Paul urges believers, because of God’s mercies, to offer themselves.');
    await page.getByLabel('Application').fill('Begin each day by giving it to God in prayer.');
    await expectAccessible(page, 'study lab');
    await screenshot(page, 'study-lab-en-desktop');

    // The draft survives a reload before saving.
    await page.waitForTimeout(600);
    await page.reload();
    await page.getByText('Your unsaved draft was restored.').waitFor();
    expect(await page.getByLabel('Observation').inputValue()).toContain('Paul urges believers');

    await page.getByRole('button', { name: 'Save study' }).click();
    await page.getByText('Study saved').first().waitFor();
    await page.waitForURL(/bible-study\?id=/);

    await page.goto(`${base}/saved-studies`);
    await page.getByRole('heading', { name: 'A living sacrifice' }).waitFor();
    await expectAccessible(page, 'saved studies');
    await screenshot(page, 'saved-studies-en-desktop');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export as Markdown' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^study-a-living-sacrifice-\d{4}-\d{2}-\d{2}\.md$/);
    const text = readFileSync((await file.path())!, 'utf8');
    expect(text).toContain('## Observation');
    expect(text).toContain('Paul urges believers');

    // Reopen and edit.
    await page.getByRole('link', { name: 'Open: A living sacrifice' }).click();
    await page.getByLabel('Interpretation').fill('Worship is the whole of life offered to God.');
    await page.getByRole('button', { name: 'Save study' }).click();
    await page.getByText('Study updated').first().waitFor();

    // Delete, with confirmation.
    await page.goto(`${base}/saved-studies`);
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
    await page.getByText('No saved studies yet.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('works in Spanish on a phone: accent-insensitive search and the study lab', async () => {
    const context = await newContext(browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    await signUpMember(page, base, 'es');
    await waitForBibles(page, base);
    await page.goto(`${base}/bible`);
    await page.getByRole('heading', { name: /Juan 1/ }).waitFor();
    await page.getByText('EN el principio era el Verbo').waitFor();
    await expectAccessible(page, 'lector (es)');
    await screenshot(page, 'bible-reader-es-phone');
    await page.getByLabel('Busca palabras o frases').fill('espiritu santo');
    await page.getByRole('search').getByRole('button', { name: 'Buscar' }).click();
    await page.getByText(/\d+ resultados/).waitFor();
    expect(await page.locator('mark', { hasText: /espíritu/i }).count()).toBeGreaterThan(0);
    await screenshot(page, 'bible-search-es-phone');

    await page.goto(`${base}/bible-study`);
    await page.getByRole('button', { name: 'Cargar pasaje' }).click();
    await page.getByText('Por favor ingresa una referencia bíblica primero.').first().waitFor();
    await page.getByLabel('Pasaje').fill('Filipenses 4:13');
    await page.getByRole('button', { name: 'Cargar pasaje' }).click();
    await page.getByText('Todo lo puedo en Cristo que me fortalece.').waitFor();
    await expectAccessible(page, 'laboratorio (es)');
    await screenshot(page, 'study-lab-es-phone');
    await context.close();
  });

  it('premium: compares three translations side by side and filters search by book', async () => {
    const context = await newContext(browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await signUpMember(page, base, 'en', PREMIUM_EMAIL);
    await waitForBibles(page, base);
    await page.goto(`${base}/bible?t=KJV&b=Ps&c=23`);
    await page.getByRole('heading', { name: /Psalms 23/ }).waitFor();
    await page.getByRole('button', { name: 'Compare' }).click();
    const columns = page.getByRole('region');
    await page.getByRole('region', { name: 'RV1909' }).getByText('JEHOVÁ es mi pastor').waitFor();
    await page
      .getByRole('region', { name: 'WEB' })
      .getByText(/Yahweh is my shepherd/)
      .waitFor();
    expect(await columns.count()).toBeGreaterThanOrEqual(3);
    await expectAccessible(page, 'compare');
    await screenshot(page, 'bible-compare-en-desktop');
    await page.getByLabel('Search words or phrases').fill('love');
    await page.getByLabel('Book').last().selectOption('1John');
    await page.getByRole('search').getByRole('button', { name: 'Search' }).click();
    await page.getByText(/\d+ results/).waitFor();
    const refs = await page
      .getByRole('search')
      .locator('..')
      .getByRole('button', { name: /^Open / })
      .allTextContents();
    expect(refs.length).toBeGreaterThan(0);
    for (const r of refs) expect(r).toMatch(/^1 John/);
    await context.close();
  });
});
