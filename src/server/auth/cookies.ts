import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * The names and attributes of better-auth's cookies (docs/decisions/0042). Served over HTTPS
 * (APP_URL https://…), every cookie is `__Host-`: Secure, Path=/ and no Domain, which a browser
 * enforces, so no other site (a sibling subdomain, a plain-http page on the network) can plant
 * or overwrite one (ASVS 3.3.3). Over plain http (a local `npm start`) the names carry no prefix:
 * browsers accept neither prefix there.
 */
const BASE = 'better-auth';

export const HOST_PREFIX = '__Host-';
/** The prefix better-auth gave cookies over HTTPS before (accepted for one release). */
export const LEGACY_PREFIX = '__Secure-';

/** better-auth's session cookie, without prefix. */
export const SESSION_COOKIE = `${BASE}.session_token`;

export const servesHttps = (appUrl: string) => appUrl.startsWith('https:');

/** better-auth `advanced` options that name and mark the cookies as described above. */
export function authCookieOptions(appUrl: string) {
  return servesHttps(appUrl)
    ? {
        useSecureCookies: false,
        cookiePrefix: `${HOST_PREFIX}${BASE}`,
        defaultCookieAttributes: { secure: true, path: '/' },
      }
    : { useSecureCookies: false };
}

export interface SessionCookieNames {
  /** The name better-auth sets and reads. */
  current: string;
  /**
   * The name sessions signed in before this release carry (`__Secure-…` over HTTPS): still
   * read, and renamed to `current` at the next request (see registerSessionCookieRename).
   */
  legacy: string | null;
}

export function sessionCookieNames(appUrl: string): SessionCookieNames {
  return servesHttps(appUrl)
    ? { current: `${HOST_PREFIX}${SESSION_COOKIE}`, legacy: `${LEGACY_PREFIX}${SESSION_COOKIE}` }
    : { current: SESSION_COOKIE, legacy: null };
}

/** Every name one of better-auth's cookies may have had, whatever the deployment. */
export const cookieNameVariants = (name: string) => [
  `${HOST_PREFIX}${BASE}.${name}`,
  `${LEGACY_PREFIX}${BASE}.${name}`,
  `${BASE}.${name}`,
];

/**
 * Clears every session cookie the request carries, with the attributes the browser needs to
 * match it (a prefixed cookie is only replaced by one marked Secure).
 */
export function clearSessionCookies(
  reply: FastifyReply,
  cookies: Record<string, string | undefined>,
): void {
  for (const name of cookieNameVariants('session_token')) {
    if (cookies[name] === undefined) continue;
    reply.clearCookie(name, { path: '/', ...(name.startsWith('__') ? { secure: true } : {}) });
  }
}

/**
 * One release's bridge (ADR 0042): a session signed in before, under the old `__Secure-` name,
 * is read as if it carried the `__Host-` name (by our session lookup and by better-auth, which
 * sees the request's cookie header), and the browser gets it back under the new name with the
 * old one cleared, so nobody is signed out by the rename. Registered before the access hook.
 */
export function registerSessionCookieRename(
  app: FastifyInstance,
  names: SessionCookieNames,
  maxAgeSeconds: number,
): void {
  const { legacy, current } = names;
  if (!legacy) return;
  const renamed = new WeakSet<object>();
  app.addHook('onRequest', async (request) => {
    const old = request.cookies[legacy];
    if (old === undefined || request.cookies[current] !== undefined) return;
    request.cookies[current] = old;
    request.headers.cookie = `${request.headers.cookie ?? ''}; ${current}=${encodeURIComponent(old)}`;
    renamed.add(request);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (!renamed.has(request)) return payload;
    // Unless the answer itself sets or ends the session (sign-out, a new sign-in).
    const setting = [reply.getHeader('set-cookie') ?? []].flat().map(String);
    // Written as headers: @fastify/cookie's own onSend has run by now.
    if (!setting.some((c) => c.startsWith(`${current}=`))) {
      reply.header(
        'set-cookie',
        app.serializeCookie(current, request.cookies[current]!, {
          path: '/',
          secure: true,
          httpOnly: true,
          sameSite: 'lax',
          maxAge: maxAgeSeconds,
        }),
      );
    }
    reply.header(
      'set-cookie',
      app.serializeCookie(legacy, '', { path: '/', secure: true, maxAge: 0 }),
    );
    return payload;
  });
}
