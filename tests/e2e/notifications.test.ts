/**
 * Notifications in Chromium: the bell and its unread count, the list with mark-as-read in
 * English and Spanish, the settings and test pages (desktop and 390 px, axe), and a test push
 * that reaches a local stand-in for the push service (HTTPS, trusted by the server through
 * NODE_EXTRA_CA_CERTS), encrypted and signed with VAPID.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
  expectToast,
} from './browser.ts';

const enabled = e2eAvailable();

// A self-signed certificate for the local push endpoint, made before the server starts so the
// server process can trust it.
const certDir = mkdtempSync(join(tmpdir(), 'camino-e2e-push-'));
if (enabled) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      join(certDir, 'key.pem'),
      '-out',
      join(certDir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { stdio: 'ignore' },
  );
}
const e2e = useE2EServer('notifications', {
  NODE_EXTRA_CA_CERTS: join(certDir, 'cert.pem'),
  NOTIFICATIONS_TICK_SECONDS: '5',
  // The local stand-in for a push service: allowed for this test server only (a server with
  // NODE_ENV=production refuses PUSH_ALLOW_LOOPBACK).
  PUSH_ALLOWED_HOSTS: '127.0.0.1',
  PUSH_ALLOW_LOOPBACK: 'true',
});

const pushed: { url: string; headers: IncomingHttpHeaders; length: number }[] = [];
let pushServer: Server | null = null;
let pushBase = '';
beforeAll(async () => {
  if (!enabled) return;
  pushServer = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (req, res) => {
      let length = 0;
      req.on('data', (c: Buffer) => (length += c.length));
      req.on('end', () => {
        pushed.push({ url: req.url ?? '', headers: req.headers, length });
        res.statusCode = 201;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => pushServer!.listen(0, '127.0.0.1', resolve));
  pushBase = `https://127.0.0.1:${(pushServer.address() as AddressInfo).port}`;
});
afterAll(async () => {
  if (pushServer) await new Promise<void>((resolve) => pushServer!.close(() => resolve()));
  rmSync(certDir, { recursive: true, force: true });
});

function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

/** No horizontal scrolling at this width (measured once the resized layout has settled). */
async function expectNoOverflow(page: Page, label: string) {
  const measure = () =>
    page.evaluate(() => {
      const width = window.innerWidth;
      const wide = [...document.querySelectorAll('main *')]
        .filter((el) => el.getBoundingClientRect().right > width + 1)
        .slice(-3)
        .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)}`);
      return { overflow: document.documentElement.scrollWidth - width, wide };
    });
  await expect.poll(async () => (await measure()).overflow, { timeout: 3000 }).toBe(0);
  expect({ label, ...(await measure()) }).toEqual({ label, overflow: 0, wide: [] });
}

function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * A time zone where it is early morning now (06:xx), and a new member living in it (browser and
 * account alike): no reminder of the day (08:00 at the earliest) falls due while a test runs,
 * whatever the hour of the run (at 19:00 UTC the prayer reminder pushed a second message).
 */
function morningZone(now = new Date()): string {
  const offset = ((6 - now.getUTCHours() + 36) % 24) - 12;
  // The Etc zones count the other way: Etc/GMT-3 is UTC+3.
  return offset === 0 ? 'Etc/GMT' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

async function memberInTheMorning(
  lang: 'en' | 'es',
  options: { locale: string; viewport: { width: number; height: number } },
) {
  const timezoneId = morningZone();
  const context = await newContext(e2e.browser, { ...options, timezoneId });
  const page = await context.newPage();
  await signUpMember(page, e2e.base, lang);
  const zone = await page.request.put(`${e2e.base}/api/notification-settings`, {
    data: { timeZone: timezoneId },
  });
  expect(zone.status(), await zone.text()).toBe(200);
  return { context, page };
}

describe.runIf(enabled)('notifications in Chromium', () => {
  it('English, desktop and phone: settings, a test through every channel, the bell, mark as read', async () => {
    const { context, page } = await memberInTheMorning('en', {
      locale: 'en-US',
      viewport: DESKTOP,
    });
    await context.grantPermissions(['notifications'], { origin: e2e.base });
    const errors = collectErrors(page);

    await page.goto(`${e2e.base}/notifications`);
    await page.getByRole('heading', { name: 'No notifications yet' }).waitFor();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await expectAccessible(page, 'notifications, empty');
    await screenshot(page, 'notifications-empty-en-desktop');

    await page.getByRole('link', { name: 'Notification settings' }).click();
    await page.getByRole('heading', { name: 'Notification Settings' }).waitFor();
    const prayer = page.getByRole('group', { name: 'Prayer reminder' });
    // Saved as it changes (optimistic): the box turns on once the change is applied.
    await prayer.getByLabel('Push').click();
    await expectToast(page, 'Notification settings saved');
    await expect.poll(() => prayer.getByLabel('Push').isChecked()).toBe(true);
    await expectAccessible(page, 'notification settings');
    await screenshot(page, 'notification-settings-en-desktop');
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page, 'settings 390 en');
    await screenshot(page, 'notification-settings-en-phone');
    await page.setViewportSize(DESKTOP);

    // This browser's push service is out of reach here: a subscription whose endpoint is the
    // local stand-in, saved through the same endpoint the page uses.
    const endpoint = `${pushBase}/push/${randomBytes(6).toString('hex')}`;
    const saved = await page.request.post(`${e2e.base}/api/push/subscriptions`, {
      data: { endpoint, keys: subscriptionKeys() },
    });
    expect(saved.status()).toBe(200);

    await page.goto(`${e2e.base}/notification-test`);
    await page.getByRole('heading', { name: 'Notification Test' }).waitFor();
    await page.getByRole('button', { name: 'Send test' }).click();
    await page.getByTestId('test-inApp').getByText('Delivered').waitFor();
    await page
      .getByTestId('test-email')
      .getByText('Not sent: no mail server is configured', { exact: false })
      .waitFor();
    await page
      .getByTestId('test-push')
      .getByText('Delivered to the push service (1 device)')
      .waitFor();
    expect(pushed.map((p) => p.url)).toEqual([new URL(endpoint).pathname]);
    expect(pushed[0]!.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed[0]!.headers.authorization).toMatch(/^vapid t=.+, k=.+$/);
    expect(Number(pushed[0]!.headers.ttl)).toBeGreaterThan(0);
    await expectAccessible(page, 'notification test');
    await screenshot(page, 'notification-test-en-desktop');

    // The bell counts it; the list shows it with its relative time; mark it read.
    const bell = page.getByRole('link', { name: 'Notifications, 1 unread' });
    await bell.waitFor();
    await bell.click();
    await page.waitForURL(/\/notifications$/);
    const item = page.getByRole('listitem').filter({ hasText: 'Test notification' });
    await item.getByText('If you can read this, notifications reach you here.').waitFor();
    await item.getByText('now').waitFor();
    await expectAccessible(page, 'notifications, one unread');
    await screenshot(page, 'notifications-en-desktop');
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page, 'notifications 390 en');
    await screenshot(page, 'notifications-en-phone');
    await item.getByRole('button', { name: 'Mark as read' }).click();
    await page.getByRole('link', { name: 'Notifications', exact: true }).waitFor();
    await expect.poll(() => item.getByRole('button', { name: 'Mark as read' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Spanish, phone: the list, unread count and mark all as read', async () => {
    const { context, page } = await memberInTheMorning('es', { locale: 'es-ES', viewport: PHONE });
    const errors = collectErrors(page);
    for (let i = 0; i < 2; i++) {
      const res = await page.request.post(`${e2e.base}/api/notifications/test`, {
        headers: { 'accept-language': 'es' },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto(`${e2e.base}/notifications`);
    await page.getByRole('heading', { name: 'Notificaciones', level: 1 }).waitFor();
    await page.getByRole('link', { name: 'Notificaciones, 2 sin leer' }).waitFor();
    await expect
      .poll(() => page.getByRole('listitem').filter({ hasText: 'Notificación de prueba' }).count())
      .toBe(2);
    await page.getByText('ahora').first().waitFor();
    await expectNoOverflow(page, 'notifications 390 es');
    await expectAccessible(page, 'notificaciones');
    await screenshot(page, 'notifications-es-phone');
    await page.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expectToast(page, 'Todas las notificaciones marcadas como leídas');
    await page.getByRole('link', { name: 'Notificaciones', exact: true }).waitFor();

    await page.goto(`${e2e.base}/notification-settings`);
    await page
      .getByRole('heading', { name: 'Configuración de notificaciones', level: 1 })
      .waitFor();
    await page.getByRole('group', { name: 'Recordatorio de lectura diaria' }).waitFor();
    await expectNoOverflow(page, 'settings 390 es');
    await expectAccessible(page, 'configuración de notificaciones');
    await screenshot(page, 'notification-settings-es-phone');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'notification-settings-es-desktop');

    await page.goto(`${e2e.base}/notification-test`);
    await page.getByRole('button', { name: 'Enviar prueba' }).click();
    await page
      .getByTestId('test-push')
      .getByText('Sin suscripción: activa las notificaciones push en este dispositivo')
      .waitFor();
    await expectAccessible(page, 'prueba de notificaciones');
    await screenshot(page, 'notification-test-es-desktop');
    await page.setViewportSize(PHONE);
    await expectNoOverflow(page, 'test 390 es');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the service worker shows a pushed reminder (delivered through DevTools: no push service here)', async () => {
    const probe = await fetch(`${e2e.base}/sw.js`);
    if (!probe.ok || !(probe.headers.get('content-type') ?? '').includes('javascript')) {
      console.warn('no /sw.js in this build: the service-worker push check is skipped');
      return;
    }
    const context = await newContext(e2e.browser, { viewport: DESKTOP });
    await context.grantPermissions(['notifications'], { origin: e2e.base });
    const page = await context.newPage();
    await page.goto(`${e2e.base}/`);
    await page.evaluate(async () => {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      await navigator.serviceWorker.ready;
    });
    // The push service is out of reach here: DevTools delivers the push message to the worker.
    const cdp = await context.newCDPSession(page);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
        const found = event.registrations.find((r) => r.scopeURL === `${e2e.base}/`);
        if (found) resolve(found.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.base,
      registrationId: await registrationId,
      data: JSON.stringify({
        title: 'A moment to pray',
        body: 'Take a few minutes with God.',
        url: '/prayer',
        tag: 'prayer-test',
      }),
    });
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const registration = await navigator.serviceWorker.ready;
          const shown = await registration.getNotifications();
          return shown.map((n) => [n.title, n.body, n.tag, (n.data as { url: string }).url]);
        }),
      )
      .toEqual([['A moment to pray', 'Take a few minutes with God.', 'prayer-test', '/prayer']]);
    await context.close();
  });
});
