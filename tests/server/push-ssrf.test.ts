/**
 * Server-side request forgery through Web Push (issue 23, ASVS 1.3.6 and 13.2.4). Nothing here
 * leaves this machine: the targets are local listeners on 127.0.0.1 that record every
 * connection they get (they must get none), and the private and link-local rules are checked
 * with the address check itself and a stubbed resolver, never by connecting to such addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import type { LookupAddress } from 'node:dns';
import { request as httpsRequest } from 'node:https';
import { createServer, type AddressInfo, type Server } from 'node:net';
import webpush from 'web-push';
import { eq } from 'drizzle-orm';
import { pushSubscription } from '#server/db/schema.ts';
import { loadConfig } from '#server/config.ts';
import {
  DEFAULT_PUSH_HOSTS,
  RefusedAddressError,
  createPushAgent,
  endpointProblem,
  guardedLookup,
  isPublicAddress,
  type PushEndpointPolicy,
  type Resolver,
} from '#server/notifications/push-endpoint.ts';
import { createUser, injectWithLogin, useTestApp, type TestUser } from '../helpers/app.ts';

const DEFAULTS: PushEndpointPolicy = { hosts: [...DEFAULT_PUSH_HOSTS], allowLoopback: false };

/** A resolver that answers these addresses for every name (no DNS is asked). */
const stubResolver =
  (...addresses: string[]): Resolver =>
  (_hostname, _options, callback) =>
    callback(
      null,
      addresses.map((address): LookupAddress => ({
        address,
        family: address.includes(':') ? 6 : 4,
      })),
    );

/** Runs the guarded lookup once, as a socket's connect does. */
const lookUp = (policy: PushEndpointPolicy, resolve: Resolver) =>
  new Promise<{ error: Error | null; addresses: LookupAddress[] }>((done) =>
    guardedLookup(policy, resolve)('push.example.test', { all: true }, (error, addresses) =>
      done({ error, addresses: addresses as LookupAddress[] }),
    ),
  );

