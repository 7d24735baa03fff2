import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signUpMember, startServer, type ServerProcess } from '../helpers/server-process.ts';

/**
 * Server-side request forgery through Web Push (issue 23, ADR 0035), against the real process
 * as `npm start` runs it (NODE_ENV=production, the embedded database): a member registers the
 * server's own ports and private addresses as push endpoints and asks for a test message. The
 * only target is a listener on this machine's loopback that counts what reaches it: nothing may.
 */
describe('push to an address of the server’s own network', () => {
  const dataDirs: string[] = [];
  const servers: ServerProcess[] = [];
  let connections = 0;
  let listener: Server;
  let port = 0;

  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const s of servers) await s.stop('SIGKILL');
    await new Promise<void>((resolve) => listener.close(() => resolve()));
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string> = {}) => {
    const dir = mkdtempSync(join(tmpdir(), 'camino-ssrf-'));
    dataDirs.push(dir);
    return { NODE_ENV: 'production', DATA_DIR: dir, NOTIFICATIONS_SCHEDULER: 'off', ...extra };
  };

  function keys() {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    return {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    };
  }

  it('refuses such endpoints, sends nothing there, and says nothing about the network', async () => {
    const server = await startServer(env(), { waitFor: 'healthz' });
    servers.push(server);
    const member = await signUpMember(server);
    for (const endpoint of [
      `https://127.0.0.1:${port}/push/${randomUUID()}`,
      `http://127.0.0.1:${port}/push`,
      `https://localhost:${port}/push`,
      `https://[::ffff:127.0.0.1]:${port}/push`,
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
    ]) {
      const res = await member.request('POST', '/api/push/subscriptions', {
        endpoint,
        keys: keys(),
      });
      expect({ endpoint, status: res.status }).toEqual({ endpoint, status: 400 });
      expect(((await res.json()) as { code: string }).code).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    }
    const test = await member.request('POST', '/api/notifications/test');
    expect(test.status).toBe(200);
    const body = (await test.json()) as { push: { outcome: string } };
    expect(body.push).toEqual({ outcome: 'notSubscribed' });
    expect(connections).toBe(0);
  });

  it('will not start in production with the loopback escape meant for tests', async () => {
    const server = await startServer(env({ PUSH_ALLOW_LOOPBACK: 'true' }), { waitReady: false });
    servers.push(server);
    expect(await server.exited).not.toBe(0);
    expect(server.output()).toContain('PUSH_ALLOW_LOOPBACK');
    expect(connections).toBe(0);
  });
});
