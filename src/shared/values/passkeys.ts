/** Limits of passkeys (docs/decisions/0044), without Zod: the settings dialog needs only these. */

export const PASSKEY_NAME_MAX = 60;
/** Passkeys one member may keep (a phone, a laptop, a security key, and some to spare). */
export const PASSKEYS_MAX = 10;