/** A TCP listener on loopback that counts the connections it is offered. */
async function listener(): Promise<{
  port: number;
  connections: () => number;
  close(): Promise<void>;
}> {
  let count = 0;
  const server: Server = createServer((socket) => {
    count += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function subscriptionKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

describe('the address check', () => {
  it('refuses private, loopback, link-local, unique-local, CGNAT, multicast and mapped addresses', () => {
    for (const address of [
      '10.0.0.1',
      '10.255.255.255',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.1',
      '127.0.0.1',
      '127.8.9.10',
      '169.254.169.254', // cloud metadata
      '100.64.0.1', // carrier-grade NAT
      '0.0.0.0',
      '224.0.0.1',
      '255.255.255.255',
      '198.18.0.1',
      '::1',
      '::',
      '::ffff:127.0.0.1', // IPv4-mapped
      '::ffff:10.0.0.1',
      '::ffff:8.8.8.8', // mapped: refused whatever it wraps
      'fe80::1', // link-local
      'fd12:3456::1', // unique-local
      'fc00::1',
      'ff02::1', // multicast
      '64:ff9b::a00:1', // NAT64 of 10.0.0.1
      '64:ff9b::7f00:1', // NAT64 of 127.0.0.1
      '2002:7f00:1::1', // 6to4 of 127.0.0.1
      '2001:db8::1',
      'not an address',
    ]) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: false });
    }
    for (const address of ['8.8.8.8', '142.250.72.10', '172.32.0.1', '2607:f8b0:4004:c1b::5f']) {
      expect({ address, public: isPublicAddress(address) }).toEqual({ address, public: true });
    }
    // NAT64 of a public address is public (an IPv6-only server behind NAT64 still reaches FCM).
    expect(isPublicAddress('64:ff9b::808:808')).toBe(true);
  });

  it('a name that resolves to a refused address is refused whole (DNS rebinding)', async () => {
    for (const answer of [
      ['10.1.2.3'],
      ['169.254.169.254'],
      ['::1'],
      ['::ffff:127.0.0.1'],
      ['fd00::5'],
      ['142.250.72.10', '10.0.0.7'], // one good address does not excuse a bad one
    ]) {
      const { error } = await lookUp(DEFAULTS, stubResolver(...answer));
      expect({ answer, refused: error instanceof RefusedAddressError }).toEqual({
        answer,
        refused: true,
      });
    }
    const ok = await lookUp(DEFAULTS, stubResolver('142.250.72.10', '2607:f8b0:4004:c1b::5f'));
    expect(ok.error).toBeNull();
    expect(ok.addresses.map((a) => a.address)).toEqual(['142.250.72.10', '2607:f8b0:4004:c1b::5f']);
    // The test escape allows loopback, never a private range.
    const testing = { ...DEFAULTS, allowLoopback: true };
    expect((await lookUp(testing, stubResolver('127.0.0.1'))).error).toBeNull();
    expect((await lookUp(testing, stubResolver('10.0.0.1'))).error).toBeInstanceOf(
      RefusedAddressError,
    );
  });

  it('accepts only https: endpoints on the push services, on their port', () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:APA91b',
      'https://web.push.apple.com/QGx1',
      'https://updates.push.services.mozilla.com/wpush/v2/gAAAA',
      'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA',
      'https://FCM.googleapis.com./fcm/send/x',
    ]) {
      expect({ endpoint, problem: endpointProblem(endpoint, DEFAULTS) }).toEqual({
        endpoint,
        problem: null,
      });
    }
    for (const [endpoint, problem] of [
      ['http://fcm.googleapis.com/fcm/send/x', 'scheme'],
      ['ftp://fcm.googleapis.com/x', 'scheme'],
      ['https://fcm.googleapis.com:8443/x', 'port'],
      ['https://user:pw@fcm.googleapis.com/x', 'credentials'],
      ['https://evil.example/x', 'host'],
      ['https://fcm.googleapis.com.evil.example/x', 'host'],
      ['https://push.apple.com/x', 'host'], // *.push.apple.com: below it only
      ['https://127.0.0.1:5432/x', 'host'],
      ['https://[::1]/x', 'host'],
      ['https://169.254.169.254/latest/meta-data', 'host'],
      ['not a url', 'url'],
    ] as const) {
      expect({ endpoint, problem: endpointProblem(endpoint, DEFAULTS) }).toEqual({
        endpoint,
        problem,
      });
    }
    // Listing a private address does not make it reachable.
    const listed = { hosts: ['10.0.0.1', '127.0.0.1'], allowLoopback: false };
    expect(endpointProblem('https://10.0.0.1/x', listed)).toBe('address');
    expect(endpointProblem('https://127.0.0.1/x', listed)).toBe('address');
    const testing = { hosts: ['127.0.0.1', '10.0.0.1'], allowLoopback: true };
    expect(endpointProblem('https://127.0.0.1:4443/x', testing)).toBeNull();
    expect(endpointProblem('https://10.0.0.1/x', testing)).toBe('address');
  });

  it('the loopback escape is refused in production, and the hosts are configurable', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PUSH_ALLOW_LOOPBACK: 'true' })).toThrow(
      /PUSH_ALLOW_LOOPBACK/,
    );
    expect(loadConfig({ NODE_ENV: 'production' }).notifications.push).toEqual(DEFAULTS);
    expect(
      loadConfig({ PUSH_ALLOWED_HOSTS: ' push.example.org, *.push.example.net ' }).notifications
        .push.hosts,
    ).toEqual(['push.example.org', '*.push.example.net']);
  });
});

