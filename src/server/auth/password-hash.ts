import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.ts';
import { account } from '../db/schema.ts';

/**
 * How passwords are stored (docs/decisions/0043): scrypt through Node's own `crypto.scrypt`
 * (OpenSSL, in libuv's thread pool: no install script, no pure-JS slowness), with the
 * parameters written into each hash, PHC-style: `$scrypt$ln=17,r=8,p=1$<salt>$<key>` (base64).
 * Hashes made before (better-auth's `salt:key` in hex, N=2^14, r=16, p=1) still verify, and
 * are replaced at the member's next successful sign-in (ASVS 11.4.2).
 */
export interface ScryptParams {
  /** CPU/memory cost: a power of two. Memory used is 128 × N × r bytes. */
  N: number;
  /** Block size. */
  r: number;
  /** Parallelisation (computed one after the other here). */
  p: number;
}

/** OWASP Password Storage Cheat Sheet's minimum for scrypt: 128 MiB, about 0.3 s a hash. */
export const STANDARD_SCRYPT: ScryptParams = { N: 2 ** 17, r: 8, p: 1 };

/**
 * The test suite's parameters (TEST_PASSWORD_HASHING=fast): the suites sign up hundreds of
 * members. `loadConfig` refuses the setting unless NODE_ENV=test, and a hash made with them
 * is replaced at the next sign-in like any weaker hash, were one ever to reach production.
 */
export const TEST_SCRYPT: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };

/** better-auth's own hashes (`@better-auth/utils/password`): the accounts made before. */
export const LEGACY_SCRYPT: ScryptParams = { N: 2 ** 14, r: 16, p: 1 };

const KEY_BYTES = 64;
const SALT_BYTES = 16;

/**
 * At most this many hashes are computed at once; the others wait their turn. Each takes
 * 128 MiB while it runs, and libuv's thread pool (4 threads) also serves file reads and DNS:
 * a burst of sign-ins must not take all of it, nor half a gigabyte of memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function limited<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

function derive(password: string, salt: Buffer | string, params: ScryptParams): Promise<Buffer> {
  return limited(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scrypt(
          // The same normalisation as better-auth's hashes, so every hash compares alike.
          password.normalize('NFKC'),
          salt,
          KEY_BYTES,
          { ...params, maxmem: 128 * params.N * params.r * 2 },
          (error, key) => (error ? reject(error) : resolve(key)),
        );
      }),
  );
}

/** A new hash of `password` with `params`, in the self-describing format. */
export async function hashPassword(
  password: string,
  params: ScryptParams = STANDARD_SCRYPT,
): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, params);
  return `$scrypt$ln=${Math.log2(params.N)},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

interface ParsedHash {
  params: ScryptParams;
  /** better-auth's hex salt is used as given (its characters), ours as bytes. */
  salt: Buffer | string;
  key: Buffer;
}

const PHC =
  /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,3}),p=(\d{1,3})\$([A-Za-z0-9+/]+=*)\$([A-Za-z0-9+/]+=*)$/;
const BETTER_AUTH = /^([0-9a-f]{32}):([0-9a-f]{128})$/;

function parse(hash: string): ParsedHash | null {
  const phc = PHC.exec(hash);
  if (phc) {
    const [, ln, r, p, salt, key] = phc;
    return {
      params: { N: 2 ** Number(ln), r: Number(r), p: Number(p) },
      salt: Buffer.from(salt!, 'base64'),
      key: Buffer.from(key!, 'base64'),
    };
  }
  const legacy = BETTER_AUTH.exec(hash);
  if (legacy)
    return { params: LEGACY_SCRYPT, salt: legacy[1]!, key: Buffer.from(legacy[2]!, 'hex') };
  return null;
}

/** Whether `password` matches `hash` (either format); an unreadable hash matches nothing. */
export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  const parsed = parse(hash);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

/** Whether a stored hash was made with other parameters than `params` (or another format). */
export function needsRehash(hash: string, params: ScryptParams): boolean {
  const parsed = parse(hash);
  if (!parsed || typeof parsed.salt === 'string') return true;
  const { N, r, p } = parsed.params;
  return N !== params.N || r !== params.r || p !== params.p;
}

/**
 * better-auth's `emailAndPassword.password` options. A successful check of a hash made with
 * other parameters stores a new one: the same password, hashed as today. The row is found by
 * its old hash (unique: each has its own random salt), so this needs no user id, and a
 * password changed meanwhile is left alone.
 */
export function passwordHashing(deps: {
  db: Database;
  params: ScryptParams;
  log: FastifyBaseLogger;
}) {
  const { db, params, log } = deps;
  return {
    hash: (password: string) => hashPassword(password, params),
    async verify({ hash, password }: { hash: string; password: string }): Promise<boolean> {
      const ok = await verifyPassword(hash, password);
      if (ok && needsRehash(hash, params)) {
        try {
          await db
            .update(account)
            .set({ password: await hashPassword(password, params), updatedAt: new Date() })
            .where(and(eq(account.password, hash), eq(account.providerId, 'credential')));
          log.info({ event: 'auth.password-rehashed' }, 'password hash upgraded');
        } catch (err) {
          // The member is still signed in; the upgrade is tried again at the next sign-in.
          log.warn({ err, event: 'auth.password-rehash-failed' }, 'password hash not upgraded');
        }
      }
      return ok;
    },
  };
}
