import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  confirmPasswordSchema,
  deleteAccountSchema,
  forgotPasswordSchema,
  passwordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailQuerySchema,
  verifyRecoveryCodeSchema,
  verifyTotpSchema,
} from '#shared/schemas/user.ts';
import { CLIENT_IP_HEADER, type Auth } from '../auth/auth.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { pendingSecondStep, type SessionCache } from '../auth/session.ts';
import { HttpError, notFound } from '../errors.ts';
import { hasTranslation, translate } from '../i18n/translate.ts';
import { totpStepFor } from '../auth/totp-window.ts';
import { validationError } from './validation.ts';

/**
 * Our own checks before a body reaches better-auth: the same Zod schemas as the client
 * forms, so bad input gets the same translated messages everywhere.
 */
const PRE_VALIDATION: Record<string, z.ZodType> = {
  '/sign-up/email': signUpSchema.extend({ name: z.string().max(200).optional() }),
  '/sign-in/email': signInSchema.extend({ rememberMe: z.boolean().optional() }),
  '/request-password-reset': forgotPasswordSchema.extend({
    redirectTo: z.string().startsWith('/').max(200).optional(),
  }),
  '/reset-password': z.object({ newPassword: passwordSchema, token: z.string().min(1).max(200) }),
  '/change-password': changePasswordSchema,
  '/delete-user': deleteAccountSchema,
  // Two-step sign-in (ADR 0031): an authenticator app's code, or one of the recovery codes.
  '/two-factor/enable': confirmPasswordSchema,
  '/two-factor/disable': confirmPasswordSchema,
  '/two-factor/generate-backup-codes': confirmPasswordSchema,
  '/two-factor/verify-totp': verifyTotpSchema,
  '/two-factor/verify-backup-code': verifyRecoveryCodeSchema,
};

/**
 * The better-auth endpoints the app uses, and the only ones the proxy passes on. Every other
 * one (`update-user`, `change-email`, `revoke-session`, `list-accounts`…) answers 404: a field
 * has one set of rules wherever it is written, so names change through PATCH /api/user/profile
 * alone, with its limits, and nothing better-auth adds in a new version is reachable unseen.
 */
const EXPOSED: { method: 'GET' | 'POST'; path: RegExp }[] = [
  { method: 'POST', path: /^\/sign-up\/email$/ },
  { method: 'POST', path: /^\/sign-in\/email$/ },
  { method: 'POST', path: /^\/request-password-reset$/ },
  // The link of the reset e-mail: checks the token and redirects to the app's form.
  { method: 'GET', path: /^\/reset-password\/[^/]+$/ },
  { method: 'POST', path: /^\/reset-password$/ },
  { method: 'POST', path: /^\/change-password$/ },
  { method: 'POST', path: /^\/delete-user$/ },
  { method: 'POST', path: /^\/two-factor\/(enable|disable|generate-backup-codes)$/ },
  { method: 'POST', path: /^\/two-factor\/verify-(totp|backup-code)$/ },
  // The app's confirmation page checks the e-mail's link (ADR 0040). Sending a link goes
  // through POST /api/user/email-verification (the member's own address only):
  // `send-verification-email`, which takes any address, stays closed.
  { method: 'GET', path: /^\/verify-email$/ },
];

/** The query strings of the GET endpoints above that take one, checked like the bodies. */
const QUERY_VALIDATION: Record<string, z.ZodType> = {
  // The token alone: no `callbackURL`, so the answer is JSON and never a redirect.
  '/verify-email': verifyEmailQuerySchema,
};

export function isExposed(method: string, path: string): boolean {
  return EXPOSED.some((e) => e.method === method && e.path.test(path));
}

/** Adjusts a validated body before better-auth sees it. */
function prepareBody(path: string, body: Record<string, unknown>): Record<string, unknown> {
  switch (path) {
    case '/sign-up/email':
      return { ...body, name: `${String(body.firstName)} ${String(body.lastName)}`.trim() };
    case '/change-password':
      // Changing the password always ends every other session.
      return { ...body, revokeOtherSessions: true };
    case '/two-factor/enable':
      // An authenticator app only: codes by e-mail or SMS are not offered.
      return { ...body, method: 'totp' };
    default:
      return body;
  }
}

function toWebHeaders(request: FastifyRequest): Headers {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined || key === 'content-length' || key === CLIENT_IP_HEADER) continue;
    if (Array.isArray(value)) value.forEach((v) => headers.append(key, v));
    else headers.set(key, String(value));
  }
  headers.set(CLIENT_IP_HEADER, request.ip);
  return headers;
}

export async function forward(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body: Record<string, unknown> | undefined,
  onError?: (code: string | undefined) => Promise<void>,
) {
  const url = new URL(request.url, 'http://internal');
  const target = new URL(`/api/auth${path}${url.search}`, auth.options.baseURL as string);
  const init: RequestInit = { method: request.method, headers: toWebHeaders(request) };
  if (body !== undefined) {
    (init.headers as Headers).set('content-type', 'application/json');
    init.body = JSON.stringify(body);
  }
  const response = await auth.handler(new Request(target, init));
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);

  const text = await response.text();
  if (response.status >= 400 && text) {
    // Replace better-auth's English message with a translated one.
    try {
      const payload = JSON.parse(text) as { code?: string; message?: string };
      await onError?.(payload.code);
      const key = payload.code
        ? `auth.errors.${payload.code}`
        : response.status === 429
          ? 'auth.errors.TOO_MANY_REQUESTS'
          : '';
      const message = translate(request.lang, key && hasTranslation(key) ? key : 'errors.generic');
      return reply.type('application/json').send({ ...payload, message });
    } catch {
      return reply.send(text);
    }
  }
  return reply.send(text || null);
}