describe('the connection goes to the address that was checked', () => {
  let target: Awaited<ReturnType<typeof listener>>;
  beforeAll(async () => {
    target = await listener();
  });
  afterAll(async () => target.close());

  it('a push service name resolving to loopback reaches nothing, through web-push itself', async () => {
    // The name is allowed; the (stubbed) DNS answers loopback, where a listener waits.
    const policy = { hosts: ['push.example.test'], allowLoopback: false };
    const agent = createPushAgent(policy, { rejectUnauthorized: false }, stubResolver('127.0.0.1'));
    const { publicKey, privateKey } = webpush.generateVAPIDKeys();
    try {
      const sent = webpush.sendNotification(
        { endpoint: `https://push.example.test:${target.port}/x`, keys: subscriptionKeys() },
        'hello',
        { vapidDetails: { subject: 'mailto:a@example.org', publicKey, privateKey }, agent },
      );
      await expect(sent).rejects.toBeInstanceOf(RefusedAddressError);
      // And by a plain request through the same agent.
      const error = await new Promise<Error>((resolve) =>
        httpsRequest({ hostname: 'push.example.test', port: target.port, agent }, () =>
          resolve(new Error('connected')),
        )
          .on('error', resolve)
          .end(),
      );
      expect(error).toBeInstanceOf(RefusedAddressError);
      expect(target.connections()).toBe(0);
    } finally {
      agent.destroy();
    }
    // The same request, loopback allowed (tests only): it does connect there, to the address
    // the stub answered — the check above is what kept it out.
    const open = createPushAgent(
      { ...policy, allowLoopback: true },
      { rejectUnauthorized: false },
      stubResolver('127.0.0.1'),
    );
    try {
      await new Promise<void>((resolve) =>
        httpsRequest({ hostname: 'push.example.test', port: target.port, agent: open }, () =>
          resolve(),
        )
          .on('error', () => resolve())
          .end(),
      );
      expect(target.connections()).toBe(1);
    } finally {
      open.destroy();
    }
  });
});

describe('registering and testing push with the default push services', () => {
  const app = useTestApp({ env: { NODE_ENV: 'test' } });
  let target: Awaited<ReturnType<typeof listener>>;
  let member: TestUser;
  beforeAll(async () => {
    target = await listener();
    member = await createUser(app.t);
  });
  afterAll(async () => target.close());

  const register = (endpoint: string, lang = 'en') =>
    injectWithLogin(app.t.app, member, {
      method: 'POST',
      url: '/api/push/subscriptions',
      headers: { 'accept-language': lang },
      payload: { endpoint, keys: subscriptionKeys() },
    });

  it('refuses an endpoint that is not a push service’s, with a translated 400, and keeps nothing', async () => {
    for (const [endpoint, lang] of [
      [`https://127.0.0.1:${target.port}/x`, 'en'],
      [`http://127.0.0.1:${target.port}/x`, 'es'],
      ['https://10.0.0.1/push', 'en'],
      ['https://169.254.169.254/latest/meta-data', 'en'],
      ['https://[::ffff:127.0.0.1]/x', 'en'],
      ['http://fcm.googleapis.com/fcm/send/x', 'en'],
      ['https://fcm.googleapis.com:5432/fcm/send/x', 'es'],
      ['https://internal.example.org/push', 'en'],
    ] as const) {
      const res = await register(endpoint, lang);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'PUSH_ENDPOINT_NOT_ALLOWED',
        message:
          lang === 'es'
            ? 'No se pueden activar las notificaciones push aquí: este dispositivo usa un servicio push al que Camino no envía.'
            : 'Push notifications cannot be turned on here: this device uses a push service Camino does not send to.',
      });
    }
    const kept = await app.t.database.db
      .select()
      .from(pushSubscription)
      .where(eq(pushSubscription.userId, member.id));
    expect(kept).toEqual([]);
    // A push service's endpoint is saved.
    const ok = await register(`https://fcm.googleapis.com/fcm/send/${randomUUID()}`);
    expect(ok.json()).toEqual({ subscribed: true });
    await app.t.database.db.delete(pushSubscription).where(eq(pushSubscription.userId, member.id));
  });

  it('a subscription saved before the check is not sent to; the member sees a generic outcome', async () => {
    // As an earlier version let it be saved: the listener's own address.
    for (const endpoint of [
      `https://127.0.0.1:${target.port}/x`,
      `https://[::1]:${target.port}/x`,
      `http://localhost:${target.port}/x`,
    ]) {
      await app.t.database.db.insert(pushSubscription).values({
        id: randomUUID(),
        userId: member.id,
        endpoint,
        ...subscriptionKeys(),
      });
    }
    const res = await injectWithLogin(app.t.app, member, {
      method: 'POST',
      url: '/api/notifications/test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().push).toEqual({ outcome: 'failed', count: 0 });
    // Nothing that tells refused from open from TLS: no detail at all.
    expect(res.body).not.toMatch(/ECONN|EPUSH|TLS|socket|refused|127\.0\.0\.1/i);
    expect(target.connections()).toBe(0);
  });
});
