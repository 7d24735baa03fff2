/**
 * Serves the built web client: hashed assets (precompressed at build, immutable for a year),
 * other public files, and the app's HTML page for every other GET outside `/api`.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Hashed build output: a new deploy gets new names, so a copy never needs revalidating. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else may change on a deploy: the browser revalidates (cheaply, with an ETag). */
export const REVALIDATE = 'no-cache';

/** Files the build writes `.br` and `.gz` copies of (when they are over 1 KB). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

/** The app's HTML page with a fresh style nonce; `null` when no client has been built. */
export interface HtmlPage {
  etag: string;
  render(nonce: string): string;
}

export function loadHtmlPage(clientDir: string | undefined): HtmlPage | null {
  const file = clientDir ? join(clientDir, 'index.html') : undefined;
  if (!file || !existsSync(file)) return null;
  const template = readFileSync(file, 'utf8');
  const etag = `"${createHash('sha256').update(template).digest('base64url').slice(0, 27)}"`;
  return { etag, render: (nonce) => template.replace(NONCE_PLACEHOLDER, nonce) };
}

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/**
 * Sends the HTML page. Each response carries its own style nonce (docs/decisions/0004), so the
 * ETag names the template: a browser holding the current template gets 304 and keeps its stored
 * page together with the policy stored beside it; the 304 carries no new policy, whose nonce
 * would not match the stored page (docs/decisions/0012).
 */
export function sendHtmlPage(request: FastifyRequest, reply: FastifyReply, page: HtmlPage) {
  reply.header('cache-control', REVALIDATE).header('etag', page.etag);
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-security-policy');
    return reply.code(304).send();
  }
  const nonce = randomBytes(16).toString('base64');
  const policy = String(reply.getHeader('content-security-policy')).replace(
    "style-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
  );
  return reply
    .header('content-security-policy', policy)
    .type('text/html; charset=utf-8')
    .send(page.render(nonce));
}

/** Registers the static files of the build; the HTML page is sent by the caller's fallback. */
export async function registerStaticClient(app: FastifyInstance, clientDir: string) {
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    index: false,
    // `send` would otherwise write its own `public, max-age=0` after ours.
    cacheControl: false,
    // `<file>.br` / `<file>.gz` written at build time (scripts/build/precompress.ts).
    preCompressed: true,
    setHeaders(res, path) {
      res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : REVALIDATE);
      // The same URL has several encodings: caches must key on the request's Accept-Encoding.
      if (COMPRESSIBLE.test(path.replace(/\.(br|gz)$/, '')))
        res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
