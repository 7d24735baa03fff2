import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  changePasswordSchema,
  confirmPasswordSchema,
  deleteAccountSchema,
  deviceSettingsSchema,
  forgotPasswordSchema,
  passwordSchema,
  signInSchema,
  signUpSchema,
  verifyEmailQuerySchema,
  verifyRecoveryCodeSchema,
  verifyTotpSchema,
  type DeviceSettings,
} from '#shared/schemas/user.ts';
import { verifyPasskeySchema } from '#shared/schemas/passkeys.ts';
import { CLIENT_IP_HEADER, type Auth } from '../auth/auth.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  CONTEXT_PASSWORD_MESSAGE,
  isCommonPassword,
  isGuessableInContext,
  loadCommonPasswords,
} from '../auth/common-passwords.ts';
import { withTypedRecoveryCode } from '../auth/recovery-codes.ts';
import type { RateLimitStore } from '../security/rate-limit-store.ts';
import { hasSessionCookie, pendingSecondStep, type SessionCache } from '../auth/session.ts';
import { HttpError, notFound } from '../errors.ts';
import { hasTranslation, translate } from '../i18n/translate.ts';
import { accountRef, securityEvent, type SecurityEvent } from '../security/events.ts';
import { totpStepFor } from '../auth/totp-window.ts';
import { validationError } from './validation.ts';

/**
 * A new password: the shared rules, not one of the common passwords, and not built on a word
 * anyone guesses on this site (server side; ADR 0037).
 */
const newPassword = passwordSchema
  .refine((p) => !isCommonPassword(p), { error: COMMON_PASSWORD_MESSAGE })
  .refine((p) => !isGuessableInContext(p), { error: CONTEXT_PASSWORD_MESSAGE });

/** At sign-up the member's own names and address are guessable words too. */
const signUpBody = signUpSchema
  .extend({ name: z.string().max(200).optional(), password: newPassword })
  .extend(deviceSettingsSchema.shape)
  .superRefine((body, context) => {
    const personal = [body.firstName, body.lastName, body.email.split('@')[0] ?? ''];
    const saidAlready = isCommonPassword(body.password) || isGuessableInContext(body.password);
    if (!saidAlready && isGuessableInContext(body.password, personal)) {
      context.addIssue({ code: 'custom', path: ['password'], message: CONTEXT_PASSWORD_MESSAGE });
    }
  });

/**
 * Our own checks before a body reaches better-auth: the same Zod schemas as the client
 * forms, so bad input gets the same translated messages everywhere.
 */
const PRE_VALIDATION: Record<string, z.ZodType> = {
  '/sign-up/email': signUpBody,
  '/sign-in/email': signInSchema
    .extend({ rememberMe: z.boolean().optional() })
    .extend(deviceSettingsSchema.shape),
  '/request-password-reset': forgotPasswordSchema.extend({
    redirectTo: z.string().startsWith('/').max(200).optional(),
  }),
  '/reset-password': z.object({ newPassword, token: z.string().min(1).max(200) }),
  '/change-password': changePasswordSchema.extend({ newPassword }),
  '/delete-user': deleteAccountSchema,
  // Two-step sign-in (ADR 0031): an authenticator app's code, or one of the recovery codes.
  '/two-factor/enable': confirmPasswordSchema,
  '/two-factor/disable': confirmPasswordSchema,
  '/two-factor/generate-backup-codes': confirmPasswordSchema,
  '/two-factor/verify-totp': verifyTotpSchema.extend(deviceSettingsSchema.shape),
  '/two-factor/verify-backup-code': verifyRecoveryCodeSchema.extend(deviceSettingsSchema.shape),
  // Or a passkey (ADR 0044): the options of the pending sign-in, then the browser's answer.
  '/two-factor/passkey-options': z.object({}).strict(),
  '/two-factor/verify-passkey': verifyPasskeySchema,
};

