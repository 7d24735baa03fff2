import { readFile } from 'node:fs/promises';
import { unzip } from '../helpers/unzip.ts';
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
} from './browser.ts';

const enabled = e2eAvailable();
const e2e = useE2EServer('account-security');

async function noHorizontalOverflow(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.runIf(enabled)('account settings: devices and data export in Chromium', () => {
  it('lists devices, signs out the other one, downloads the data (en desktop, es phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const email = await signUpMember(page, e2e.base, 'en');

    // The same account signed in on a second device.
    const other = await newContext(e2e.browser);
    const signIn = await other.request.post(`${e2e.base}/api/auth/sign-in/email`, {
      headers: { origin: e2e.base, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' },
      data: { email, password: 'a good long password' },
    });
    expect(signIn.status()).toBe(200);

    await page.goto(`${e2e.base}/account-settings`);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    await devices.getByText('This device').waitFor();
    await devices.getByText('Firefox on Linux').waitFor();
    await expectAccessible(page, 'settings: devices (en)');
    await screenshot(page, 'settings-devices-en-desktop');

    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out every other device?' });
    await dialog.getByText('signed out on 1 other device').waitFor();
    await dialog.getByRole('button', { name: 'Sign out others' }).click();
    await page.getByText('Signed out of 1 other device.').first().waitFor();
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    await page.getByText('This is the only device signed in to your account.').waitFor();
    expect((await other.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(401);
    await other.close();

    await page.getByRole('tab', { name: 'Privacy' }).click();
    await page.getByRole('heading', { name: 'Download your data' }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^camino-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const files = unzip(await readFile((await download.path())!));
    const data = JSON.parse(files.get('data.json')!.toString('utf8'));
    expect(data.profile.email).toBe(email);
    expect(data.tables.session).toHaveLength(1);
    await expectAccessible(page, 'settings: privacy (en)');
    await screenshot(page, 'settings-privacy-en-desktop');

    // Spanish on a phone.
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e2e.base}/account-settings`);
    await page.getByRole('heading', { name: 'Dispositivos con sesión iniciada' }).waitFor();
    await page.getByText('Este es el único dispositivo con tu cuenta abierta.').waitFor();
    await noHorizontalOverflow(page);
    await expectAccessible(page, 'settings: devices (es)');
    await screenshot(page, 'settings-devices-es-phone');
    await page.getByRole('tab', { name: 'Privacidad' }).click();
    await page.getByRole('button', { name: 'Descargar mis datos' }).waitFor();
    await noHorizontalOverflow(page);
    await screenshot(page, 'settings-privacy-es-phone');

    expect(errors).toEqual([]);
    await context.close();
  });
});
