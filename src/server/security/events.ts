/**
 * Security events (ASVS 16.2.1, 16.3.1–16.3.3): one structured log line per sign-in, sign-out,
 * two-step and password change, refusal (401, 403, cross-origin, rate limit, invalid input) and
 * admin action, each saying who (the member's id, or a keyed hash of the address a sign-in
 * named), what (`event`, `outcome`, the error `code`), when (the line's `time`) and where (the
 * client address `ip`, the request id `reqId`, the route). Never a password, a code, a token, an
 * e-mail address or anything a member wrote. The list is in docs/security-events.md.
 */
import { createHmac } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

export const SECURITY_EVENTS = [
  'auth.sign-up',
  'auth.sign-in',
  'auth.sign-out',
  'auth.two-factor.enable',
  'auth.two-factor.disable',
  'auth.two-factor.verify',
  'auth.recovery-code.verify',
  'auth.recovery-codes.generate',
  'auth.passkey.add',
  'auth.passkey.remove',
  'auth.passkey.verify',
  'auth.password.change',
  'auth.password.reset-request',
  'auth.password.reset',
  'account.delete',
  'access.denied',
  'request.cross-origin',
  'request.rate-limited',
  'request.invalid',
  'admin.action',
  'push.endpoint-refused',
] as const;
export type SecurityEvent = (typeof SECURITY_EVENTS)[number];

export type Outcome = 'success' | 'failure' | 'refused' | 'pending';

export interface SecurityFields {
  outcome: Outcome;
  /** The member the event is about (when known). */
  userId?: string | null;
  /** A stable error code (better-auth's, or ours), never a message with input in it. */
  code?: string;
  status?: number;
  /** Anything else that names no person and no content (field paths, an admin's target id). */
  [field: string]: unknown;
}

/** Fields that must never reach the log, whatever a caller passes. */
const FORBIDDEN = /pass|token|secret|code$|^email$|cookie|body|content|text/i;

/**
 * Logs one security event on the request's logger (which carries `reqId`), at `info` for a
 * success and `warn` otherwise.
 */
export function securityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  fields: SecurityFields,
): void {
  const line: Record<string, unknown> = {
    security: true,
    event,
    ip: request.ip,
    method: request.method,
    route: request.routeOptions?.url ?? request.url.split('?')[0],
  };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (key !== 'code' && FORBIDDEN.test(key)) continue;
    line[key] = value;
  }
  if (line.userId === undefined) line.userId = request.user?.id ?? null;
  const level = fields.outcome === 'success' ? 'info' : 'warn';
  request.log[level](line, `security: ${event} ${fields.outcome}`);
}

/**
 * Who a sign-in or reset named, without naming them: a keyed hash of the address (the same
 * address gives the same value, so attempts on one account can be counted; the log alone
 * cannot be turned back into addresses).
 */
export function accountRef(secret: string, email: unknown): string | undefined {
  if (typeof email !== 'string' || email.length === 0) return undefined;
  return createHmac('sha256', secret)
    .update(`account-ref:${email.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 16);
}

/**
 * A refusal answered through the error handler: 401 and 403 (`access.denied`, or
 * `request.cross-origin` for the Origin check's), and 429 (`request.rate-limited`).
 */
export function logRefusal(request: FastifyRequest, status: number, code: string | undefined) {
  if (status === 429) {
    securityEvent(request, 'request.rate-limited', { outcome: 'refused', status, code });
  } else if (code === 'CROSS_ORIGIN') {
    securityEvent(request, 'request.cross-origin', {
      outcome: 'refused',
      status,
      code,
      origin: request.headers.origin ?? null,
      fetchSite: request.headers['sec-fetch-site'] ?? null,
    });
  } else if (status === 401 || status === 403) {
    securityEvent(request, 'access.denied', {
      outcome: 'refused',
      status,
      code,
      access: request.access ?? null,
    });
  }
}
