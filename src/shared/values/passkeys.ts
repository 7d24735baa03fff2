/** Limits of passkeys (docs/decisions/0044), without Zod: the settings dialog needs only these. */

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one member may keep (a phone, a laptop, a security key, and some to spare). */
export const PASSKEYS_MAX = 10;

/**
 * Whether a host name is an IP address (a church's server opened as http://192.168.1.20:5000).
 * Passkeys belong to a domain name: browsers refuse to create or use one for an IP address
 * (WebAuthn's relying party id is a domain), so the app says so instead of a failed prompt.
 */
export function isIpAddress(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '');
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.includes(':');
}
