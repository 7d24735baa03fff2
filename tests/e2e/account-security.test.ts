import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { unzip } from '../helpers/unzip.ts';
import { afterAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
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
  expectToast,
  cookieStored,
  drawnHtml,
} from './browser.ts';
import { freshTotp, nextTotpStep, totp } from '../helpers/totp.ts';
import { smtpSink } from '../helpers/smtp-sink.ts';
import {
  SECOND_FACTOR_SNOOZE_COOKIE,
  VERIFY_NOTICE_HIDDEN_COOKIE,
} from '#delivery/app/device-cookies.ts';

const enabled = e2eAvailable();

// A real SMTP peer: the confirmation e-mails (ADR 0040) arrive here, and their links are opened.
const smtp = smtpSink();
const received = smtp.received;
let smtpPort = 0;
if (enabled) {
  smtpPort = await smtp.listen();
}
const ADMIN_EMAIL = `security-admin-${Date.now()}@example.com`;
const e2e = useE2EServer('account-security', {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  ADMIN_EMAILS: ADMIN_EMAIL,
});
afterAll(async () => {
  if (enabled) await smtp.close();
});

/** A received message's subject and text (quoted-printable or base64 undone). */
function readMail(data: string): { subject: string; text: string } {
  const [head, ...rest] = data.split('\r\n\r\n');
  const headers = head!.replace(/\r\n[ \t]+/g, ' ');
  const rawSubject = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = rawSubject.replace(
    /=\?utf-8\?([BQ])\?([^?]*)\?=\s*/gi,
    (_, kind: string, v: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(v, 'base64').toString('utf8')
        : Buffer.from(
            v
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
  );
  const body = rest.join('\r\n\r\n');
  const encoding = /^Content-Transfer-Encoding: (\S+)/im.exec(headers)?.[1]?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body, 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? Buffer.from(
            body
              .replace(/=\r\n/g, '')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8')
        : body;
  return { subject, text };
}

/** The confirmation e-mails sent to `to`, oldest first: their subjects and links. */
function confirmationMails(to: string): { subject: string; link: string }[] {
  return received
    .filter((m) => m.to === to)
    .map((m) => readMail(m.data))
    .map(({ subject, text }) => ({
      subject,
      link: /(https?:\/\/\S+\/verify-email\?token=\S+)/.exec(text)?.[1] ?? '',
    }))
    .filter((m) => m.link);
}

/** Another device of the same account: a browser context signed in with `userAgent`. */
async function signedInElsewhere(email: string, userAgent: string): Promise<BrowserContext> {
  const context = await newContext(e2e.browser);
  const res = await context.request.post(`${e2e.base}/api/auth/sign-in/email`, {
    headers: { origin: e2e.base, 'user-agent': userAgent },
    data: { email, password: 'a good long password' },
  });
  expect(res.status()).toBe(200);
  return context;
}

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function noHorizontalOverflow(page: Page) {
  const [scroll, width] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(width);
}

describe.runIf(enabled)('account settings: devices and data export in Chromium', () => {
  it('lists devices, signs out one and then the others with the password, downloads the data (en desktop, es phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const email = await signUpMember(page, e2e.base, 'en');

    // The same account signed in on two more devices.
    const firefox = await signedInElsewhere(email, FIREFOX_LINUX);
    const iphone = await signedInElsewhere(email, SAFARI_IPHONE);

    await page.goto(`${e2e.base}/account-settings`);
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(3);
    await devices.getByText('This device').waitFor();
    await devices.getByText('Firefox on Linux').waitFor();
    await devices
      .getByText(/^Last active /)
      .first()
      .waitFor();
    await expectAccessible(page, 'settings: devices (en)');
    await screenshot(page, 'settings-devices-en-desktop');

    // One device, with its own button; the password first (ASVS 7.5.2).
    await devices.getByRole('button', { name: 'Sign out Firefox on Linux' }).click();
    const one = page.getByRole('alertdialog', { name: 'Sign out Firefox on Linux?' });
    await one.getByLabel('Password', { exact: true }).fill('not my password');
    await one.getByRole('button', { name: 'Sign out', exact: true }).click();
    await one.getByText('The password is incorrect.').waitFor();
    await expectAccessible(page, 'settings: sign out one device (en)');
    await screenshot(page, 'settings-sign-out-device-en-desktop');
    expect((await firefox.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);
    await one.getByLabel('Password', { exact: true }).fill('a good long password');
    await one.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expectToast(page, 'That device is signed out.');
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(2);
    expect((await firefox.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(401);
    expect((await iphone.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(200);
    await firefox.close();

    // Every other device: the password again (Enter in the field confirms).
    await page.getByRole('button', { name: 'Sign out other devices' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Sign out every other device?' });
    await dialog.getByText('signed out on 1 other device').waitFor();
    await dialog.getByLabel('Password', { exact: true }).fill('a good long password');
    await dialog.getByLabel('Password', { exact: true }).press('Enter');
    await expectToast(page, 'Signed out of 1 other device.');
    await expect.poll(() => devices.getByRole('listitem').count()).toBe(1);
    await page.getByText('This is the only device signed in to your account.').waitFor();
    expect((await iphone.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(401);
    await iphone.close();

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

    // Spanish on a phone, with another device to sign out.
    const laptop = await signedInElsewhere(email, FIREFOX_LINUX);
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e2e.base}/account-settings`);
    await page.getByRole('heading', { name: 'Dispositivos con sesión iniciada' }).waitFor();
    const dispositivos = page.getByRole('list', { name: 'Dispositivos con sesión iniciada' });
    await expect.poll(() => dispositivos.getByRole('listitem').count()).toBe(2);
    await noHorizontalOverflow(page);
    await screenshot(page, 'settings-devices-two-es-phone');
    await dispositivos.getByRole('button', { name: 'Cerrar sesión en Firefox en Linux' }).click();
    const uno = page.getByRole('alertdialog', { name: '¿Cerrar sesión en Firefox en Linux?' });
    await uno.getByLabel('Contraseña', { exact: true }).fill('a good long password');
    await noHorizontalOverflow(page);
    await expectAccessible(page, 'settings: sign out one device (es)');
    await screenshot(page, 'settings-sign-out-device-es-phone');
    await uno.getByRole('button', { name: 'Cerrar sesión', exact: true }).click();
    await expectToast(page, 'Se cerró la sesión en ese dispositivo.');
    await page.getByText('Este es el único dispositivo con tu cuenta abierta.').waitFor();
    expect((await laptop.request.get(`${e2e.base}/api/auth/user`)).status()).toBe(401);
    await laptop.close();
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
    // This server is opened by its IP address (127.0.0.1): passkeys cannot be made here, and the
    // dialog says why and what to do instead of a prompt that fails (the app way follows).
    await page
      .locator('#passkeys')
      .getByRole('button', { name: 'Agregar una llave de acceso' })
      .click();
    const passkeyDialog = page.getByRole('dialog', { name: 'Agregar una llave de acceso' });
    await passkeyDialog
      .getByText('no por una dirección de números como 127.0.0.1', { exact: false })
      .waitFor();
    expect(await passkeyDialog.getByLabel('Contraseña', { exact: true }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await passkeyDialog.waitFor({ state: 'detached' });

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

    // Signing in again: the password, then a code from the app. A typed address of the
    // sign-out link asks first (it came from no page of ours).
    await page.goto(`${e2e.base}/api/logout`);
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e2e.base}/`);
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
    await page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await page.waitForURL(`${e2e.base}/`);
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
  it('confirms the e-mail address from the e-mail’s link (es phone as a member, en desktop as a visitor)', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    const email = await signUpMember(page, e2e.base, 'es');
    await page.goto(`${e2e.base}/`);
    // Everything works at once; a calm notice asks for the confirmation.
    const notice = page.getByRole('region', { name: 'Confirma tu correo electrónico' });
    await notice.getByText(email, { exact: false }).waitFor();
    await noHorizontalOverflow(page);
    await expectAccessible(page, 'confirm-address notice (es)');
    await screenshot(page, 'verify-notice-es-phone');
    await notice.getByRole('button', { name: 'Enviar el enlace de nuevo' }).click();
    await notice.getByText(`Te enviamos un enlace nuevo a ${email}`, { exact: false }).waitFor();
    await expect.poll(() => confirmationMails(email).length).toBe(2);
    // Hidden for the visit: the page drawn by the server does not show it either (no notice
    // that comes and goes as the app takes the page over).
    const drawnPage = () => drawnHtml(page, `${e2e.base}/prayer`);
    expect(await drawnPage()).toContain('verify-notice-title');
    await notice.getByRole('button', { name: 'Ocultar este aviso por ahora' }).click();
    await notice.waitFor({ state: 'detached' });
    await cookieStored(context, VERIFY_NOTICE_HIDDEN_COOKIE);
    const drawn = await drawnPage();
    expect(drawn).toContain('data-prerendered="member"');
    expect(drawn).not.toContain('verify-notice-title');
    await page.goto(`${e2e.base}/prayer`);
    await page.getByRole('heading', { level: 1, name: 'Oración' }).waitFor();
    await page.waitForFunction(() => document.documentElement.dataset.app === 'ready');
    expect(await notice.count()).toBe(0);
    const mails = confirmationMails(email);
    expect(mails[1]!.subject).toBe('Confirma tu correo electrónico en Camino');

    await page.goto(mails[1]!.link);
    await page.getByText('Gracias: tu correo electrónico está confirmado.').waitFor();
    await noHorizontalOverflow(page);
    await expectAccessible(page, 'address confirmed (es)');
    await screenshot(page, 'verify-email-confirmed-es-phone');
    await page.getByRole('link', { name: 'Ir a mi panel' }).click();
    await page.waitForURL(`${e2e.base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await page.getByRole('region', { name: 'Confirma tu correo electrónico' }).count()).toBe(
      0,
    );
    // The sign-up's link, opened later, still says it is done.
    await page.goto(mails[0]!.link);
    await page.getByText('Gracias: tu correo electrónico está confirmado.').waitFor();
    expect(errors).toEqual([]);
    await context.close();

    // Another member opens their link on a computer where nobody is signed in.
    const signer = await newContext(e2e.browser);
    const other = await signUpMember(await signer.newPage(), e2e.base, 'en');
    await signer.close();
    await expect.poll(() => confirmationMails(other).length).toBe(1);
    const [mail] = confirmationMails(other);
    expect(mail!.subject).toBe('Confirm your e-mail address for Camino');
    const visitor = await newContext(e2e.browser, { viewport: DESKTOP });
    const desk = await visitor.newPage();
    await desk.goto(mail!.link);
    await desk.getByText('Thank you: your e-mail address is confirmed.').waitFor();
    await desk.getByRole('link', { name: 'Sign in' }).first().waitFor();
    await expectAccessible(desk, 'address confirmed (en, visitor)');
    await screenshot(desk, 'verify-email-confirmed-en-desktop');
    await desk.goto(`${e2e.base}/verify-email?token=not-a-link-we-sent`);
    await desk.getByText('This link is not valid.', { exact: false }).waitFor();
    await expectAccessible(desk, 'link not valid (en)');
    await screenshot(desk, 'verify-email-invalid-en-desktop');
    await visitor.close();
  });

  it('makes the ADMIN_EMAILS admin only once confirmed, then invites them to add a passkey or an app (en desktop, es phone)', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await signUpMember(page, e2e.base, 'en', ADMIN_EMAIL);
    await page.goto(`${e2e.base}/`);
    await page.getByRole('region', { name: 'Please confirm your e-mail address' }).waitFor();
    expect((await (await page.request.get(`${e2e.base}/api/auth/user`)).json()).role).toBe(
      'member',
    );

    await expect.poll(() => confirmationMails(ADMIN_EMAIL).length).toBe(1);
    await page.goto(confirmationMails(ADMIN_EMAIL)[0]!.link);
    await page.getByText('Thank you: your e-mail address is confirmed.').waitFor();
    await page.getByRole('link', { name: 'Go to my dashboard' }).click();
    const invite = page.getByRole('region', {
      name: 'Protect your account with a passkey',
    });
    await invite.getByText('the admin panel opens once', { exact: false }).waitFor();
    // A passkey first (the easy one), an authenticator app as the alternative (ADR 0044).
    expect(await invite.getByRole('link').allInnerTexts()).toEqual([
      'Add a passkey',
      'Use an app instead',
    ]);
    expect((await (await page.request.get(`${e2e.base}/api/auth/user`)).json()).role).toBe('admin');
    await expectAccessible(page, 'second-factor invitation (en)');
    await screenshot(page, 'second-factor-invite-en-desktop');

    // Spanish, on a phone: "Ahora no" puts it away (for 30 days, on this browser).
    await page.setViewportSize(PHONE);
    await page.evaluate(() => localStorage.setItem('language', 'es'));
    await page.goto(`${e2e.base}/`);
    const invitacion = page.getByRole('region', {
      name: 'Protege tu cuenta con una llave de acceso',
    });
    await invitacion.waitFor();
    await noHorizontalOverflow(page);
    await expectAccessible(page, 'second-factor invitation (es)');
    await screenshot(page, 'second-factor-invite-es-phone');
    await invitacion.getByRole('button', { name: 'Ahora no' }).click();
    await invitacion.waitFor({ state: 'detached' });
    await cookieStored(context, SECOND_FACTOR_SNOOZE_COOKIE);
    await page.reload();
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await invitacion.count()).toBe(0);

    // Back another day: "Usar una aplicación" leads to the app's card, and once on, nothing is
    // asked (the passkey's way is tests/e2e/passkeys.test.ts's).
    await context.clearCookies({ name: SECOND_FACTOR_SNOOZE_COOKIE });
    await page.reload();
    await invitacion.getByRole('link', { name: 'Usar una aplicación' }).click();
    await page.waitForURL(/\/account-settings#two-factor$/);
    await turnOnTwoFactor(page, e2e.base, 'es');
    await page.goto(`${e2e.base}/`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(await invitacion.count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe.runIf(enabled)('signing out by a link from another site (ASVS 3.5.3)', () => {
  it('a link or an image on another site signs nobody out; the page asks, and its button does', async () => {
    // Another site: a page on `localhost` (the app is on 127.0.0.1: another site to the
    // browser) with the sign-out link, and the same address as an image.
    const other = createServer((_req, res) => {
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(
        `<!doctype html><title>Another site</title><img src="${e2e.base}/api/logout" alt="">` +
          `<a href="${e2e.base}/api/logout">Claim your prize</a>`,
      );
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const otherBase = `http://localhost:${(other.address() as AddressInfo).port}`;
    try {
      for (const [lang, viewport, L] of [
        [
          'en',
          DESKTOP,
          { title: 'Sign out?', button: 'Sign out', stay: 'Stay signed in and go to Camino' },
        ],
        [
          'es',
          PHONE,
          {
            title: '¿Cerrar sesión?',
            button: 'Cerrar sesión',
            stay: 'Seguir con la sesión abierta e ir a Camino',
          },
        ],
      ] as const) {
        const context = await newContext(e2e.browser, {
          viewport,
          locale: lang === 'es' ? 'es-ES' : 'en-US',
        });
        const page = await context.newPage();
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(String(e)));
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        await page.goto(`${e2e.base}/`);
        await signUpMember(page, e2e.base, lang);
        const signedIn = async () =>
          (await page.request.get(`${e2e.base}/api/auth/user`)).status() === 200;
        expect(await signedIn()).toBe(true);

        await page.goto(`${otherBase}/`);
        await page.getByRole('link', { name: 'Claim your prize' }).waitFor();
        expect(await signedIn()).toBe(true);
        await page.getByRole('link', { name: 'Claim your prize' }).click();
        await page.getByRole('heading', { name: L.title, level: 1 }).waitFor();
        expect(page.url()).toBe(`${e2e.base}/api/logout`);
        expect(await signedIn()).toBe(true);
        await expectAccessible(page, `sign-out page (${lang})`);
        await noHorizontalOverflow(page);
        await screenshot(page, `sign-out-confirm-${lang}-${lang === 'en' ? 'desktop' : 'phone'}`);
        // "Stay signed in" goes to the app, still signed in.
        await page.getByRole('link', { name: L.stay }).click();
        await page.waitForURL(`${e2e.base}/`);
        expect(await signedIn()).toBe(true);
        // The button signs out (a form POST from our own page: the Origin check lets it in).
        await page.goto(`${otherBase}/`);
        await page.getByRole('link', { name: 'Claim your prize' }).click();
        await page.getByRole('button', { name: L.button }).click();
        await page.waitForURL(`${e2e.base}/`);
        expect(await signedIn()).toBe(false);
        // The style is allowed by the page's policy (a blocked style logs a console error).
        expect(errors.filter((e) => !/401|Failed to load resource/.test(e))).toEqual([]);
        await context.close();
      }
    } finally {
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
