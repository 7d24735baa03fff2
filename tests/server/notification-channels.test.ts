/**
 * The external channels for real: e-mail through the mailer to a local SMTP server, and Web
 * Push through `web-push` to a local HTTPS endpoint standing in for the push service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createECDH, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { mailOutbox, notification, pushSubscription } from '#server/db/schema.ts';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettings,
} from '#shared/schemas/notifications.ts';
import {
  createTestApp,
  createUser,
  injectWithLogin,
  type TestApp,
  type TestUser,
} from '../helpers/app.ts';

const clock = { now: new Date('2026-05-04T09:00:00Z') };

// --- a local SMTP server -------------------------------------------------------------------
const received: string[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    let data = '';
    stream.on('data', (c: Buffer) => (data += c.toString()));
    stream.on('end', () => {
      received.push(data);
      done();
    });
  },
});

// --- a local "push service" over HTTPS (self-signed) --------------------------------------
interface PushRequest {
  url: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}
const pushed: PushRequest[] = [];
let pushStatus = 201;
const certDir = mkdtempSync(join(tmpdir(), 'camino-push-'));
let pushServer: Server;
let pushPort = 0;

let t: TestApp;
beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as AddressInfo).port;
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
    ],
    { stdio: 'ignore' },
  );
  pushServer = createServer(
    { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) },
    (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        pushed.push({ url: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
        res.statusCode = pushStatus;
        res.end();
      });
    },
  );
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  pushPort = (pushServer.address() as AddressInfo).port;
  t = await createTestApp({
    env: {
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      MAIL_FROM: 'Camino <reminders@example.org>',
      // The local stand-in for a push service: its address is allowed for this test only.
      PUSH_ALLOWED_HOSTS: '127.0.0.1',
      PUSH_ALLOW_LOOPBACK: 'true',
    },
    deps: {
      mailer: undefined, // the real mailer, over SMTP
      notifications: {
        clock: () => clock.now,
        pushTls: { rejectUnauthorized: false },
      },
    },
  });
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await new Promise<void>((resolve) => pushServer.close(() => resolve()));
  rmSync(certDir, { recursive: true, force: true });
});

/** Unfolds header lines and decodes quoted-printable soft breaks, enough to read a message. */
const unfold = (raw: string) => raw.replace(/\r\n[ \t]+/g, ' ');
const header = (raw: string, name: string) =>
  new RegExp(`^${name}: (.*)$`, 'mi').exec(unfold(raw).split('\r\n\r\n')[0]!)?.[1];

async function memberWith(
  settings: (s: NotificationSettings) => void,
  lang = 'en',
): Promise<TestUser> {
  const who = await createUser(t);
  await injectWithLogin(t.app, who, {
    method: 'PATCH',
    url: '/api/user/preferences',
    payload: { language: lang, timeZone: 'UTC' },
  });
  const s = structuredClone(DEFAULT_NOTIFICATION_SETTINGS);
  settings(s);
  const res = await injectWithLogin(t.app, who, {
    method: 'PUT',
    url: '/api/notification-settings',
    payload: {
      toggles: { emailNotifications: true, studyReminders: false, weeklyProgress: false },
      settings: s,
    },
  });
  expect(res.statusCode).toBe(200);
  return who;
}

describe('e-mail reminders', () => {
  it('sends text and HTML in the member language, with one-click unsubscribe (RFC 8058) that works and refuses tampering', async () => {
    const who = await memberWith((s) => {
      s.kinds.prayer = { email: true, push: false, time: '09:00' };
    }, 'es');
    received.length = 0;
    clock.now = new Date('2026-05-04T09:01:00Z');
    await t.app.notificationScheduler.tick();
    const raw = received.find((m) => m.includes(who.email));
    expect(raw).toBeDefined();
    const mail = unfold(raw!);
    expect(header(raw!, 'Subject')).toMatch(/orar|=\?UTF-8\?/i);
    expect(mail).toMatch(/Content-Type: multipart\/alternative/i);
    expect(mail).toMatch(/Content-Type: text\/plain; charset=utf-8/i);
    expect(mail).toMatch(/Content-Type: text\/html; charset=utf-8/i);
    expect(mail).toContain('Dedica hoy unos minutos a Dios.');
    expect(header(raw!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    const listUnsubscribe = header(raw!, 'List-Unsubscribe')!;
    const url = /^<(.+)>$/.exec(listUnsubscribe.trim())![1]!;
    expect(url).toMatch(
      /^http:\/\/localhost:5000\/api\/notifications\/unsubscribe\?token=[\w-]+\.[\w-]+$/,
    );
    const path = url.replace('http://localhost:5000', '');
    // The outbox keeps who, what and when, not the body with its 60-day link (issue 28).
    const kept = (
      await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.email))
    ).filter((r) => r.subject === header(raw!, 'Subject') || /orar/i.test(r.subject));
    expect(kept.map((r) => [r.status, r.text, r.html])).toEqual([['sent', '', null]]);

    // The GET (a person, or a link scanner) only asks; nothing changes yet.
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('Recordatorio de oración');
    expect(page.body).toContain('<form method="post"');
    const settings = async () =>
      (
        await injectWithLogin(t.app, who, { method: 'GET', url: '/api/notification-settings' })
      ).json().settings.kinds.prayer.email as boolean;
    expect(await settings()).toBe(true);

    // Tampered: another kind, or another member, under the same signature.
    const [body, mac] = new URL(url).searchParams.get('token')!.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...claims, k: 'weeklyProgress' })).toString(
      'base64url',
    );
    for (const token of [`${forged}.${mac}`, `${body}.${mac.slice(0, -2)}xx`, 'nonsense']) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/notifications/unsubscribe?token=${token}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('This link does not work');
    }
    expect(await settings()).toBe(true);

    // The one-click POST a mail client makes (no session, no Origin): prayer e-mails go off.
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Ya no recibirás correos de «Recordatorio de oración»');
    expect(await settings()).toBe(false);

    // Expired after 60 days.
    clock.now = new Date('2026-07-10T09:00:00Z');
    const expired = await t.app.inject({ method: 'GET', url: path });
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('expired');

    // Next day: in-app only, no e-mail.
    received.length = 0;
    clock.now = new Date('2026-05-05T09:01:00Z');
    await t.app.notificationScheduler.tick();
    expect(received.filter((m) => m.includes(who.email))).toEqual([]);
  });

  it('a test e-mail reports "handed to the mail server"', async () => {
    const who = await memberWith(() => undefined);
    const res = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/notifications/test',
    });
    expect(res.json().email).toEqual({ outcome: 'sent' });
    // (The member's address confirmation from sign-up went to the same server, ADR 0040.)
    const raw = received.find(
      (m) => m.includes(who.email) && header(m, 'Subject') === 'Test notification',
    );
    expect(raw).toBeDefined();
    // No kind to turn off: no unsubscribe header on a test.
    expect(header(raw!, 'List-Unsubscribe')).toBeUndefined();
  });
});

