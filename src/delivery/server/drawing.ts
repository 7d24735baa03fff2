/**
 * A member's first screen drawn on the server (docs/decisions/0060): the app's own components,
 * built as an SSR bundle (src/delivery/render/drawing.tsx), rendered with the member's answers,
 * which the server gives itself through its own routes (`app.inject`, with the request's
 * cookie, address and language: the same authorization and fields as the browser's requests).
 * The page then paints before any script runs; the app takes it over with those answers.
 * Whenever drawing is not possible (no SSR bundle, no session, the age gate, a route the member
 * app does not draw, an error, too slow, too many at once), the caller sends the app's shell
 * instead, which has always worked alone.
 *
 * Drawings run side by side (each has its own context in the bundle), at most
 * MEMBER_DRAWINGS_AT_ONCE. One that is too slow is given up: its signal stops its render passes
 * and its requests, and the shell goes at once.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '#shared/constants.ts';
import type { CurrentUser } from '#shared/schemas/user.ts';
import type { DrawnAnswer } from '#delivery/app/drawing-context.ts';
import type * as Renderer from '#delivery/render/drawing.tsx';
import { startDrawingThreads } from './drawing-threads.ts';

/** A drawing slower than this is given up: the shell goes instead. */
export const MEMBER_RENDER_TIMEOUT_MS = 1_500;
/**
 * Drawings under way at once beyond which the shell goes at once (a flood gets the shell): each
 * holds its member's answers and HTML while the CPU is shared, and past this many they would
 * only all be slower.
 */
export const MEMBER_DRAWINGS_AT_ONCE = 32;

/**
 * A drawing's own requests to the API say so in this header, with a value drawn at random when
 * the process starts: the rate limit counts the page once, not each of its requests
 * (src/server/app.ts). A request from outside cannot know the value; one that sends the header
 * with any other value is counted as any request.
 */
export const DRAWING_HEADER = 'x-camino-drawing';
const DRAWING_TOKEN = Buffer.from(randomBytes(32).toString('base64url'));

/** Whether `request` is one of a drawing's own requests (`app.inject`), not one from outside. */
export function isDrawingRequest(request: FastifyRequest): boolean {
  const value = request.headers[DRAWING_HEADER];
  if (typeof value !== 'string') return false;
  const given = Buffer.from(value);
  return given.length === DRAWING_TOKEN.length && timingSafeEqual(given, DRAWING_TOKEN);
}

export interface DrawnPage {
  /** The body of #root. */
  html: string;
  /** The answers it was drawn from, as JSON safe inside a `<script type="application/json">`. */
  state: string;
  /** The member it was drawn for (their id). */
  member: string;
}

/** JSON that cannot end its `<script>` element, nor open a comment in it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

export interface MemberRenderer {
  draw(request: FastifyRequest, path: string, language: Language): Promise<DrawnPage | null>;
}

/**
 * The SSR bundle the build wrote beside the client (dist/ssr), or null without one. With
 * `threads` above 0 the pages are rendered on that many threads of their own (drawing-threads.ts,
 * closed with the app); with 0, on the main thread.
 */
export async function loadMemberRenderer(
  app: FastifyInstance,
  clientDir: string | undefined,
  threads = 0,
  timeoutMs = MEMBER_RENDER_TIMEOUT_MS,
): Promise<MemberRenderer | null> {
  const file = clientDir ? join(clientDir, '..', 'ssr', 'drawing.js') : undefined;
  if (!file || !existsSync(file)) return null;
  const bundle = pathToFileURL(file).href;
  let render: typeof Renderer.renderMemberPage;
  if (threads > 0) {
    const pool = startDrawingThreads(bundle, threads);
    app.addHook('onClose', () => pool.close());
    await pool.ready;
    render = ({ get, signal, ...drawing }) => pool.draw(drawing, get, signal);
  } else {
    ({ renderMemberPage: render } = (await import(bundle)) as typeof Renderer);
  }
  let underWay = 0;

  /** The drawing itself: the session, then the page (null: the shell). */
  async function drawFor(
    request: FastifyRequest,
    path: string,
    language: Language,
    signal: AbortSignal,
  ): Promise<DrawnPage | null> {
    const headers = {
      cookie: request.headers.cookie ?? '',
      'accept-language': language,
      ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      [DRAWING_HEADER]: DRAWING_TOKEN.toString(),
    };
    const get = async (url: string): Promise<DrawnAnswer> => {
      if (!url.startsWith('/api/')) throw new TypeError(`not an API path: ${url}`);
      // Given up: nothing more is asked for a page nobody waits for.
      signal.throwIfAborted();
      const answer = await app.inject({ method: 'GET', url, headers, remoteAddress: request.ip });
      const type = answer.headers['content-type'];
      return {
        status: answer.statusCode,
        ...(typeof type === 'string' ? { type } : {}),
        body: answer.body,
      };
    };
    const session = await get('/api/session');
    if (session.status !== 200) return null;
    const user = JSON.parse(session.body) as CurrentUser | null;
    // The age gate (and what it covers) is the app's own work: the shell.
    if (!user?.ageVerified) return null;
    const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const cookies = request.cookies;
    const drawn = await render({ path, search, language, user, get, cookies, signal });
    return drawn && { html: drawn.html, state: scriptSafeJson(drawn.state), member: user.id };
  }

  return {
    async draw(request, path, language) {
      if (underWay >= MEMBER_DRAWINGS_AT_ONCE) return null;
      underWay += 1;
      const abandon = new AbortController();
      const work = drawFor(request, path, language, abandon.signal);
      // Counted until it has stopped, given up or not: slow drawings cannot pile up.
      work.then(
        () => (underWay -= 1),
        () => (underWay -= 1),
      );
      let timer: NodeJS.Timeout | undefined;
      try {
        return await Promise.race([
          work,
          new Promise<null>((resolve) => {
            timer = setTimeout(() => {
              abandon.abort();
              resolve(null);
            }, timeoutMs);
          }),
        ]);
      } catch (error) {
        request.log.warn({ err: error, path }, 'drawing a member page failed; the shell goes');
        return null;
      } finally {
        clearTimeout(timer);
      }
    },
  };
}
