/**
 * Tells "the database is away" (restarting, failed over, unreachable) from every other database
 * error. Those answer 503 with a translated "try again in a moment" (app.ts) rather than 500:
 * nothing is wrong with the request, and the pool reconnects by itself once the server is back.
 */

/** SQLSTATEs of a lost or refused connection (PostgreSQL appendix A). */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: "terminating connection due to administrator command"
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: "the database system is starting up / shutting down"
  '53300', // too_many_connections
]);

/** Socket errors on the way to the server. */
const UNAVAILABLE_SYSCALL_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/**
 * node-postgres reports a connection that ended under it, or a client that lost one, with
 * plain Errors and no code.
 */
const UNAVAILABLE_MESSAGE =
  /^Connection terminated|is not queryable|timeout exceeded when trying to connect/;

/** True when `error` (or what it wraps: Drizzle puts the driver's error in `cause`) is one. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (code.startsWith('08') || UNAVAILABLE_SQLSTATES.has(code)) return true;
      if (UNAVAILABLE_SYSCALL_CODES.has(code)) return true;
    }
    if (UNAVAILABLE_MESSAGE.test(e.message)) return true;
    if (e instanceof AggregateError && e.errors.some((inner) => isDatabaseUnavailable(inner))) {
      return true;
    }
    e = e.cause;
  }
  return false;
}
