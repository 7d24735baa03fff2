import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for every state-changing request (better-auth covers only its own routes):
 * a browser always sends Origin on a cross-site POST, so an Origin that is not ours (or
 * `null`) is refused with 403. Requests without Origin come from non-browser clients.
 * Bodies are JSON only (the text/plain parser is removed), so a plain HTML form cannot
 * post to the API at all.
 */
export function registerOriginCheck(app: FastifyInstance, allowedOrigins: string[]): void {
  const allowed = new Set(allowedOrigins.map((o) => new URL(o).origin));
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (!allowed.has(origin)) throw new HttpError(403, 'errors.crossOrigin', {}, 'CROSS_ORIGIN');
      return;
    }
    const site = request.headers['sec-fetch-site'];
    if (site === 'cross-site') throw new HttpError(403, 'errors.crossOrigin', {}, 'CROSS_ORIGIN');
  });
}
