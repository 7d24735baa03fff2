import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../auth/session.ts';
import { hasPremiumAccess } from '#shared/schemas/subscription.ts';
import { HttpError } from '../errors.ts';
import { accessFor, type AccessClass } from '../routes/registry.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    access: AccessClass | undefined;
  }
  interface FastifyInstance {
    resolveSession: (cookies: Record<string, string | undefined>) => Promise<SessionUser | null>;
  }
}

type Resolve = (cookies: Record<string, string | undefined>) => Promise<SessionUser | null>;

/** Checks a resolved user against an access class; throws the matching HTTP error. */
export function assertAccess(access: AccessClass, user: SessionUser | null): void {
  if (access === 'public') return;
  if (!user) throw new HttpError(401, 'errors.unauthorized', {}, 'UNAUTHENTICATED');
  if (access === 'session') return;
  if (!user.ageVerified) throw new HttpError(403, 'errors.ageNotVerified', {}, 'AGE_NOT_VERIFIED');
  if (access === 'member') return;
  if (access === 'admin') {
    if (user.role !== 'admin') throw new HttpError(403, 'errors.forbidden', {}, 'ADMIN_ONLY');
    // Admins see every member's account: their own sign-in needs a second factor (ASVS L2),
    // an authenticator app's code or a passkey (ADR 0044).
    if (!hasSecondFactor(user)) {
      throw new HttpError(403, 'errors.twoFactorRequired', {}, 'TWO_FACTOR_REQUIRED');
    }
    return;
  }
  if (!hasPremium(user)) {
    throw new HttpError(403, 'errors.premiumRequired', {}, 'PREMIUM_REQUIRED');
  }
}

/** Sign-in asks for a second step: an authenticator app's code, or a passkey. */
export const hasSecondFactor = (user: Pick<SessionUser, 'twoFactorEnabled' | 'hasPasskey'>) =>
  user.twoFactorEnabled || user.hasPasskey;

/**
 * Premium access: the entitlement the session lookup derived (subscription or grant,
 * src/server/subscription/entitlement.ts), or an admin. The browser's gates ask the same.
 */
export const hasPremium = (user: Pick<SessionUser, 'isPremium' | 'role'>) => hasPremiumAccess(user);

/** Enforces the route registry on every request that matched a route. */
export function registerAccessHook(app: FastifyInstance, resolve: Resolve): void {
  app.decorateRequest('user', null);
  // For a public route that wants to know whether someone is signed in (GET /api/session).
  app.decorate('resolveSession', resolve);
  app.decorateRequest('access', undefined);
  app.addHook('onRequest', async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url) return; // no route matched: the not-found handler answers
    const access = accessFor(request.method, url);
    request.access = access;
    if (access === undefined) {
      // Unreachable for /api routes (the app refuses to start with one undeclared).
      if (url.startsWith('/api')) throw new HttpError(404, 'errors.notFound');
      return;
    }
    if (access === 'public') return;
    request.user = await resolve(request.cookies);
    // A request that names no language (a script, an app of the member's own) is answered in
    // the member's saved one, as their e-mail and push are: not in English by default.
    if (request.user && !request.headers['accept-language']) {
      request.lang = request.user.preferences.language;
    }
    assertAccess(access, request.user);
  });
}

/** The signed-in user of a route declared session/member/premium/admin. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new HttpError(401, 'errors.unauthorized', {}, 'UNAUTHENTICATED');
  return request.user;
}
