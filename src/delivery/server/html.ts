/**
 * Serves the built web client: hashed assets (precompressed at build, immutable for a year),
 * other public files, and the app's HTML page for every other GET outside `/api`.
 */
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LANGUAGE_COOKIE, type Language } from '#shared/constants.ts';
import { languageFromHeader } from '#server/i18n/translate.ts';
import { dataAt, routeAt } from '#delivery/paths.ts';

/** Hashed build output: a new deploy gets new names, so a copy never needs revalidating. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Everything else may change on a deploy: the browser revalidates (cheaply, with an ETag). */
export const REVALIDATE = 'no-cache';

/** Files the build writes `.br` and `.gz` copies of (when they are over 1 KB). */
export const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;

const NONCE_PLACEHOLDER = '__CSP_NONCE__';

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/** The app's HTML page with a fresh style nonce; `null` when no client has been built. */
export interface HtmlPage {
  etag: string;
  template: string;
  render(nonce: string): string;
}

function htmlPage(template: string): HtmlPage {
  const etag = `"${createHash('sha256').update(template).digest('base64url').slice(0, 27)}"`;
  return { etag, template, render: (nonce) => template.replaceAll(NONCE_PLACEHOLDER, nonce) };
}

export function loadHtmlPage(clientDir: string | undefined): HtmlPage | null {
  const file = clientDir ? join(clientDir, 'index.html') : undefined;
  if (!file || !existsSync(file)) return null;
  return htmlPage(readFileSync(file, 'utf8'));
}

/** Written by the build (scripts/build/preloads.ts): each member route as routes.tsx declares it. */
interface MemberPreloadsFile {
  routes: { path: string; data: string[]; drawn: boolean; files: Record<string, string[]> }[];
}

/**
 * The app's shell as sent to a member: on a member route, the shell's head names every script
 * the route's first visit needs (docs/decisions/0059), which the browser fetches while it reads
 * the HTML, all at once, instead of in waves (the app after the first paint, the member app
 * once the session is known, the page once the member app has rendered); and its root names
 * what the page reads first (`data-early`, its route's `data`), which boot.ts asks for as soon as
 * the session answers. One page per route and language, built on first use (and per path for a
 * route whose data names a part of it); the plain shell elsewhere, or when the build wrote no
 * list.
 */
export interface MemberShell {
  pageFor(path: string, language: Language): HtmlPage;
  /** Whether `path` is one of the member app's routes the server draws. */
  draws(path: string): boolean;
  /** The scripts the route's first visit needs, in `language` (none when unknown). */
  filesFor(path: string, language: Language): readonly string[];
}

export function loadMemberShell(clientDir: string | undefined, shell: HtmlPage): MemberShell {
  const file = clientDir ? join(clientDir, 'member-preloads.json') : undefined;
  const { routes } =
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as MemberPreloadsFile)
      : { routes: [] };
  const built = new Map<string, HtmlPage>();
  return {
    draws: (path) => routeAt(routes, path)?.drawn ?? false,
    filesFor: (path, language) => routeAt(routes, path)?.files[language] ?? [],
    pageFor(path, language) {
      const route = routeAt(routes, path);
      const files = route?.files[language];
      if (!route || !files?.length) return shell;
      const data = dataAt(route, path);
      // A route whose data names part of its path (a group's id) has a page per path.
      const key = `${route.data.some((url) => url.includes(':')) ? path : route.path}|${language}`;
      let page = built.get(key);
      if (!page) {
        const links = files
          .map((href) => `<link rel="modulepreload" crossorigin href="${href}">`)
          .join('');
        const early = data.length ? ` data-early="${escapeAttribute(data.join(' '))}"` : '';
        const template = shell.template
          .replace('</head>', () => `${links}</head>`)
          .replace('<div id="root">', () => `<div id="root"${early}>`);
        if (template === shell.template) return shell;
        page = htmlPage(template);
        // Kept for the routes of fixed paths; a path's own page (one group among many) is not.
        if (key.startsWith(route.path + '|')) built.set(key, page);
      }
      return page;
    },
  };
}

/** Public pages rendered to HTML at build time, by path and language (docs/decisions/0013). */
export type PrerenderedPages = Map<string, Record<Language, HtmlPage>>;

export function loadPrerenderedPages(clientDir: string | undefined): PrerenderedPages {
  const pages: PrerenderedPages = new Map();
  const index = clientDir ? join(clientDir, 'prerendered', 'pages.json') : undefined;
  if (!clientDir || !index || !existsSync(index)) return pages;
  const { paths } = JSON.parse(readFileSync(index, 'utf8')) as { paths: string[] };
  for (const path of paths) {
    const file = `${path === '/' ? 'index' : path.slice(1)}.html`;
    const read = (language: Language) =>
      htmlPage(readFileSync(join(clientDir, 'prerendered', language, file), 'utf8'));
    pages.set(path, { en: read('en'), es: read('es') });
  }
  return pages;
}

/**
 * The reader's language for a page sent before any script runs: the `language` cookie the app
 * writes when the language is chosen (it mirrors localStorage), else the browser's languages.
 */
export function pageLanguage(request: FastifyRequest): Language {
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (cookie === 'en' || cookie === 'es') return cookie;
  return languageFromHeader(request.headers['accept-language']);
}

const matchesEtag = (header: string | undefined, etag: string) =>
  !!header &&
  header.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });

/** The encoding for a page the request accepts (`q` above 0): brotli, else gzip, else none. */
export function pageEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.split(';').map((p) => p.trim());
    const q = params.map((p) => /^q=([\d.]+)$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) weights.set(name, q === undefined ? 1 : Number(q));
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  return accepts('br') ? 'br' : accepts('gzip') ? 'gzip' : null;
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const fields = current
    ? String(current)
        .split(',')
        .map((f) => f.trim())
    : [];
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}

/**
 * Sends the HTML page. Each response carries its own style nonce (docs/decisions/0004), so the
 * ETag names the template: a browser holding the current template gets 304 and keeps its stored
 * page together with the policy stored beside it; the 304 carries no new policy, whose nonce
 * would not match the stored page (docs/decisions/0012).
 */
export async function sendHtmlPage(
  request: FastifyRequest,
  reply: FastifyReply,
  page: HtmlPage,
): Promise<FastifyReply> {
  reply.header('cache-control', REVALIDATE).header('etag', page.etag);
  addVary(reply, 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], page.etag)) {
    reply.removeHeader('content-security-policy');
    return reply.code(304).send();
  }
  return sendHtml(request, reply, page.template);
}

/**
 * The template with a fresh style nonce, its policy saying so, compressed as the request accepts;
 * `styleAttributes`: the policy also allows exactly these `style="…"` attributes (by hash).
 */
async function sendHtml(
  request: FastifyRequest,
  reply: FastifyReply,
  template: string,
  styleAttributes: readonly string[] = [],
): Promise<FastifyReply> {
  const nonce = randomBytes(16).toString('base64');
  let policy = String(reply.getHeader('content-security-policy')).replace(
    "style-src 'self'",
    `style-src 'self' 'nonce-${nonce}'`,
  );
  if (styleAttributes.length > 0) {
    const hashes = [...new Set(styleAttributes)].map(
      (value) => `'sha256-${createHash('sha256').update(value).digest('base64')}'`,
    );
    policy += `; style-src-attr 'unsafe-hashes' ${hashes.join(' ')}`;
  }
  reply.header('content-security-policy', policy).type('text/html; charset=utf-8');
  // Compressed here, per response (the nonce differs each time), at a fast level: the page
  // carries its stylesheet inline (~60 KB, ~11 KB compressed). The API's compression hook does
  // not reach the app's pages sent by the not-found handler. On libuv's threads, not the main
  // one, which meanwhile answers other requests (drawings' too).
  const html = template.replaceAll(NONCE_PLACEHOLDER, nonce);
  const encoding = pageEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(html);
  const body =
    encoding === 'br'
      ? await brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } })
      : await gzipped(html, { level: 6 });
  return reply.header('content-encoding', encoding).send(body);
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&quot;': '"',
  '&#39;': "'",
  '&lt;': '<',
  '&gt;': '>',
};

/** The values of the `style` attributes in `html`, as the browser reads them. */
export function styleAttributesOf(html: string): string[] {
  return [...html.matchAll(/\sstyle="([^"]*)"/g)].map((m) =>
    m[1]!.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity]!),
  );
}

/**
 * A member's first screen drawn by the server (docs/decisions/0060) inside the app's shell: the
 * drawing in place of the loading screen, and the answers it was drawn from beside it. The
 * route's scripts are named on the root, for boot.ts to fetch once the drawing is on screen:
 * fetched (and compiled) before, they would hold the first paint back, as they do a visitor's
 * prerendered page's. It holds the member's own data: kept by no cache, shared or the
 * browser's (no ETag).
 */
export function sendDrawnPage(
  request: FastifyRequest,
  reply: FastifyReply,
  shell: HtmlPage,
  drawn: { html: string; state: string; member: string; scripts: readonly string[] },
  language: Language,
): Promise<FastifyReply> | null {
  const preload = drawn.scripts.map(escapeAttribute).join(' ');
  // Whose page it is: text typed before the app and left is kept under that member's id
  // (browser/typed.ts).
  const member = escapeAttribute(drawn.member);
  const template = shell.template
    .replace('<html lang="en">', () => `<html lang="${language}">`)
    .replace(
      /<div id="root">[\s\S]*?<!-- \/loading -->\s*<\/div>/,
      () =>
        `<div id="root" data-prerendered="member" data-takeover="ready" data-member="${member}" data-preload="${preload}">${drawn.html}</div>` +
        `<script type="application/json" id="camino-state">${drawn.state}</script>`,
    );
  if (!template.includes('data-prerendered="member"')) return null;
  reply.header('cache-control', 'private, no-store');
  addVary(reply, 'Accept-Encoding');
  // The drawing's style attributes (a progress bar's width) are the app's own, set by script in
  // the browser (which the policy does not govern); in HTML the policy must name each one.
  return sendHtml(request, reply, template, styleAttributesOf(drawn.html));
}

const escapeAttribute = (value: string) =>
  value.replace(/[&"<>]/g, (c) => ({ '&': '&amp;', '"': '&quot;', '<': '&lt;', '>': '&gt;' })[c]!);

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
    // The page's template: sent by the caller with a fresh style nonce (the service worker
    // precaches `/index.html`, docs/decisions/0024), never raw with its placeholder.
    allowedPath: (path) => path !== '/index.html',
    setHeaders(res, path) {
      res.setHeader('cache-control', /[/\\]assets[/\\]/.test(path) ? IMMUTABLE : REVALIDATE);
      // The same URL has several encodings: caches must key on the request's Accept-Encoding.
      if (COMPRESSIBLE.test(path.replace(/\.(br|gz)$/, '')))
        res.setHeader('vary', 'Accept-Encoding');
    },
  });
}
