import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestApp, type TestApp } from '../helpers/app.ts';

/** What the service worker fetches from the server (docs/decisions/0024). */
describe('serving the service worker and the shell it precaches', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'camino-client-sw-'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><meta name="csp-nonce" content="__CSP_NONCE__"><div id="root"></div>',
    );
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Camino"}');
    t = await createTestApp({ deps: { clientDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('sends sw.js as JavaScript that the browser revalidates on every update check', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // Its scope is the site's root, where it lives: no Service-Worker-Allowed needed.
    expect(res.headers['service-worker-allowed']).toBeUndefined();
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('sends /index.html as the app page with a nonce matching its policy, never the raw template', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/index.html' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('__CSP_NONCE__');
    const nonce = /content="([^"]+)"/.exec(res.body)?.[1];
    expect(nonce).toBeTruthy();
    expect(res.headers['content-security-policy']).toContain(`'nonce-${nonce}'`);
    expect(res.headers['cache-control']).toBe('no-cache');
  });
});