describe('web push', () => {
  function subscriptionKeys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  }

  it('sends an encrypted push with VAPID, TTL and aes128gcm; a 410 deletes the subscription', async () => {
    const who = await memberWith((s) => {
      s.kinds.prayer = { email: false, push: true, time: '10:00' };
    });
    const key = await injectWithLogin(t.app, who, { method: 'GET', url: '/api/push/public-key' });
    const publicKey = key.json().publicKey as string;
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65);
    const endpoint = `https://127.0.0.1:${pushPort}/push/${randomBytes(8).toString('hex')}`;
    const sub = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint, keys: subscriptionKeys() },
    });
    expect(sub.json()).toEqual({ subscribed: true });
    const bad = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: 'not a url', keys: {} },
    });
    expect(bad.statusCode).toBe(400);

    pushed.length = 0;
    pushStatus = 201;
    clock.now = new Date('2026-05-06T10:00:30Z');
    await t.app.notificationScheduler.tick();
    expect(pushed).toHaveLength(1);
    const req = pushed[0]!;
    expect(req.url).toBe(new URL(endpoint).pathname);
    expect(req.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(req.headers.authorization).toContain(`k=${publicKey}`);
    // The JWT is for this push service's origin and names our contact.
    const jwt = /t=([^,]+)/.exec(req.headers.authorization!)![1]!;
    const claims = JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString());
    expect(claims.aud).toBe(`https://127.0.0.1:${pushPort}`);
    expect(claims.sub).toBe('mailto:reminders@example.org');
    expect(req.headers.ttl).toBe(String(6 * 3600));
    expect(req.headers['content-encoding']).toBe('aes128gcm');
    expect(req.body.length).toBeGreaterThan(86); // header + ciphertext: the payload is encrypted
    expect(req.body.toString()).not.toContain('pray');

    // The test page's report, then the push service says the subscription is gone.
    const ok = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/notifications/test',
    });
    expect(ok.json().push).toEqual({ outcome: 'delivered', count: 1 });
    // The VAPID signature for that push service is reused, not made again per message; its
    // expiry is the 12 hours the push services accept at most (issue 28).
    expect(pushed.at(-1)!.headers.authorization).toBe(req.headers.authorization);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeGreaterThan(11 * 3600);
    expect(claims.exp - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(12 * 3600);
    pushStatus = 410;
    const gone = await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/notifications/test',
    });
    expect(gone.json().push).toEqual({ outcome: 'notSubscribed', count: 0 });
    const left = await t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, who.id));
    expect(left).toEqual([]);
    // In-app notifications were all kept.
    const items = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, who.id));
    expect(items.map((n) => n.kind).sort()).toEqual(['prayer', 'test', 'test']);
  });

  it('quiet hours hold back push and e-mail, not the in-app notification', async () => {
    const who = await memberWith((s) => {
      s.kinds.prayer = { email: true, push: true, time: '23:00' };
      s.quietHours = { enabled: true, start: '22:00', end: '07:00' };
    });
    await injectWithLogin(t.app, who, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint: `https://127.0.0.1:${pushPort}/push/quiet`, keys: subscriptionKeys() },
    });
    pushed.length = 0;
    received.length = 0;
    pushStatus = 201;
    clock.now = new Date('2026-05-07T23:00:00Z');
    const report = await t.app.notificationScheduler.tick();
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(pushed).toEqual([]);
    expect(received.filter((m) => m.includes(who.email))).toEqual([]);
    const items = await t.database.db
      .select()
      .from(notification)
      .where(eq(notification.userId, who.id));
    expect(items.map((n) => n.kind)).toEqual(['prayer']);
  });

  it('unsubscribe removes only my subscription', async () => {
    const a = await memberWith(() => undefined);
    const b = await memberWith(() => undefined);
    const endpoint = `https://127.0.0.1:${pushPort}/push/mine`;
    await injectWithLogin(t.app, a, {
      method: 'POST',
      url: '/api/push/subscriptions',
      payload: { endpoint, keys: subscriptionKeys() },
    });
    await injectWithLogin(t.app, b, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint },
    });
    expect(
      await t.database.db
        .select()
        .from(pushSubscription)
        .where(eq(pushSubscription.endpoint, endpoint)),
    ).toHaveLength(1);
    await injectWithLogin(t.app, a, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint },
    });
    expect(
      await t.database.db
        .select()
        .from(pushSubscription)
        .where(eq(pushSubscription.endpoint, endpoint)),
    ).toHaveLength(0);
  });
});
