/**
 * A software authenticator for the passkey tests, built on node:crypto alone (independent of
 * @simplewebauthn, which the server uses to check what it makes): an ES256 (P-256) key pair,
 * registration with attestation "none", and assertions signed over authenticatorData ‖
 * SHA-256(clientDataJSON), as WebAuthn Level 2 describes.
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor> | { [key: string]: Cbor };

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length]);
  if (length < 0x10000) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  throw new Error('too long for this encoder');
}

/** The few CBOR types a COSE key and an attestation object need. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') {
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const entries = value instanceof Map ? [...value] : Object.entries(value);
  return Buffer.concat([
    head(5, entries.length),
    ...entries.flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer) => data.toString('base64url');

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface SoftAuthenticator {
  credentialId: string;
  /** The signature counter it reports next (0 stays 0 unless `counting`). */
  counter: number;
  /** What `navigator.credentials.create()` answers to these options. */
  register(options: { challenge: string; rp: { id?: string } }, origin: string): object;
  /** What `navigator.credentials.get()` answers to these options. */
  assert(options: { challenge: string; rpId?: string }, origin: string): object;
}

export function softAuthenticator(
  init: { counting?: boolean; privateKey?: KeyObject; credentialId?: Buffer } = {},
): SoftAuthenticator & { privateKey: KeyObject } {
  const { privateKey, publicKey } = init.privateKey
    ? { privateKey: init.privateKey, publicKey: null }
    : generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const rawId = init.credentialId ?? randomBytes(16);
  const jwk = (publicKey ?? privateKey).export({ format: 'jwk' }) as { x: string; y: string };
  const coseKey = cbor(
    new Map<Cbor, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4);
    b.writeUInt32BE(n);
    return b;
  };
  const self = {
    privateKey,
    credentialId: b64url(rawId),
    counter: init.counting ? 1 : 0,
    register(options: { challenge: string; rp: { id?: string } }, origin: string) {
      const rpId = options.rp.id ?? new URL(origin).hostname;
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(rawId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
        counterBytes(self.counter),
        Buffer.alloc(16), // AAGUID: none
        idLength,
        rawId,
        coseKey,
      ]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin }),
      );
      const attestationObject = cbor({ fmt: 'none', attStmt: {}, authData });
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          transports: ['internal'],
        },
      };
    },
    assert(options: { challenge: string; rpId?: string }, origin: string) {
      if (init.counting) self.counter += 1;
      const rpId = options.rpId ?? new URL(origin).hostname;
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAG_UP | FLAG_UV]),
        counterBytes(self.counter),
      ]);
      const clientDataJSON = Buffer.from(
        JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin }),
      );
      const signature = sign(
        'sha256',
        Buffer.concat([authData, sha256(clientDataJSON)]),
        privateKey,
      );
      return {
        id: b64url(rawId),
        rawId: b64url(rawId),
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authData),
          signature: b64url(signature),
        },
      };
    },
  };
  return self;
}
