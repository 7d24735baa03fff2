/**
 * How errors reach the log: the type, code, message and stack, and the same for their cause,
 * but never the values a failed query carried (a journal entry, a prayer, an e-mail address)
 * nor PostgreSQL's `detail` (`Key (email)=(…) already exists`). Members' content stays out of
 * the log; the SQL text (placeholders only) and the error codes are enough to find a fault.
 */
const KEPT_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'routine',
  'table',
  'column',
  'constraint',
  'query',
] as const;

/** Drizzle's "Failed query: …\nparams: …" message without its params line. */
function withoutParams(text: string): string {
  return text.replace(/\nparams: [\s\S]*?(?=\n {4}at |$)/, '\nparams: [redacted]');
}

export interface LoggedError {
  type: string;
  message: string;
  stack: string;
  cause?: LoggedError;
  [field: string]: unknown;
}

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error))
    return { type: typeof error, message: '[not an Error]', stack: '' };
  const out: LoggedError = {
    type: error.constructor?.name ?? 'Error',
    message: withoutParams(error.message),
    stack: withoutParams(error.stack ?? ''),
  };
  const record = error as unknown as Record<string, unknown>;
  for (const field of KEPT_FIELDS) {
    const value = record[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (error.cause !== undefined && depth < 3) out.cause = serializeError(error.cause, depth + 1);
  return out;
}
