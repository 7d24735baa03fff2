/**
 * The unsubscribe page of notification e-mails as a browser uses it: the page sends no referrer,
 * so its form is posted with `Origin: null`; the signed token authorises the change, not the
 * Origin. The page is in the member's saved language, styled under the page's own CSP nonce,
 * with no script. (The e-mail itself and the one-click POST of mail clients:
 * notification-channels.test.ts; in Chromium: tests/e2e/unsubscribe.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { unsubscribeToken } from '#server/notifications/email.ts';
import { TEST_ORIGIN, TEST_SECRET, useTestApp } from '../helpers/app.ts';

const app = useTestApp({}, { ana: {}, bob: {} });

const FORM = 'application/x-www-form-urlencoded';

async function emailOn(who: typeof app.ana, kind: 'prayer' | 'dailyReading') {
  const res = await app.call(who, 'GET', '/api/notification-settings');
  return res.json().settings.kinds[kind].email as boolean;
}

async function turnOnEmail(who: typeof app.ana, kind: 'prayer' | 'dailyReading') {
  const current = (await app.call(who, 'GET', '/api/notification-settings')).json().settings;
  current.kinds[kind].email = true;
  const res = await app.call(who, 'PUT', '/api/notification-settings', { settings: current });
  expect(res.statusCode).toBe(200);
  expect(await emailOn(who, kind)).toBe(true);
}

describe('the unsubscribe page', () => {
  it('in the member’s saved language, styled with its nonce, no script; the form post works with Origin: null', async () => {
    const saved = await app.call(app.ana, 'PATCH', '/api/user/preferences', { language: 'es' });
    expect(saved.statusCode).toBe(200);
    await turnOnEmail(app.ana, 'prayer');
    const path = `/api/notifications/unsubscribe?token=${unsubscribeToken(TEST_SECRET, app.ana.id, 'prayer', new Date())}`;

    // Opened from the e-mail by a browser whose language is English: the member's is Spanish.
    const page = await app.t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('<html lang="es">');
    expect(page.body).toContain('¿Dejar de recibir correos de «Recordatorio de oración»?');
    expect(page.body).toContain(
      '<form method="post" action="/api/notifications/unsubscribe?token=',
    );
    expect(page.body).toContain('>Dejar de recibir estos correos</button>');
    expect(page.body).not.toMatch(/<script/i);
    const nonce = /<style nonce="([^"]+)">/.exec(page.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(page.headers['content-security-policy']).toContain(`style-src 'self' 'nonce-${nonce}'`);
    expect(page.headers['content-security-policy']).toContain("form-action 'self'");

    // The button: Chromium posts the form with `Origin: null` (the page sends no referrer).
    const done = await app.t.app.inject({
      method: 'POST',
      url: path,
      headers: {
        origin: 'null',
        'sec-fetch-site': 'same-origin',
        'content-type': FORM,
        'accept-language': 'en',
      },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.headers['content-type']).toMatch(/^text\/html/);
    expect(done.body).toContain('<html lang="es">');
    expect(done.body).toContain('Ya no recibirás correos de «Recordatorio de oración».');
    expect(done.body).toContain(
      '¿Cambiaste de opinión? Puedes volver a activarlos en tu configuración de notificaciones.',
    );
    expect(done.body).toContain('href="/notification-settings"');
    expect(await emailOn(app.ana, 'prayer')).toBe(false);
  });

  it('the token authorises, never the Origin: a forged or foreign token changes nothing', async () => {
    await turnOnEmail(app.bob, 'dailyReading');
    const token = unsubscribeToken(TEST_SECRET, app.bob.id, 'dailyReading', new Date());
    const [body, mac] = token.split('.') as [string, string];
    for (const bad of [`${body}.${mac.slice(0, -2)}xx`, 'nonsense']) {
      const res = await app.t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${bad}`,
        headers: { origin: 'null', 'content-type': FORM, 'accept-language': 'es' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('<html lang="es">');
      expect(res.body).toContain('Este enlace no funciona');
    }
    expect(await emailOn(app.bob, 'dailyReading')).toBe(true);
    // From another site with a valid token: it is the member's own link, so it works.
    const res = await app.t.app.inject({
      method: 'POST',
      url: `/api/notifications/unsubscribe?token=${token}`,
      headers: { origin: 'https://mail.example.net', 'content-type': FORM },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('You will no longer receive e-mails for “Daily reading reminder”.');
    expect(await emailOn(app.bob, 'dailyReading')).toBe(false);
  });

  it('every other state-changing route still refuses Origin: null and other sites', async () => {
    for (const origin of ['null', 'https://evil.example']) {
      const res = await app.t.app.inject({
        method: 'POST',
        url: '/api/notifications/read-all',
        headers: { origin, cookie: app.ana.cookie },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe('CROSS_ORIGIN');
    }
    const ours = await app.t.app.inject({
      method: 'POST',
      url: '/api/notifications/read-all',
      headers: { origin: TEST_ORIGIN, cookie: app.ana.cookie },
    });
    expect(ours.statusCode).toBe(200);
  });
});
