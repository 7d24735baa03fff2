import { describe, expect, it } from 'vitest';
import {
  PHONE,
  e2eAvailable,
  expectAccessible,
  expectNoHorizontalOverflow,
  expectNoRawKeys,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
} from './browser.ts';

const enabled = e2eAvailable();
// WebAuthn's relying party is a domain: the site is served as http://localhost:<port>, a secure
// context like https (ADR 0044).
const e2e = useE2EServer('passkeys', {}, 'localhost');

describe.runIf(enabled)('passkeys (ADR 0044)', () => {
  it('adds a passkey in settings, then signs in with the password and the passkey (es, phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of 4\d\d/.test(m.text())) errors.push(m.text());
    });
    // Chromium's virtual authenticator: a phone's platform passkey that verifies its user.
    const cdp = await context.newCDPSession(page);
    await cdp.send('WebAuthn.enable');
    const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
      },
    });

    const email = await signUpMember(page, e2e.base, 'es');
    await page.goto(`${e2e.base}/account-settings`);
    const card = page.locator('#passkeys');
    await card.getByText('Todavía no tienes ninguna llave de acceso.').waitFor();
    await card.getByRole('button', { name: 'Agregar una llave de acceso' }).click();
    const dialog = page.getByRole('dialog', { name: 'Agregar una llave de acceso' });
    // The name and the password are asked for first, in the page's language.
    await dialog.getByRole('button', { name: 'Crear la llave de acceso' }).click();
    await dialog.getByText('Este campo es obligatorio').first().waitFor();
    await dialog.getByLabel('Nombre').fill('Mi teléfono');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('not my password');
    await dialog.getByRole('button', { name: 'Crear la llave de acceso' }).click();
    await dialog.getByText('La contraseña es incorrecta.').waitFor();
    await expectAccessible(page, 'add a passkey (es, phone)');
    await expectNoHorizontalOverflow(page, 'add a passkey (es, phone)');
    await screenshot(page, 'passkey-add-es-phone');
    await dialog.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await dialog.getByRole('button', { name: 'Crear la llave de acceso' }).click();
    await dialog.waitFor({ state: 'detached' });
    const list = card.getByRole('list', { name: 'Tus llaves de acceso' });
    await list.getByText('Mi teléfono').waitFor();
    await list.getByText('Sin usar todavía').waitFor();
    await list.getByText(/^Agregada el /).waitFor();
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    // On a phone, toasts show at the top, not over the middle of the page being read, and just
    // under the header, not over its controls (a pointer resting there would hold the toast open).
    const toasts = page.getByRole('region', { name: /\(F8\)/ }).locator('ol');
    const header = (await page.locator('header').first().boundingBox())!;
    const toastTop = (await toasts.boundingBox())!.y;
    expect(toastTop).toBeGreaterThanOrEqual(header.y + header.height);
    expect(toastTop).toBeLessThan(header.y + header.height + 24);
    // The two-step card follows: sign-in now asks for a second step (the passkey).
    const twoStep = page.locator('#two-factor');
    await twoStep.getByText('Activada', { exact: true }).waitFor();
    await twoStep
      .getByText('Al iniciar sesión se te pide una de tus llaves de acceso.', { exact: false })
      .waitFor();
    await expectAccessible(page, 'passkeys card (es, phone)');
    await expectNoHorizontalOverflow(page, 'passkeys card (es, phone)');
    await expectNoRawKeys(page, 'passkeys card (es, phone)');
    await screenshot(page, 'passkeys-card-es-phone');

    // Signing out, then in: the password, then the passkey (offered first, nothing to type).
    await page.goto(`${e2e.base}/api/logout`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e2e.base}/`);
    await page.goto(`${e2e.base}/sign-in`);
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await page.getByRole('heading', { name: 'Verificación en dos pasos', level: 1 }).waitFor();
    await page
      .getByText('Usa tu llave de acceso para terminar de iniciar sesión', { exact: false })
      .waitFor();
    // No app was set up: no code to type is offered.
    expect(await page.getByLabel('Código de verificación').count()).toBe(0);
    await expectAccessible(page, 'passkey sign-in step (es, phone)');
    await expectNoHorizontalOverflow(page, 'passkey sign-in step (es, phone)');
    await screenshot(page, 'passkey-sign-in-es-phone');
    await page.getByRole('button', { name: 'Usar mi llave de acceso' }).click();
    await page.waitForURL(`${e2e.base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect((await page.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);

    // Settings show when it was last used; removing it asks for the password.
    await page.goto(`${e2e.base}/account-settings`);
    await list.getByText(/^Último uso: /).waitFor();
    await list.getByRole('button', { name: 'Quitar Mi teléfono' }).click();
    const confirm = page.getByRole('alertdialog', { name: '¿Quitar Mi teléfono?' });
    await confirm.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await confirm.getByRole('button', { name: 'Quitar' }).click();
    await card.getByText('Todavía no tienes ninguna llave de acceso.').waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});
