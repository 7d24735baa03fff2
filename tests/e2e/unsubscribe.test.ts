/**
 * Unsubscribing from a real notification e-mail in Chromium: a member earns a badge, the
 * server e-mails it through a real SMTP peer (this test's), the link of that e-mail opens the
 * confirmation page, the Unsubscribe button posts its form (Chromium sends `Origin: null`: the
 * page sends no referrer), and the result page says it is done, in the member's saved language,
 * in the app's look; the setting is off. Spanish on a phone, English on a desktop.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  expectNoHorizontalOverflow,
  newContext,
  screenshot,
  signUpMember,
  useE2EServer,
} from './browser.ts';
import { smtpSink } from '../helpers/smtp-sink.ts';

const enabled = e2eAvailable();

const smtp = smtpSink();
const received = smtp.received;
// The server's environment is read when it starts (before the tests): the SMTP peer listens on
// a port chosen now.
let smtpPort = 0;
if (enabled) {
  smtpPort = await smtp.listen();
}
const e2e = useE2EServer('unsubscribe', {
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  NOTIFICATIONS_TICK_SECONDS: '1',
});
afterAll(async () => {
  if (enabled) await smtp.close();
});

/**
 * The List-Unsubscribe link of the notification e-mail to `to` (headers unfolded); the address's
 * confirmation e-mail (ADR 0040), sent at sign-up, has none.
 */
function unsubscribeLink(to: string): string | undefined {
  for (const mail of received.filter((m) => m.to === to)) {
    const headers = mail.data.split('\r\n\r\n')[0]!.replace(/\r\n[ \t]+/g, ' ');
    const link = /^List-Unsubscribe: <([^>]+)>/im.exec(headers)?.[1];
    if (link) return link;
  }
  return undefined;
}

/** A member with badge e-mails on, in `lang` (saved), who earns the First Lesson badge. */
async function memberWithBadgeMail(page: Page, lang: 'en' | 'es'): Promise<string> {
  const base = e2e.base;
  const email = await signUpMember(page, base, lang);
  const saved = await page.request.patch(`${base}/api/user/preferences`, {
    data: { language: lang },
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const current = await (await page.request.get(`${base}/api/notification-settings`)).json();
  current.settings.kinds.badgeEarned.email = true;
  const put = await page.request.put(`${base}/api/notification-settings`, {
    data: { settings: current.settings },
  });
  expect(put.status(), await put.text()).toBe(200);
  const done = await page.request.post(`${base}/api/lessons/101-1/complete`);
  expect(done.status(), await done.text()).toBe(200);
  expect((await done.json()).badgesAwarded).toContain('first-lesson');
  return email;
}

async function badgeMailOn(page: Page): Promise<boolean> {
  const res = await page.request.get(`${e2e.base}/api/notification-settings`);
  return (await res.json()).settings.kinds.badgeEarned.email as boolean;
}

describe.runIf(enabled)('unsubscribing from an e-mail in Chromium', () => {
  it('Spanish member, phone: the e-mail’s link, the button, the result page; the e-mails stop', async () => {
    const context = await newContext(e2e.browser, { viewport: PHONE, locale: 'en-US' });
    const page = await context.newPage();
    const email = await memberWithBadgeMail(page, 'es');
    await expect.poll(() => unsubscribeLink(email), { timeout: 30_000 }).toBeDefined();
    const link = unsubscribeLink(email)!;
    expect(link.startsWith(`${e2e.base}/api/notifications/unsubscribe?token=`)).toBe(true);

    // Opened from the mail client: the browser says English, the member chose Spanish.
    const posted: (string | undefined)[] = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && r.url().includes('/unsubscribe')) {
        posted.push(r.headers()['origin']);
      }
    });
    await page.goto(link);
    await page.getByRole('heading', { name: 'Dejar de recibir estos correos', level: 1 }).waitFor();
    await page.getByText('¿Dejar de recibir correos de «Insignia obtenida»?').waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    // The app's look: its stylesheet applies (the page's own nonce lets it in).
    expect(
      await page.evaluate(() => getComputedStyle(document.body.firstElementChild!).backgroundColor),
    ).toBe('rgb(247, 245, 240)');
    await expectAccessible(page, 'unsubscribe page (es, phone)');
    await expectNoHorizontalOverflow(page, 'unsubscribe page (es, phone)');
    await screenshot(page, 'unsubscribe-confirm-es-phone');

    await page.getByRole('button', { name: 'Dejar de recibir estos correos' }).click();
    await page.getByRole('heading', { name: 'Ya no recibirás estos correos', level: 1 }).waitFor();
    await page.getByText('Ya no recibirás correos de «Insignia obtenida».').waitFor();
    await page.getByText('¿Cambiaste de opinión?', { exact: false }).waitFor();
    expect(posted).toEqual(['null']);
    expect(await page.content()).not.toContain('CROSS_ORIGIN');
    await expectAccessible(page, 'unsubscribed (es, phone)');
    await screenshot(page, 'unsubscribe-done-es-phone');
    expect(await badgeMailOn(page)).toBe(false);

    // The way back: the link opens the notification settings.
    await page.getByRole('link', { name: 'Configuración de notificaciones' }).click();
    await page.waitForURL(/\/notification-settings$/);
    await context.close();
  });

  it('English member, desktop: the same in English', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP, locale: 'es-MX' });
    const page = await context.newPage();
    const email = await memberWithBadgeMail(page, 'en');
    await expect.poll(() => unsubscribeLink(email), { timeout: 30_000 }).toBeDefined();
    await page.goto(unsubscribeLink(email)!);
    await page.getByText('Stop e-mails for “Badge earned”?', { exact: false }).waitFor();
    await screenshot(page, 'unsubscribe-confirm-en-desktop');
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await page.getByRole('heading', { name: 'You are unsubscribed', level: 1 }).waitFor();
    await page.getByText('You will no longer receive e-mails for “Badge earned”.').waitFor();
    await expectNoHorizontalOverflow(page, 'unsubscribed (en, desktop at 390 px)', { at: PHONE });
    await screenshot(page, 'unsubscribe-done-en-desktop');
    expect(await badgeMailOn(page)).toBe(false);
    await context.close();
  });
});