/**
 * Sign-up tells a person that their address already has an account (ADR 0026). Each such
 * answer spends one of a client's few an hour; with none left, every sign-up from that client
 * answers 429, whatever the address, until the hour is over: a list of addresses cannot be
 * checked through sign-up, while a person who forgot they signed up is still told so.
 */
export const KNOWN_EMAIL_ANSWERS = { max: 5, windowSeconds: 60 * 60 } as const;

/**
 * How long a code of an authenticator app stays used: better-auth would accept it one 30-second
 * step either side of its own, so 90 seconds covers its whole life (the proxy accepts only its
 * own step: totp-window.ts, ADR 0031).
 */
const CODE_LIFETIME_SECONDS = 90;

/**
 * Whose code a verify-totp request carries: the signed-in member (turning it on), or the
 * account a pending sign-in belongs to (better-auth's signed two_factor cookie → its row).
 */
async function secondStepUser(
  app: FastifyInstance,
  auth: Auth,
  request: FastifyRequest,
): Promise<string | null> {
  const user = await app.resolveSession(request.cookies);
  if (user) return user.id;
  const identifier = pendingSecondStep(request.cookies, auth.options.secret as string);
  if (!identifier) return null;
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(identifier);
  return row?.value ?? null;
}

export function registerAuthProxy(
  app: FastifyInstance,
  auth: Auth,
  sessionCache: SessionCache,
  rateLimitStore: RateLimitStore,
) {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0]!.slice('/api/auth'.length);
    if (!isExposed(request.method, path)) throw notFound();
    const querySchema = request.method === 'GET' ? QUERY_VALIDATION[path] : undefined;
    if (querySchema) {
      const parsed = querySchema.safeParse(request.query);
      if (!parsed.success) return validationError(request, reply, parsed.error);
    }
    let body: Record<string, unknown> | undefined;
    if (request.method === 'POST') {
      const raw = request.body ?? {};
      const schema = PRE_VALIDATION[path];
      if (schema) {
        const parsed = schema.safeParse(raw);
        if (!parsed.success) return validationError(request, reply, parsed.error);
        body = prepareBody(path, parsed.data as Record<string, unknown>);
      } else {
        body = raw as Record<string, unknown>;
      }
    }
    // An admin's account keeps its second factor: the admin routes require it.
    if (path === '/two-factor/disable') {
      const user = await app.resolveSession(request.cookies);
      if (user?.role === 'admin') {
        throw new HttpError(403, 'errors.twoFactorAdmin', {}, 'TWO_FACTOR_REQUIRED');
      }
    }
    // A code is good once (ASVS 2.8.4 / 6.5): the same code seen again for the same account
    // within its lifetime is refused, whichever instance saw it first.
    if (path === '/two-factor/verify-totp' && body) {
      const userId = await secondStepUser(app, auth, request);
      // A code lives 30 seconds, its own step (ASVS 6.5.5): the step before or after is refused.
      const step = userId ? await totpStepFor(auth, userId, String(body.code)) : null;
      if (step === 'previous' || step === 'next') {
        return reply.status(401).send({
          code: 'INVALID_CODE',
          message: translate(
            request.lang,
            `auth.errors.${step === 'previous' ? 'CODE_CHANGED' : 'CODE_NOT_YET'}`,
          ),
        });
      }
      if (userId) {
        // Keyed by a keyed hash: the store holds nothing that names the person (it outlives
        // an account deleted within the 90 s).
        const mark = createHmac('sha256', auth.options.secret as string)
          .update(`${userId}:${String(body.code)}`)
          .digest('base64url');
        const used = await rateLimitStore.consume(`totp-used:${mark}`, {
          window: CODE_LIFETIME_SECONDS,
          max: 1,
        });
        if (!used.allowed) {
          return reply.status(401).send({
            code: 'INVALID_CODE',
            message: translate(request.lang, 'auth.errors.INVALID_CODE'),
          });
        }
      }
    }
    // Sign-out, password changes and resets, account deletion, two-step sign-in turned on or
    // off (better-auth replaces the session): sessions may have changed.
    if (request.method === 'POST') sessionCache.clear();
    if (path === '/sign-up/email') {
      const key = `sign-up-known:${request.ip}`;
      const spent = await rateLimitStore.peek(key);
      if (spent.count >= KNOWN_EMAIL_ANSWERS.max) {
        return reply
          .status(429)
          .header('retry-after', String(spent.retryAfter))
          .send({
            code: 'TOO_MANY_REQUESTS',
            message: translate(request.lang, 'auth.errors.TOO_MANY_REQUESTS'),
          });
      }
      return forward(auth, request, reply, path, body, async (code) => {
        if (code?.startsWith('USER_ALREADY_EXISTS')) {
          await rateLimitStore.consume(key, {
            window: KNOWN_EMAIL_ANSWERS.windowSeconds,
            max: KNOWN_EMAIL_ANSWERS.max,
          });
        }
      });
    }
    return forward(auth, request, reply, path, body);
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });
}