/** The security event each endpoint's answer is logged as (docs/security-events.md). */
const EVENTS: Record<string, SecurityEvent> = {
  '/sign-up/email': 'auth.sign-up',
  '/sign-in/email': 'auth.sign-in',
  '/request-password-reset': 'auth.password.reset-request',
  '/reset-password': 'auth.password.reset',
  '/change-password': 'auth.password.change',
  '/delete-user': 'account.delete',
  '/two-factor/enable': 'auth.two-factor.enable',
  '/two-factor/disable': 'auth.two-factor.disable',
  '/two-factor/generate-backup-codes': 'auth.recovery-codes.generate',
  '/two-factor/verify-totp': 'auth.two-factor.verify',
  '/two-factor/verify-backup-code': 'auth.recovery-code.verify',
  '/two-factor/verify-passkey': 'auth.passkey.verify',
};

/**
 * The requests that end with a member signed in: they may carry the device's time zone and
 * language (ADR 0038), which are taken out of the body better-auth sees and saved, once the
 * answer names the member, where the member has chosen none.
 */
const SIGNS_IN = new Set([
  '/sign-up/email',
  '/sign-in/email',
  '/two-factor/verify-totp',
  '/two-factor/verify-backup-code',
  '/two-factor/verify-passkey',
]);

function takeDeviceSettings(body: Record<string, unknown>): DeviceSettings {
  const { timeZone, language } = body as DeviceSettings;
  delete body.timeZone;
  delete body.language;
  return { ...(timeZone ? { timeZone } : {}), ...(language ? { language } : {}) };
}

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
  { method: 'POST', path: /^\/two-factor\/verify-(totp|backup-code|passkey)$/ },
  { method: 'POST', path: /^\/two-factor\/passkey-options$/ },
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

/** What better-auth answered, as forwarded to the client. */
export interface Forwarded {
  status: number;
  /** The JSON answer (a success's, or an error's `code`), when there was one. */
  json: Record<string, unknown> | null;
}

/**
 * The session token is the cookie's business alone (ASVS 3.3.4): better-auth also puts it in
 * the JSON of sign-up, sign-in and the second step, where a script on the page could read it.
 */
function withoutToken(json: Record<string, unknown>): Record<string, unknown> {
  const { token: _token, ...rest } = json;
  const session = rest.session;
  if (session && typeof session === 'object' && 'token' in session) {
    const { token: _sessionToken, ...kept } = session as Record<string, unknown>;
    rest.session = kept;
  }
  return rest;
}

/**
 * better-auth answers the same code for different links: INVALID_TOKEN from the address
 * confirmation said "This reset link is invalid". A path's own words for a code, where they differ
 * (the confirmation page's, which it shows for the same outcomes).
 */
const MESSAGE_BY_PATH: Record<string, Record<string, string>> = {
  '/verify-email': {
    INVALID_TOKEN: 'verify.page.invalid',
    TOKEN_EXPIRED: 'verify.page.expired',
  },
};

export async function forward(
  auth: Auth,
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
  body: Record<string, unknown> | undefined,
  onError?: (code: string | undefined) => Promise<void>,
  /** Work on a success's JSON that must be done before the client has the answer. */
  beforeSuccess?: (json: Record<string, unknown>) => Promise<void>,
): Promise<Forwarded> {
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
  let json: Record<string, unknown> | null = null;
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) {
      json = parsed as Record<string, unknown>;
    }
  } catch {
    json = null;
  }
  if (response.status >= 400 && json) {
    // Replace better-auth's English message with a translated one.
    const code = typeof json.code === 'string' ? json.code : undefined;
    await onError?.(code);
    const key = code
      ? (MESSAGE_BY_PATH[path]?.[code] ?? `auth.errors.${code}`)
      : response.status === 429
        ? 'auth.errors.TOO_MANY_REQUESTS'
        : '';
    const message = translate(request.lang, key && hasTranslation(key) ? key : 'errors.generic');
    await reply.type('application/json').send({ ...json, message });
    return { status: response.status, json };
  }
  if (json) {
    await beforeSuccess?.(json);
    await reply.send(withoutToken(json));
    return { status: response.status, json };
  }
  await reply.send(text || null);
  return { status: response.status, json: null };
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

