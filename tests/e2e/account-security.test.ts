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
  turnOnTwoFactor,
  useE2EServer,
} from './browser.ts';
import { freshTotp, nextTotpStep, totp } from '../helpers/totp.ts';

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

  it('two-step verification: set up with the app, then sign-in asks for a code or a recovery code (es, phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
    });
    const email = await signUpMember(page, e2e.base, 'es');
    await page.goto(`${e2e.base}/account-settings`);
    const card = page.locator('#two-factor');
    await card.getByText('Desactivada', { exact: true }).waitFor();

    const { secret, codes } = await turnOnTwoFactor(page, e2e.base, 'es', async (step, key) => {
      const dialog = page.getByRole('dialog');
      if (step === 'scan') {
        await dialog
          .getByRole('img', { name: 'Código QR para tu aplicación de autenticación' })
          .waitFor();
        // A wrong code first: an error under the field, the dialog and the session stay.
        await dialog.getByLabel('Código de verificación').fill('12');
        await dialog.getByRole('button', { name: 'Activar' }).click();
        await dialog.getByText('Escribe los 6 dígitos que muestra tu aplicación').waitFor();
        const wrong = String((Number(totp(key)) + 1) % 1_000_000).padStart(6, '0');
        await dialog.getByLabel('Código de verificación').fill(wrong);
        await dialog.getByRole('button', { name: 'Activar' }).click();
        await dialog.getByText('Ese código no es correcto', { exact: false }).waitFor();
        await expectAccessible(page, '2fa setup (es, phone)');
        await noHorizontalOverflow(page);
        await screenshot(page, 'two-factor-setup-es-phone');
      } else {
        // Shown once: Escape does not close the dialog before they are saved.
        await page.keyboard.press('Escape');
        await dialog.getByRole('list', { name: 'Códigos de recuperación' }).waitFor();
        await expectAccessible(page, '2fa recovery codes (es, phone)');
        await screenshot(page, 'two-factor-codes-es-phone');
      }
    });
    expect(new Set(codes).size).toBe(10);

    // Signing in again: the password, then a code from the app.
    await page.goto(`${e2e.base}/api/logout`);
    await page.goto(`${e2e.base}/sign-in`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Verificación en dos pasos', level: 1 }).waitFor();
    await expectAccessible(page, '2fa sign-in step (es, phone)');
    await screenshot(page, 'two-factor-sign-in-es-phone');
    // The code the setup used is spent, and a code is good during its own 30 seconds only
    // (ADR 0031): the app shows a new one in the next step.
    await nextTotpStep();
    await page.getByLabel('Código de verificación').fill(await freshTotp(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e2e.base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await page.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);

    // A lost phone: a recovery code instead, once.
    await page.goto(`${e2e.base}/api/logout`);
    await page.goto(`${e2e.base}/sign-in`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page
      .getByRole('button', { name: '¿Perdiste tu teléfono? Usa un código de recuperación' })
      .click();
    await page.getByLabel('Código de recuperación').fill(codes[0]!.replace('-', ''));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.waitForURL(`${e2e.base}/`);
    expect((await page.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);

    expect(errors).toEqual([]);
    await context.close();
  });
});
