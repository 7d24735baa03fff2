import type { FastifyReply, FastifyRequest } from 'fastify';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Below this an answer goes out as it is (as @fastify/compress's threshold in app.ts). */
const COMPRESS_FROM_BYTES = 1024;
/** The level @fastify/compress uses (fast, and most of brotli's gain on JSON). */
const BROTLI_QUALITY = 4;

/**
 * JSON already built (and checked against the route's response schema by whoever built it),
 * kept with the compressed forms already asked for: sent as bytes, skipping the response
 * serializer, and compressed once per encoding, not on every request. The dashboard (ADR 0011),
 * a group's pages (ADR 0052) and the Scripture answers (ADR 0057) keep theirs this way.
 */
export class KeptJson {
  readonly json: Buffer;
  private br: Buffer | undefined;
  private gzip: Buffer | undefined;

  constructor(json: string) {
    this.json = Buffer.from(json, 'utf8');
  }

  /** The bytes held: the JSON and the compressed forms made so far. */
  get bytes(): number {
    return this.json.length + (this.br?.length ?? 0) + (this.gzip?.length ?? 0);
  }

  encoded(encoding: 'br' | 'gzip'): Buffer {
    if (encoding === 'br') {
      return (this.br ??= brotliCompressSync(this.json, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: this.json.length,
        },
      }));
    }
    return (this.gzip ??= gzipSync(this.json));
  }
}

/** The encoding to send: brotli, else gzip, when the request accepts it (q > 0); else none. */
export function acceptedEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  if (request.headers['x-no-compression'] !== undefined) return null;
  const header = request.headers['accept-encoding'];
  if (typeof header !== 'string' || header === '') return null;
  const accepted = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const wants = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (wants('br')) return 'br';
  if (wants('gzip')) return 'gzip';
  return null;
}

/** Sends a kept answer, compressed as the request accepts (once per encoding, then kept). */
export function sendKept(request: FastifyRequest, reply: FastifyReply, kept: KeptJson) {
  reply.type('application/json; charset=utf-8');
  if (kept.json.length < COMPRESS_FROM_BYTES) return reply.send(kept.json);
  reply.header('vary', 'accept-encoding');
  const encoding = acceptedEncoding(request);
  if (encoding === null) return reply.send(kept.json);
  // Already encoded: @fastify/compress passes an answer with a Content-Encoding through.
  return reply.header('content-encoding', encoding).send(kept.encoded(encoding));
}