/** The member a reset token names (read before better-auth spends it), or null. */
async function resetTokenUser(auth: Auth, token: unknown): Promise<string | null> {
  if (typeof token !== 'string') return null;
  const context = await auth.$context;
  const row = await context.internalAdapter.findVerificationValue(`reset-password:${token}`);
  return row?.value ?? null;
}

/** The member an answer is about: better-auth's `user.id`, else whoever asked. */
const answeredUser = (json: Record<string, unknown> | null): string | null => {
  const u = json?.user;
  return u && typeof u === 'object' && typeof (u as { id?: unknown }).id === 'string'
    ? (u as { id: string }).id
    : null;
};

export function registerAuthProxy(
  app: FastifyInstance,
  auth: Auth,
  sessionCache: SessionCache,
  rateLimitStore: RateLimitStore,
  /** Saves the device's time zone and language where the member chose none (ADR 0038). */
  adoptDevice: (userId: string, device: DeviceSettings) => Promise<unknown>,
) {
  const secret = auth.options.secret as string;
  loadCommonPasswords();

  /** Logs the answer of one auth endpoint as its security event (or a rate-limit hit). */
  const logAnswer = (
    request: FastifyRequest,
    path: string,
    body: Record<string, unknown> | undefined,
    result: Forwarded,
    userId: string | null,
  ) => {
    const event = EVENTS[path];
    if (!event) return;
    const code = typeof result.json?.code === 'string' ? result.json.code : undefined;
    const who = answeredUser(result.json) ?? userId;
    const account =
      path === '/sign-in/email' || path === '/sign-up/email' || path === '/request-password-reset'
        ? accountRef(secret, body?.email)
        : undefined;
    if (result.status === 429) {
      securityEvent(request, 'request.rate-limited', {
        outcome: 'refused',
        scope: event,
        userId: who,
        account,
        status: 429,
      });
      return;
    }
    const outcome =
      result.status >= 400
        ? 'failure'
        : result.json?.twoFactorRedirect === true
          ? 'pending'
          : 'success';
    securityEvent(request, event, {
      outcome,
      userId: who,
      account,
      status: result.status,
      code,
      ...(outcome === 'pending' ? { reason: 'second-step-required' } : {}),
    });
  };

  /**
   * The device's time zone and language, saved once the answer names the member signed in,
   * where the member has chosen none. The member is signed in either way: the zone can be taken
   * at the next sign-in.
   */
  const adoptDeviceOf = async (
    request: FastifyRequest,
    payload: Record<string, unknown> | null,
    device: DeviceSettings,
  ) => {
    const userId = (payload as { user?: { id?: unknown } } | null)?.user?.id;
    if (typeof userId !== 'string') return;
    try {
      await adoptDevice(userId, device);
      sessionCache.forgetUser(userId);
    } catch (error) {
      request.log.warn({ err: error }, 'the device time zone and language were not saved');
    }
  };

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
        if (!parsed.success) {
          securityEvent(request, 'request.invalid', {
            outcome: 'refused',
            scope: EVENTS[path],
            fields: parsed.error.issues.map((i) => i.path.join('.')),
            reasons: parsed.error.issues.map((i) => i.message),
          });
          return validationError(request, reply, parsed.error);
        }
        body = prepareBody(path, parsed.data as Record<string, unknown>);
      } else {
        body = raw as Record<string, unknown>;
      }
    }
    // Whose sessions a POST may change (sign-out elsewhere, a new password, two-step sign-in
    // turned on or off, a deleted account): the signed-in member's, and a reset's account.
    // Only theirs leave the session memo afterwards; an anonymous request clears nothing.
    const me =
      request.method === 'POST' && hasSessionCookie(request)
        ? await app.resolveSession(request.cookies)
        : null;
    const concerned = new Set<string>(me ? [me.id] : []);
    const resetOf = path === '/reset-password' ? await resetTokenUser(auth, body?.token) : null;
    if (resetOf) concerned.add(resetOf);
    // An admin's account keeps a second factor: the admin routes require one (the app's codes
    // may go when a passkey stays, ADR 0044).
    if (path === '/two-factor/disable' && me?.role === 'admin' && !me.hasPasskey) {
      throw new HttpError(403, 'errors.twoFactorAdmin', {}, 'TWO_FACTOR_REQUIRED');
    }
    let secondStepOf: string | null = null;
    // A code is good once (ASVS 2.8.4 / 6.5): the same code seen again for the same account
    // within its lifetime is refused, whichever instance saw it first.
    if (path === '/two-factor/verify-totp' && body) {
      secondStepOf = await secondStepUser(app, auth, request);
      // A code lives 30 seconds, its own step (ASVS 6.5.5): the step before or after is refused.
      const step = secondStepOf ? await totpStepFor(auth, secondStepOf, String(body.code)) : null;
      if (step === 'previous' || step === 'next') {
        securityEvent(request, 'auth.two-factor.verify', {
          outcome: 'failure',
          userId: secondStepOf ?? undefined,
          status: 401,
          code: step === 'previous' ? 'CODE_CHANGED' : 'CODE_NOT_YET',
        });
        return reply.status(401).send({
          code: 'INVALID_CODE',
          message: translate(
            request.lang,
            `auth.errors.${step === 'previous' ? 'CODE_CHANGED' : 'CODE_NOT_YET'}`,
          ),
        });
      }
      if (secondStepOf) {
        // Keyed by a keyed hash: the store holds nothing that names the person (it outlives
        // an account deleted within the 90 s).
        const mark = createHmac('sha256', secret)
          .update(`${secondStepOf}:${String(body.code)}`)
          .digest('base64url');
        const used = await rateLimitStore.consume(`totp-used:${mark}`, {
          window: CODE_LIFETIME_SECONDS,
          max: 1,
        });
        if (!used.allowed) {
          securityEvent(request, 'auth.two-factor.verify', {
            outcome: 'failure',
            userId: secondStepOf,
            status: 401,
            code: 'CODE_ALREADY_USED',
          });
          return reply.status(401).send({
            code: 'INVALID_CODE',
            message: translate(request.lang, 'auth.errors.INVALID_CODE'),
          });
        }
      }
    }
    if (path === '/two-factor/verify-backup-code' || path === '/two-factor/verify-passkey') {
      secondStepOf = await secondStepUser(app, auth, request);
    }

    const device = body && SIGNS_IN.has(path) ? takeDeviceSettings(body) : {};
    // Saved before the client has the answer: the page that reads the member next sees them.
    const adopt = SIGNS_IN.has(path)
      ? (json: Record<string, unknown>) => adoptDeviceOf(request, json, device)
      : undefined;
    let result: Forwarded;
    try {
      if (path === '/sign-up/email') {
        const key = `sign-up-known:${request.ip}`;
        const spent = await rateLimitStore.peek(key);
        if (spent.count >= KNOWN_EMAIL_ANSWERS.max) {
          securityEvent(request, 'request.rate-limited', {
            outcome: 'refused',
            scope: 'auth.sign-up',
            status: 429,
          });
          return reply
            .status(429)
            .header('retry-after', String(spent.retryAfter))
            .send({
              code: 'TOO_MANY_REQUESTS',
              message: translate(request.lang, 'auth.errors.TOO_MANY_REQUESTS'),
            });
        }
        result = await forward(
          auth,
          request,
          reply,
          path,
          body,
          async (code) => {
            if (code?.startsWith('USER_ALREADY_EXISTS')) {
              await rateLimitStore.consume(key, {
                window: KNOWN_EMAIL_ANSWERS.windowSeconds,
                max: KNOWN_EMAIL_ANSWERS.max,
              });
            }
          },
          adopt,
        );
      } else if (path === '/two-factor/verify-backup-code' && typeof body?.code === 'string') {
        // The stored codes are hashes: the check needs the code as typed (recovery-codes.ts).
        const code = body.code;
        result = await withTypedRecoveryCode(code, () =>
          forward(auth, request, reply, path, body, undefined, adopt),
        );
      } else {
        result = await forward(auth, request, reply, path, body, undefined, adopt);
      }
    } finally {
      for (const id of concerned) sessionCache.forgetUser(id);
    }
    if (request.method === 'POST') {
      logAnswer(request, path, body, result, me?.id ?? secondStepOf ?? resetOf);
    }
    return reply;
  };
  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler });
}
