import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.ts';

/** Deeper JSON than this is refused: no form of the app nests more than a few levels. */
export const MAX_INPUT_DEPTH = 16;

/** Fields whose value is passed on exactly as typed (a password is hashed, never stored). */
const VERBATIM_KEY = /password/i;

/** NUL, and UTF-16 surrogates that are not part of a pair: PostgreSQL cannot store them. */
// eslint-disable-next-line no-control-regex
const UNSTORABLE = /\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Other control characters (C0 but tab, line feed, carriage return; DEL; C1) are dropped. */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0001-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/g;

/** Sets an own property, even one named `__proto__` (a plain assignment would set the prototype). */
function define(node: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
}

export type TextProblem = { kind: 'text'; path: string } | { kind: 'depth' };

/**
 * Cleans one string for storage: Unicode NFC, control characters removed. Returns null when
 * it holds a character no text column can keep (NUL, a lone surrogate): that input is refused.
 */
export function cleanText(value: string): string | null {
  if (UNSTORABLE.test(value)) return null;
  return value.replace(CONTROL, '').normalize('NFC');
}

/**
 * Walks a parsed input (JSON body, query, route params) without recursion and cleans every
 * string in place, keys included. Returns the first problem found, or null.
 */
export function cleanInput(root: unknown): TextProblem | null {
  if (root === null || typeof root !== 'object') return null;
  const stack: { node: Record<string, unknown> | unknown[]; path: string; depth: number }[] = [
    { node: root as Record<string, unknown>, path: '', depth: 1 },
  ];
  while (stack.length > 0) {
    const { node, path, depth } = stack.pop()!;
    if (depth > MAX_INPUT_DEPTH) return { kind: 'depth' };
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((v, i) => [String(i), v])
      : Object.entries(node);
    for (const [key, value] of entries) {
      const at = path ? `${path}.${key}` : key;
      if (!Array.isArray(node)) {
        const cleanKey = cleanText(key);
        if (cleanKey === null) return { kind: 'text', path: at };
        if (cleanKey !== key) {
          delete node[key];
          define(node, cleanKey, value);
        }
      }
      const set = (v: unknown) => {
        if (Array.isArray(node)) node[Number(key)] = v;
        else define(node, cleanText(key)!, v);
      };
      if (typeof value === 'string') {
        if (VERBATIM_KEY.test(key) && !Array.isArray(node)) continue;
        const cleaned = cleanText(value);
        if (cleaned === null) return { kind: 'text', path: at };
        if (cleaned !== value) set(cleaned);
      } else if (value !== null && typeof value === 'object' && !(value instanceof Uint8Array)) {
        stack.push({ node: value as Record<string, unknown>, path: at, depth: depth + 1 });
      }
    }
  }
  return null;
}

/**
 * One gate for every route, ours and better-auth's alike (DESIGN §6: bad input is a
 * translated 400, never a 500): before validation, route params, the query string and the
 * JSON body are cleaned (NFC, control characters dropped), and text PostgreSQL cannot store
 * (NUL, lone surrogates) or nesting deeper than any form sends is refused.
 */
export function registerInputGate(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const [where, input] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      // A raw body kept as bytes (Stripe's webhook checks its signature on them) is not text.
      if (input instanceof Uint8Array) continue;
      if (typeof input === 'string') {
        if (cleanText(input) === null) throw invalidText(where);
        continue;
      }
      const problem = cleanInput(input);
      if (problem?.kind === 'depth') throw new HttpError(400, 'errors.tooDeep', {}, 'TOO_DEEP');
      if (problem) throw invalidText(problem.path);
    }
  });
}

/** The error handler answers this with the validation shape: a summary and the field. */
export class InvalidTextError extends HttpError {
  constructor(readonly path: string) {
    super(400, 'errors.validation', {}, 'VALIDATION');
  }
}

function invalidText(path: string): InvalidTextError {
  return new InvalidTextError(path);
}
