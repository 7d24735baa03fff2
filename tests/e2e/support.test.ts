import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  PHONE,
  e2eAvailable,
  expectAccessible,
  newContext,
  screenshot,
  confirmEmail,
  signUpMember,
  turnOnTwoFactor,
  useE2EServer,
  expectToast,
  SHARED_ADMIN_EMAILS,
} from './browser.ts';

const enabled = e2eAvailable();
const ADMIN_EMAIL = SHARED_ADMIN_EMAILS.support;
const e2e = useE2EServer('support', { ADMIN_EMAILS: ADMIN_EMAIL });

async function expectNoHorizontalOverflow(page: Page, label: string) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect({ label, overflow }).toEqual({ label, overflow: 0 });
}

describe.runIf(enabled)('support and the admin panel in Chromium', () => {
  it('visitor (es, phone) and member file tickets; an admin answers; the member reads it', async () => {
    // A visitor, in Spanish on a phone: validation, then the thank-you state.
    const visitor = await newContext(e2e.browser, { viewport: PHONE, locale: 'es-ES' });
    const vp = await visitor.newPage();
    await vp.goto(`${e2e.base}/support`);
    await vp.getByRole('heading', { name: 'Soporte', level: 1 }).waitFor();
    await vp.getByRole('button', { name: 'Enviar mensaje' }).click();
    await vp.getByText('Este campo es obligatorio').first().waitFor();
    await vp.getByLabel('Nombre completo').fill('Lucía Fernández');
    await vp.getByLabel('Correo electrónico').fill('lucia@example.com');
    await vp.getByLabel('Asunto').selectOption('course_content');
    await vp
      .getByLabel('Mensaje')
      .fill('¿Dónde encuentro las preguntas de reflexión de la lección 3?');
    await expectAccessible(vp, 'support form (es, phone)');
    await expectNoHorizontalOverflow(vp, 'support form (es, phone)');
    await screenshot(vp, 'support-form-es-phone');
    await vp.getByRole('button', { name: 'Enviar mensaje' }).click();
    await vp.getByRole('heading', { name: '¡Gracias! Recibimos tu mensaje' }).waitFor();
    await vp.getByText(/Tu número de ticket es el #\d+/).waitFor();
    // This server has no mail server (no SMTP_URL): the page says so instead of "we sent".
    await vp.getByText(/No se envió ningún correo de confirmación/).waitFor();
    await screenshot(vp, 'support-thanks-es-phone');
    await vp.getByRole('button', { name: 'Enviar otra solicitud' }).click();
    await vp.getByRole('button', { name: 'Enviar mensaje' }).waitFor();
    await visitor.close();

    // A member (English, desktop): name and e-mail are already filled in.
    const memberCtx = await newContext(e2e.browser, { viewport: DESKTOP });
    const mp = await memberCtx.newPage();
    const memberEmail = await signUpMember(mp, e2e.base, 'en');
    await mp.goto(`${e2e.base}/support`);
    await expect.poll(() => mp.getByLabel('E-mail address').inputValue()).toBe(memberEmail);
    await mp.getByLabel('Subject').selectOption('account');
    await mp.getByLabel('Message').fill('How do I change the e-mail address of my account?');
    await mp.getByRole('button', { name: 'Send message' }).click();
    await mp.getByRole('heading', { name: 'Thank you! We received your message' }).waitFor();
    await expectAccessible(mp, 'support thank-you (en)');
    await screenshot(mp, 'support-thanks-en-desktop');

    // The admin answers the member's ticket from the queue.
    const adminCtx = await newContext(e2e.browser, { viewport: DESKTOP });
    const ap = await adminCtx.newPage();
    await signUpMember(ap, e2e.base, 'en', ADMIN_EMAIL);
    // ADMIN_EMAILS names a confirmed address only (ADR 0040).
    await confirmEmail(ap, e2e.base);
    // The admin panel opens only once the admin's sign-in has a second step.
    await ap.goto(`${e2e.base}/admin?tab=tickets`);
    await ap.getByRole('heading', { name: 'Turn on two-step verification' }).waitFor();
    await expectAccessible(ap, 'admin: two-step verification first');
    await screenshot(ap, 'admin-two-factor-first-en-desktop');
    await ap.getByRole('link', { name: 'Open account settings' }).click();
    await ap.waitForURL(/\/account-settings#two-factor$/);
    await ap.getByText('two-step verification is required to open the admin panel').waitFor();
    await turnOnTwoFactor(ap, e2e.base, 'en', async (step) => {
      if (step === 'scan') await screenshot(ap, 'two-factor-setup-en-desktop');
    });
    await screenshot(ap, 'settings-two-factor-on-en-desktop');
    await ap.goto(`${e2e.base}/admin?tab=tickets`);
    await ap.getByText('Lucía Fernández (lucia@example.com)', { exact: false }).waitFor();
    await screenshot(ap, 'admin-tickets-en-desktop');
    await ap.getByText(`(${memberEmail})`, { exact: false }).click();
    await ap.getByText('How do I change the e-mail address of my account?').waitFor();
    await ap
      .getByLabel('Internal note')
      .fill('Check whether this member has a subscription first.');
    await ap.getByRole('button', { name: 'Add note' }).click();
    await expectToast(ap, 'Note added');
    await ap
      .getByLabel('Reply to the sender')
      .fill('Write to us from the new address and we will move it.');
    await ap.getByRole('button', { name: 'Send reply' }).click();
    await expectToast(ap, `Reply sent to ${memberEmail}`);
    await expectAccessible(ap, 'admin ticket');
    await screenshot(ap, 'admin-ticket-en-desktop');

    // Members tab, detail dialog and figures; then the same panel on a phone, in Spanish.
    await ap.goto(`${e2e.base}/admin`);
    await ap.getByRole('searchbox').fill(memberEmail.split('@')[0]!);
    await ap.getByText('1 member', { exact: true }).waitFor();
    await ap
      .getByRole('button', { name: /^Details for / })
      .first()
      .click();
    const detail = ap.getByRole('dialog');
    await detail.getByText('Lessons completed').waitFor();
    await expectAccessible(ap, 'admin member detail');
    await screenshot(ap, 'admin-member-en-desktop');
    await ap.keyboard.press('Escape');
    await ap.getByRole('tab', { name: 'Figures' }).click();
    await ap.getByText('Median first reply').waitFor();
    await ap.getByRole('tab', { name: 'Audit log' }).click();
    await ap.getByText('Replied to', { exact: false }).first().waitFor();
    await ap.setViewportSize(PHONE);
    await ap.getByRole('radio', { name: 'Español' }).click();
    for (const tab of ['Miembros', 'Tickets', 'Grupos', 'Cifras', 'Registro de auditoría']) {
      await ap.getByRole('tab', { name: tab }).click();
      await ap.getByRole('tabpanel').waitFor();
      await expectNoHorizontalOverflow(ap, `admin ${tab} (phone)`);
      await expectAccessible(ap, `admin ${tab} (es, phone)`);
    }
    await screenshot(ap, 'admin-audit-es-phone');
    await adminCtx.close();

    // The member reads the answer (not the note) in account settings, on a phone.
    await mp.setViewportSize(PHONE);
    await mp.goto(`${e2e.base}/account-settings?tab=support`);
    await mp.getByText('Write to us from the new address and we will move it.').waitFor();
    expect(await mp.getByText('Check whether this member has a subscription').count()).toBe(0);
    await mp.getByText('Answered', { exact: true }).first().waitFor();
    await expectNoHorizontalOverflow(mp, 'account settings support (phone)');
    await expectAccessible(mp, 'account settings support');
    await screenshot(mp, 'settings-support-en-phone');
    await memberCtx.close();
  });

  it('account settings shows the tab its address names, also when the address changes on the page', async () => {
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    const page = await context.newPage();
    await signUpMember(page, e2e.base, 'en');
    const selected = () => page.getByRole('tab', { selected: true }).innerText();
    await page.goto(`${e2e.base}/account-settings?tab=support`);
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Support' }).waitFor();
    expect(await selected()).toBe('Support');
    // A link to the page followed while on it (the account menu), then Back: the tab follows.
    await page.getByRole('button', { name: 'Account menu' }).click();
    await page.getByRole('menuitem', { name: 'Account Settings' }).click();
    await page.waitForURL(`${e2e.base}/account-settings`);
    await expect.poll(selected).toBe('Profile');
    await page.goBack();
    await page.waitForURL(/\?tab=support$/);
    await expect.poll(selected).toBe('Support');
    // A tab chosen on the page is in the address (replaced, not a new history entry).
    await page.getByRole('tab', { name: 'Preferences' }).click();
    await page.waitForURL(/\?tab=preferences$/);
    await page.reload();
    await expect.poll(selected).toBe('Preferences');
    await context.close();
  });
});
