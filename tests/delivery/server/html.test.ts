import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { createTestApp, type TestApp } from '#tests/helpers/app.ts';

/** A small built client: the HTML page, a hashed asset with its precompressed copies, an icon. */
function fakeClient(): string {
  const dir = mkdtempSync(join(tmpdir(), 'camino-client-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><head><meta name="csp-nonce" content="__CSP_NONCE__"></head><div id="root"></div>',
  );
  // What the build writes for the server (scripts/build/preloads.ts).
  writeFileSync(
    join(dir, 'member-preloads.json'),
    JSON.stringify({
      routes: [
        {
          path: '/',
          data: ['/api/dashboard'],
          drawn: true,
          files: {
            en: ['/assets/app-1.js', '/assets/Dashboard-1.js'],
            es: ['/assets/app-1.js', '/assets/Dashboard-1.js', '/assets/strings-es-dashboard-1.js'],
          },
        },
        {
          path: '/journal',
          data: [],
          drawn: true,
          files: {
            en: ['/assets/app-1.js', '/assets/Journal-1.js'],
            es: ['/assets/app-1.js', '/assets/Journal-1.js'],
          },
        },
        {
          path: '/lesson/:id',
          data: ['/api/lessons/:id'],
          drawn: true,
          files: {
            en: ['/assets/app-1.js', '/assets/Lesson-1.js'],
            es: ['/assets/app-1.js', '/assets/Lesson-1.js'],
          },
        },
      ],
    }),
  );
  const js = `console.log(${JSON.stringify('x'.repeat(4000))});`;
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), js);
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync(js));
  writeFileSync(join(dir, 'assets', 'index-abc123.js.gz'), gzipSync(js));
  writeFileSync(join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  for (const language of ['en', 'es']) {
    mkdirSync(join(dir, 'prerendered', language), { recursive: true });
    for (const page of ['index', 'about-us']) {
      writeFileSync(
        join(dir, 'prerendered', language, `${page}.html`),
        `<!doctype html><html lang="${language}"><style nonce="__CSP_NONCE__"></style>` +
          `<meta name="csp-nonce" content="__CSP_NONCE__"><div id="root" data-prerendered="visitor">${page}-${language}</div>`,
      );
    }
  }
  writeFileSync(
    join(dir, 'prerendered', 'pages.json'),
    JSON.stringify({ languages: ['en', 'es'], paths: ['/', '/about-us'] }),
  );
  return dir;
}

