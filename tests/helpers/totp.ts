import { createHmac } from 'node:crypto';

/**
 * RFC 6238 codes computed here, independently of the library the server uses, so a test
 * proves the server speaks the standard an authenticator app speaks.
 */
function base32Decode(input: string): Buffer {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = alphabet.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The secret of an otpauth:// link (what the QR code carries). */
export function secretOf(otpauthUri: string): string {
  const url = new URL(otpauthUri);
  const secret = url.searchParams.get('secret');
  if (url.protocol !== 'otpauth:' || !secret) throw new Error(`not a TOTP link: ${otpauthUri}`);
  return secret;
}

/** The 6-digit code for `secret` (base32) at `at`, 30-second steps, HMAC-SHA1. */
export function totp(secret: string, at = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const number = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(number % 1_000_000).padStart(6, '0');
}

/** Milliseconds left in the current 30-second step. */
export const msLeftInStep = (at = Date.now()) => 30_000 - (at % 30_000);

/**
 * A code that will still be the current one when the server checks it: a code is good during
 * its own 30-second step only (ADR 0031), so within the step's last 3 seconds this waits for the
 * next one (a real wait; the server tests move a fake clock instead).
 */
export async function freshTotp(secret: string): Promise<string> {
  const left = msLeftInStep();
  if (left < 3_000) await new Promise((resolve) => setTimeout(resolve, left + 200));
  return totp(secret);
}

/** Waits (really) until the next 30-second step has begun: its code is new. */
export async function nextTotpStep(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, msLeftInStep() + 200));
}
