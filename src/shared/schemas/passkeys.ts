import { z } from 'zod';
import { PASSKEY_NAME_MAX } from '../values/passkeys.ts';
import { deviceSettingsSchema } from './user.ts';

/**
 * Passkeys (WebAuthn) as a second step of signing in (docs/decisions/0044): what settings and
 * the sign-in's second step send and receive. The browser's answers are checked here for shape
 * and size only; their signatures are the server's business (@simplewebauthn/server).
 */

export { PASSKEY_NAME_MAX, PASSKEYS_MAX } from '../values/passkeys.ts';

export const passkeyNameSchema = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(PASSKEY_NAME_MAX, { error: `validation.max:${PASSKEY_NAME_MAX}` });

/** base64url, as WebAuthn's JSON encodes every binary field. */
const b64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

const credentialBase = {
  id: b64url(1400).min(1),
  rawId: b64url(1400).min(1),
  type: z.literal('public-key'),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
};

/** `navigator.credentials.create()`'s answer, as @simplewebauthn/browser returns it. */
export const registrationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    attestationObject: b64url(20_000),
    authenticatorData: b64url(20_000).optional(),
    transports: z.array(z.string().max(20)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: b64url(4000).optional(),
  }),
});

/** `navigator.credentials.get()`'s answer. */
export const authenticationResponseSchema = z.object({
  ...credentialBase,
  response: z.object({
    clientDataJSON: b64url(4000),
    authenticatorData: b64url(20_000),
    signature: b64url(2000),
    userHandle: b64url(200).optional(),
  }),
});

/** Settings, "Add a passkey": the password first (a change to how the account signs in). */
export const passkeyOptionsRequestSchema = z.object({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }),
});

export const addPasskeySchema = z.object({
  name: passkeyNameSchema,
  response: registrationResponseSchema,
});

/** The second step of signing in with a passkey. */
export const verifyPasskeySchema = z
  .object({
    response: authenticationResponseSchema,
    trustDevice: z.boolean().optional(),
  })
  .extend(deviceSettingsSchema.shape);

export const passkeySchema = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** Synced by the platform (a phone's or a password manager's passkey), so kept if a device is lost. */
  synced: z.boolean(),
});
export type Passkey = z.infer<typeof passkeySchema>;

export const passkeyListSchema = z.object({ passkeys: z.array(passkeySchema) });
export type PasskeyList = z.infer<typeof passkeyListSchema>;