describe('serving the web client', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    dir = fakeClient();
    t = await createTestApp({ deps: { clientDir: dir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  it('sends hashed assets precompressed by Accept-Encoding, immutable for a year', async () => {
    const br = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toContain('console.log');

    const gz = await get('/assets/index-abc123.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toContain('console.log');

    const plain = await get('/assets/index-abc123.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('console.log');
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('asks the browser to revalidate files that keep their name across deploys', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing asset with 404, not the app page', async () => {
    const res = await get('/assets/index-gone.js');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
  });

  it('sends the app page with no-cache, an ETag and a fresh style nonce; 304 keeps the stored pair', async () => {
    const first = await get('/journal');
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/text\/html/);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    const nonce = /nonce-([^']+)'/.exec(String(first.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    expect(first.body).toContain(`content="${nonce}"`);

    const second = await get('/bible');
    expect(second.headers.etag).toBe(etag);
    expect(second.body).not.toContain(`content="${nonce}"`);

    const revalidated = await get('/prayer', { 'if-none-match': etag });
    expect(revalidated.statusCode).toBe(304);
    expect(revalidated.body).toBe('');
    // A new policy would carry a nonce the stored page does not have.
    expect(revalidated.headers['content-security-policy']).toBeUndefined();

    const changed = await get('/prayer', { 'if-none-match': '"something-else"' });
    expect(changed.statusCode).toBe(200);
  });

  it('sends a visitor the prerendered page in their language: cookie first, then Accept-Language', async () => {
    const spanish = await get('/about-us', { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' });
    expect(spanish.statusCode).toBe(200);
    expect(spanish.body).toContain('about-us-es');
    expect(spanish.headers.vary).toMatch(/Cookie/);
    expect(spanish.headers.vary).toMatch(/Accept-Language/);
    expect(spanish.headers['cache-control']).toBe('no-cache');
    // Every nonce placeholder (the inline stylesheet's and the meta tag's) gets the response's.
    const nonce = /nonce-([^']+)'/.exec(String(spanish.headers['content-security-policy']))?.[1];
    expect(spanish.body).not.toContain('__CSP_NONCE__');
    expect(spanish.body.split(nonce!).length).toBe(3);

    const chosen = await get('/about-us', { 'accept-language': 'es', cookie: 'language=en' });
    expect(chosen.body).toContain('about-us-en');
    expect(chosen.headers.etag).not.toBe(spanish.headers.etag);

    const fallback = await get('/', { 'accept-language': 'fr' });
    expect(fallback.body).toContain('index-en');
  });

  it('sends a member (a session cookie) the app, which shows their own page at that path', async () => {
    const res = await get('/', { cookie: 'better-auth.session_token=abc.def' });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('data-prerendered');
    expect(res.body).toContain('<div id="root" data-early="/api/dashboard"></div>');
  });

  it("names a member route's scripts in the head of a member's page, in their language, so they load at once", async () => {
    const member = { cookie: 'better-auth.session_token=abc.def' };
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);
    const journal = await get('/journal', member);
    expect(journal.statusCode).toBe(200);
    expect(preloads(journal.body)).toEqual(['/assets/app-1.js', '/assets/Journal-1.js']);
    expect(journal.body).toMatch(/<link[^>]*Journal-1\.js">\s*<\/head>/);
    expect(journal.headers.vary).toMatch(/Cookie/);
    // A route with a parameter; the dashboard at / (also a visitor's prerendered page), in Spanish.
    expect(preloads((await get('/lesson/101-2', member)).body)).toContain('/assets/Lesson-1.js');
    const dashboard = await get('/', { ...member, 'accept-language': 'es' });
    expect(preloads(dashboard.body)).toContain('/assets/strings-es-dashboard-1.js');
    // What each page reads first (its route's `data`), for boot.ts to ask as soon as the session
    // answers; a part of the path filled in, encoded.
    const early = (body: string) => /<div id="root" data-early="([^"]*)">/.exec(body)?.[1];
    expect(early(dashboard.body)).toBe('/api/dashboard');
    expect(early(journal.body)).toBeUndefined();
    expect(early((await get('/lesson/101%202', member)).body)).toBe('/api/lessons/101%202');
    expect(early((await get('/lesson/101-3', member)).body)).toBe('/api/lessons/101-3');
    expect(preloads((await get('/', member)).body)).not.toContain(
      '/assets/strings-es-dashboard-1.js',
    );
    // Each page has its own ETag: a stored copy of one is not taken for another.
    expect(journal.headers.etag).not.toBe(dashboard.headers.etag);
    const again = await get('/journal', {
      ...member,
      'if-none-match': String(journal.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    // Not a member route, a path too long or short for one, or a visitor: nothing named.
    for (const [path, headers] of [
      ['/no-such-page', member],
      ['/lesson', member],
      ['/lesson/1/2', member],
      ['/journal', {}],
    ] as const) {
      const res = await get(path, headers);
      expect(preloads(res.body), path).toEqual([]);
    }
  });

  it('sends every HTML page compressed as the browser accepts: the app’s pages at any path too', async () => {
    // The app's page at a member path comes from the not-found handler, which the API's
    // compression hook does not reach; it carries its stylesheet inline (docs/decisions/0032).
    for (const [url, headers] of [
      ['/prayer', {}],
      ['/', { cookie: 'better-auth.session_token=abc.def' }],
      ['/about-us', {}],
    ] as const) {
      const br = await get(url, { ...headers, 'accept-encoding': 'gzip, deflate, br' });
      expect(br.statusCode, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers.vary, url).toMatch(/accept-encoding/i);
      const html = brotliDecompressSync(br.rawPayload).toString();
      expect(html, url).toContain('<div id="root"');
      // Compressed after the nonce went in: the page's nonce is the policy's.
      const nonce = /nonce-([^']+)'/.exec(String(br.headers['content-security-policy']))?.[1];
      expect(html, url).toContain(`content="${nonce}"`);

      const gz = await get(url, { ...headers, 'accept-encoding': 'gzip;q=1, br;q=0' });
      expect(gz.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString(), url).toContain('<div id="root"');

      const plain = await get(url, { ...headers, 'accept-encoding': 'identity' });
      expect(plain.headers['content-encoding'], url).toBeUndefined();
      expect(plain.body, url).toContain('<div id="root"');
    }
    // The visitor's page still varies on what chooses it, besides the encoding.
    const visitor = await get('/about-us', { 'accept-encoding': 'br' });
    expect(visitor.headers.vary).toMatch(/Cookie/);
    expect(visitor.headers.vary).toMatch(/Accept-Language/);
  });

  it('keeps API answers out of every cache: they depend on who asks', async () => {
    for (const url of ['/api/auth/user', '/api/journal', '/api/nothing-here']) {
      const res = await get(url);
      expect({ url, cacheControl: res.headers['cache-control'] }).toEqual({
        url,
        cacheControl: 'private, no-store',
      });
    }
  });

  it('compresses JSON answers above 1 KB and leaves small ones alone', async () => {
    const big = await get('/api/docs/json', { 'accept-encoding': 'br' });
    expect(big.statusCode).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(big.rawPayload).toString()).openapi).toBeTruthy();

    const small = await get('/healthz', { 'accept-encoding': 'br' });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});

describe('a drawn member page (docs/decisions/0060)', () => {
  it('JSON inside a script element cannot end it or open a comment', async () => {
    const { scriptSafeJson } = await import('#delivery/server/drawing.ts');
    const text = scriptSafeJson({
      title: '</script><script>alert(1)</script><!--',
      line: '\u2028',
    });
    expect(text).not.toMatch(/[<>\u2028]/);
    expect(JSON.parse(text)).toEqual({
      title: '</script><script>alert(1)</script><!--',
      line: '\u2028',
    });
  });

  it('names each style attribute of the drawing as the browser reads it', async () => {
    const { styleAttributesOf } = await import('#delivery/server/html.ts');
    expect(
      styleAttributesOf(
        '<div style="width:40%"></div><p>style="not an attribute"</p><i style="font-family:&quot;A&quot;"></i>',
      ),
    ).toEqual(['width:40%', 'font-family:"A"']);
  });
});
