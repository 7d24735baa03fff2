import { createHmac, timingSafeEqual } from 'node:crypto';
import { symmetricDecrypt } from 'better-auth/crypto';
import type { Auth } from './auth.ts';

/**
 * The lifetime of an authenticator app's code (docs/decisions/0031, amended): a code is good
 * during its own 30-second step only, 30 seconds at most (ASVS 6.5.5). better-auth accepts one
 * step either side (90 seconds) and has no setting for it, so the proxy asks this module first
 * and refuses a code of the step before or after with its own message ("it has just changed",
 * "not valid yet: check the phone's clock"). Codes of the current step go on to better-auth,
 * which checks them again (and counts wrong ones).
 */
export const TOTP_STEP_SECONDS = 30;
const DIGITS = 6;

export type TotpStep = 'current' | 'previous' | 'next' | 'none';

/** RFC 4226 HOTP: the code for `counter` with `key`. */
function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac('sha1', key).update(message).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** DIGITS).padStart(DIGITS, '0');
}

const same = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Which 30-second step, around `now`, `code` belongs to for the secret `key`. */
export function totpStepOf(key: Buffer, code: string, now = Date.now()): TotpStep {
  const counter = Math.floor(now / 1000 / TOTP_STEP_SECONDS);
  if (same(code, hotp(key, counter))) return 'current';
  if (same(code, hotp(key, counter - 1))) return 'previous';
  if (same(code, hotp(key, counter + 1))) return 'next';
  return 'none';
}

function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) continue;
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/**
 * The step a member's code belongs to, read with their stored secret (decrypted as the plugin
 * does: the secret's characters are the HMAC key; an imported one is `base32:…`), or null when
 * the account has no authenticator app set up (better-auth then answers as usual).
 */
export async function totpStepFor(
  auth: Auth,
  userId: string,
  code: string,
): Promise<TotpStep | null> {
  const context = await auth.$context;
  const row = await context.adapter.findOne<{ secret: string }>({
    model: 'twoFactor',
    where: [{ field: 'userId', value: userId }],
  });
  if (!row) return null;
  const secret = await symmetricDecrypt({ key: context.secretConfig, data: row.secret });
  const key = secret.startsWith('base32:')
    ? base32Decode(secret.slice('base32:'.length))
    : Buffer.from(secret, 'utf8');
  return totpStepOf(key, code);
}
