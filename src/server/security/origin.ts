import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `token`: the request is authorised by a signed token it carries (never by a cookie), so
     * any origin may send it: a forged cross-site request cannot do anything the token's
     * holder could not. The unsubscribe link of e-mails: a mail client's one-click POST, or the
     * confirmation page's form, which a browser posts with `Origin: null` (no referrer).
     */
    crossOrigin?: 'token';
  }
}

/**
 * CSRF defence for every state-changing request (better-auth covers only its own routes):
 * a browser always sends Origin on a cross-site POST, so an Origin that is not ours (or
 * `null`) is refused with 403. Requests without Origin come from non-browser clients. A route
 * authorised by a token in its URL, not by the session cookie, opts out (`crossOrigin: 'token'`).
 * Bodies are JSON only (the text/plain parser is removed), so a plain HTML form cannot
 * post to the API at all.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    if (request.routeOptions.config.crossOrigin === 'token') return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new HttpError(403, 'errors.crossOrigin', {}, 'CROSS_ORIGIN');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, 'errors.crossOrigin', {}, 'CROSS_ORIGIN');
  });
}
