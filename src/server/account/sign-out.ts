/**
 * Signing out (ASVS 3.5.3). `GET /api/logout` stays the app's sign-out link and the under-13
 * path's redirect target (SPEC §2, §7), but a GET ends the session only when the browser says
 * the navigation came from one of our own pages: `Sec-Fetch-Site: same-origin`, or, from a
 * browser that does not send it, a `Referer` of our origin. Any other GET (a link on another
 * site, an image tag, a typed address) changes nothing and shows a small page in the language
 * the app is shown in on that browser, with a sign-out button, a form POST that the Origin check guards. `POST /api/logout`
 * signs out for scripts. Only the member's own entries leave the session memo (ADR 0008).
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SIGNED_OUT_COOKIE, type Language } from '#shared/constants.ts';
import type { Auth } from '../auth/auth.ts';
import { clearSessionCookies } from '../auth/cookies.ts';
import { type SessionCache, type SessionUser } from '../auth/session.ts';
import { translate } from '../i18n/translate.ts';
import { securityEvent } from '../security/events.ts';
import { pageLanguage } from '#delivery/server/html.ts';

/** Whether a GET is a navigation from a page of `appOrigin` (not another site, not typed). */
export function fromOwnPage(request: FastifyRequest, appOrigin: string): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined) return site === 'same-origin';
  const referer = request.headers.referer;
  if (!referer) return false;
  try {
    return new URL(referer).origin === appOrigin;
  } catch {
    return false;
  }
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/** The page's whole style, allowed by its hash (the policy has no 'unsafe-inline'). */
const STYLE = [
  ':root{color-scheme:light}',
  'body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f7f5f0;color:#0f172a;',
  "font:16px/1.5 ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}",
  'main{box-sizing:border-box;width:min(28rem,100% - 2rem);margin:1rem;padding:2rem 1.5rem;background:#fff;',
  'border:1px solid #e2e8f0;border-radius:1rem;box-shadow:0 1px 3px rgb(15 29 49/.08)}',
  ".brand{margin:0 0 1rem;font:600 1rem/1 'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#24487a}",
  "h1{margin:0 0 .75rem;font:400 1.75rem/1.2 'Iowan Old Style','Palatino Linotype',Palatino,Georgia,serif;color:#0f1d31}",
  'p{margin:0 0 1.5rem}',
  'form{margin:0 0 1rem}',
  'button{width:100%;min-height:2.75rem;padding:.625rem 1rem;border:0;border-radius:.5rem;background:#24487a;',
  'color:#fff;font-family:inherit;font-size:1rem;font-weight:600;line-height:1.25;cursor:pointer}',
  'button:hover{background:#1f3a5f}',
  'button:focus-visible,a:focus-visible{outline:3px solid #c8962e;outline-offset:2px}',
  'a{display:block;text-align:center;color:#24487a;font-weight:600}',
].join('');
const STYLE_HASH = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;

/** The confirmation page: nothing has changed; the button signs out. */
function confirmationPage(reply: FastifyReply, lang: Language) {
  const t = (key: string) => escapeHtml(translate(lang, key));
  const policy = String(reply.getHeader('content-security-policy') ?? '').replace(
    "style-src 'self'",
    `style-src 'self' ${STYLE_HASH}`,
  );
  return reply
    .status(200)
    .header('content-security-policy', policy)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(
      `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
        '<meta name="viewport" content="width=device-width,initial-scale=1">' +
        '<meta name="robots" content="noindex">' +
        `<title>${t('auth.signOutPage.title')} · ${t('app.name')}</title><style>${STYLE}</style></head>` +
        `<body><main><p class="brand">${t('app.name')}</p><h1>${t('auth.signOutPage.title')}</h1>` +
        `<p>${t('auth.signOutPage.body')}</p>` +
        `<form method="post" action="/api/logout"><button type="submit">${t('auth.signOutPage.button')}</button></form>` +
        `<a href="/">${t('auth.signOutPage.stay')}</a></main></body></html>`,
    );
}

export function registerSignOutRoutes(
  app: FastifyInstance,
  deps: { auth: Auth; sessionCache: SessionCache; appUrl: string },
) {
  const { auth, sessionCache } = deps;
  const appOrigin = new URL(deps.appUrl).origin;

  /** Ends the request's session (if any) and forgets that member's memo entries only. */
  const endSession = async (
    request: FastifyRequest,
    reply: FastifyReply,
    me: SessionUser | null,
  ) => {
    if (me) {
      try {
        const response = await auth.api.signOut({
          headers: new Headers({ cookie: request.headers.cookie ?? '' }),
          asResponse: true,
        });
        for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      } finally {
        sessionCache.forgetUser(me.id);
      }
      securityEvent(request, 'auth.sign-out', { outcome: 'success', userId: me.id });
    }
    clearSessionCookies(reply, request.cookies);
    tellThePageSignedOut(request, reply);
  };

  app.get(
    '/api/logout',
    {
      schema: {
        tags: ['account'],
        summary:
          'From one of our pages: ends the session and redirects to /. From anywhere else: a page that asks',
      },
    },
    async (request, reply) => {
      const me = await app.resolveSession(request.cookies);
      if (!me) return reply.redirect('/', 302);
      if (fromOwnPage(request, appOrigin)) {
        await endSession(request, reply, me);
        return reply.redirect('/', 302);
      }
      securityEvent(request, 'auth.sign-out', {
        outcome: 'pending',
        userId: me.id,
        reason: 'not-from-own-page',
      });
      // The language this browser shows the app in (its choice, else the browser's): the same
      // rule as every page the server renders.
      return confirmationPage(reply, pageLanguage(request));
    },
  );

  // The page's button posts a form (urlencoded, empty): accepted by this route alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, _body, done) => done(null, {}),
    );
    scope.post(
      '/api/logout',
      {
        schema: {
          tags: ['account'],
          summary: 'Ends the session (the page’s button: redirects to /; a script: JSON)',
        },
      },
      async (request, reply) => {
        const me = await app.resolveSession(request.cookies);
        await endSession(request, reply, me);
        if (request.headers['sec-fetch-mode'] === 'navigate') return reply.redirect('/', 303);
        return reply.send({ signedOut: me !== null });
      },
    );
  });
}

/**
 * The page the sign-out redirects to deletes the text typed and not saved in this browser
 * (src/client/lib/unsaved.ts, docs/decisions/0049): the app's own sign-out does so before it
 * leaves, but this route is also reached without it (a typed address, the link opened without the
 * app, an account deleted). A short-lived marker the page reads, then removes; it says nothing
 * about anyone.
 */
export function tellThePageSignedOut(request: FastifyRequest, reply: FastifyReply) {
  reply.setCookie(SIGNED_OUT_COOKIE, '1', {
    path: '/',
    maxAge: 300,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    httpOnly: false,
  });
}
