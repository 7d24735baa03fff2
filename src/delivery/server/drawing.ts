/**
 * A member's first screen drawn on the server (docs/decisions/0060): the app's own components,
 * built as an SSR bundle (src/client/member-render.tsx), rendered with the member's answers,
 * which the server gives itself through its own routes (`app.inject`, with the request's
 * cookie, address and language: the same authorization, limits and fields as the browser's
 * requests). The page then paints before any script runs; the app takes it over with those
 * answers. Whenever drawing is not possible (no SSR bundle, no session, the age gate, a route
 * the member app does not have, an error, too slow, too busy), the caller sends the app's shell
 * instead, which has always worked alone.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language } from '#shared/constants.ts';
import type * as Renderer from '#delivery/render/drawing.tsx';

/** A drawing slower than this is not waited for: the shell goes instead. */
export const MEMBER_RENDER_TIMEOUT_MS = 1_500;
/** Drawings waiting their turn (one runs at a time) beyond which the shell goes at once. */
export const MEMBER_RENDER_QUEUE = 8;

/** What the browser's copy of an answer needs: the status and the body. */
const HEADERS_KEPT = ['content-type'];

export interface DrawnPage {
  /** The body of #root. */
  html: string;
  /** The answers it was drawn from, as JSON safe inside a `<script type="application/json">`. */
  state: string;
}

export interface MemberRenderer {
  draw(request: FastifyRequest, path: string, language: Language): Promise<DrawnPage | null>;
}

/** JSON that cannot end its `<script>` element, nor open a comment in it. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The SSR bundle the build wrote beside the client (dist/ssr), or null without one. */
export async function loadMemberRenderer(
  app: FastifyInstance,
  clientDir: string | undefined,
): Promise<MemberRenderer | null> {
  const file = clientDir ? join(clientDir, '..', 'ssr', 'drawing.js') : undefined;
  if (!file || !existsSync(file)) return null;
  const { renderMemberPage } = (await import(pathToFileURL(file).href)) as typeof Renderer;
  let waiting = 0;

  return {
    async draw(request, path, language) {
      if (waiting >= MEMBER_RENDER_QUEUE) return null;
      const headers = {
        cookie: request.headers.cookie ?? '',
        'accept-language': language,
        ...(request.headers['user-agent'] ? { 'user-agent': request.headers['user-agent'] } : {}),
      };
      const get = async (url: string) => {
        if (!url.startsWith('/api/')) throw new TypeError(`not an API path: ${url}`);
        const answer = await app.inject({
          method: 'GET',
          url,
          headers,
          remoteAddress: request.ip,
        });
        const kept: Record<string, string> = {};
        for (const name of HEADERS_KEPT) {
          const value = answer.headers[name];
          if (typeof value === 'string') kept[name] = value;
        }
        const empty = [204, 205, 304].includes(answer.statusCode);
        return new Response(empty ? null : answer.body, {
          status: answer.statusCode,
          headers: kept,
        });
      };
      const session = await get('/api/session');
      if (!session.ok) return null;
      const user = (await session.json()) as Renderer.MemberPageInput['user'] | null;
      // The age gate (and what it covers) is the app's own work: the shell.
      if (!user?.ageVerified) return null;
      const search = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      waiting += 1;
      let timer: NodeJS.Timeout | undefined;
      try {
        const drawn = await Promise.race([
          renderMemberPage({ path, search, language, user, get, cookies: request.cookies }),
          new Promise<null>((resolve) => {
            timer = setTimeout(() => resolve(null), MEMBER_RENDER_TIMEOUT_MS);
          }),
        ]);
        return drawn && { html: drawn.html, state: scriptSafeJson(drawn.state) };
      } catch (error) {
        request.log.warn({ err: error, path }, 'drawing a member page failed; the shell goes');
        return null;
      } finally {
        clearTimeout(timer);
        waiting -= 1;
      }
    },
  };
}
