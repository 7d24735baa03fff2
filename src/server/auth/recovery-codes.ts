/**
 * Recovery codes of two-step sign-in, stored hashed (ASVS 6.5.2): a code has about 60 bits of
 * entropy, under the 112 that would allow a plain hash, so each is kept as scrypt with a random
 * salt per set of codes. Nothing can read them back, not even with the app's secret. The work
 * factor is lighter than for passwords (N=2^12, r=8: 4 MiB, a few milliseconds): a guess at a
 * 60-bit random code costs an attacker with the table 2^59 of those on average, where a
 * password's few bits need the heavy setting; ten codes are hashed at once on every new set.
 *
 * better-auth's two-factor plugin checks a code by asking its `storeBackupCodes.decrypt` for the
 * list and looking the typed code up in it, then stores what `encrypt` makes of the list without
 * that code. So `decrypt` here gets the typed code from the request (`withTypedRecoveryCode`,
 * set by the auth proxy around the verify call), and answers the stored hashes with the one it
 * matches (if any) replaced by the typed code; `encrypt` hashes plain codes (a new set) and keeps
 * entries already hashed. Codes stored by an earlier version (encrypted with the secret) are
 * hashed at start (`hashStoredRecoveryCodes`), and read as before until then.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { and, eq, not, like } from 'drizzle-orm';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Database } from '../db/client.ts';
import { twoFactor } from '../db/schema.ts';

/** `scrypt1`: N=2^12, r=8, p=1, 32 bytes. A change of parameters takes a new prefix. */
const PREFIX = 'scrypt1';
const PARAMS = { N: 4_096, r: 8, p: 1, maxmem: 32 * 1024 * 1024 } as const;
const KEY_LENGTH = 32;

const typedCode = new AsyncLocalStorage<string>();

/** Runs `fn` with the recovery code the member typed visible to `decrypt` below. */
export const withTypedRecoveryCode = <T>(code: string, fn: () => Promise<T>): Promise<T> =>
  typedCode.run(code, fn);

function derive(code: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(code.normalize('NFKC'), salt, KEY_LENGTH, PARAMS, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** One stored entry: `scrypt1:<salt>:<hash>` (base64url). */
const isHashed = (entry: string) => entry.startsWith(`${PREFIX}:`);

function parseEntry(entry: string): { salt: Buffer; hash: Buffer } | null {
  const [prefix, salt, hash] = entry.split(':');
  if (prefix !== PREFIX || !salt || !hash) return null;
  return { salt: Buffer.from(salt, 'base64url'), hash: Buffer.from(hash, 'base64url') };
}

/** Hashes the plain codes of a list (one new salt for them), keeping entries already hashed. */
export async function hashCodes(codes: string[]): Promise<string[]> {
  const salt = randomBytes(16);
  return Promise.all(
    codes.map(async (code) =>
      isHashed(code)
        ? code
        : `${PREFIX}:${salt.toString('base64url')}:${(await derive(code, salt)).toString('base64url')}`,
    ),
  );
}

/**
 * The stored entries with the one that `code` matches replaced by `code` itself (so the
 * plugin's lookup finds it and leaves it out of what it stores next). One scrypt per salt.
 */
export async function revealMatch(entries: string[], code: string | undefined): Promise<string[]> {
  if (!code) return entries;
  const derived = new Map<string, Buffer>();
  let matched = -1;
  for (const [index, entry] of entries.entries()) {
    const parsed = parseEntry(entry);
    if (!parsed) continue;
    const saltKey = parsed.salt.toString('base64url');
    let key = derived.get(saltKey);
    if (!key) {
      key = await derive(code, parsed.salt);
      derived.set(saltKey, key);
    }
    if (matched < 0 && key.length === parsed.hash.length && timingSafeEqual(key, parsed.hash)) {
      matched = index;
    }
  }
  return entries.map((entry, index) => (index === matched ? code : entry));
}

/** What a legacy row (encrypted with the secret) holds: the plain codes. */
async function legacyCodes(stored: string, secret: string): Promise<string[]> {
  const codes: unknown = JSON.parse(await symmetricDecrypt({ key: secret, data: stored }));
  if (!Array.isArray(codes) || !codes.every((c) => typeof c === 'string')) {
    throw new Error('recovery codes: unexpected stored value');
  }
  return codes;
}

/** better-auth's `backupCodeOptions.storeBackupCodes`. */
export function hashedRecoveryCodes(secret: string) {
  return {
    encrypt: async (json: string) => JSON.stringify(await hashCodes(JSON.parse(json) as string[])),
    decrypt: async (stored: string) => {
      const entries = stored.startsWith('[')
        ? (JSON.parse(stored) as string[])
        : await legacyCodes(stored, secret);
      return JSON.stringify(await revealMatch(entries, typedCode.getStore()));
    },
  };
}

/**
 * Hashes the recovery codes that an earlier version stored encrypted. Safe on several instances
 * at once (a row is replaced only while it still holds what was read). Returns how many.
 */
export async function hashStoredRecoveryCodes(db: Database, secret: string): Promise<number> {
  const rows = await db
    .select({ id: twoFactor.id, backupCodes: twoFactor.backupCodes })
    .from(twoFactor)
    .where(not(like(twoFactor.backupCodes, '[%')));
  let hashed = 0;
  for (const row of rows) {
    const codes = await hashCodes(await legacyCodes(row.backupCodes, secret));
    const updated = await db
      .update(twoFactor)
      .set({ backupCodes: JSON.stringify(codes) })
      .where(and(eq(twoFactor.id, row.id), eq(twoFactor.backupCodes, row.backupCodes)))
      .returning({ id: twoFactor.id });
    hashed += updated.length;
  }
  return hashed;
}
