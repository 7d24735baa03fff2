import { createHash } from 'node:crypto';

/** SHA-256 of the trimmed, lower-cased e-mail: all that is kept of an under-13 account. */
export function emailHash(email: string): string {
  return createHash('sha256').update(email.trim().toLowerCase()).digest('hex');
}
