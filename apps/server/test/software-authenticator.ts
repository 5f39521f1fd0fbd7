import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for tests without a browser: an ES256 key pair per credential, and the
 * bytes a browser and an authenticator would answer (clientDataJSON, authenticatorData, a 'none' attestation in
 * CBOR, an ECDSA signature), so the server's WebAuthn checks run on real answers. Every field a test may want to
 * get wrong (origin, RP ID, counter, flags) can be overridden per call.
 */

interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}

interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: { id: string }[];
}

export interface Overrides {
  origin?: string;
  rpId?: string;
  /** The signature counter to report (default: one more than the last one this credential reported). */
  counter?: number;
  /** Leave the user-verified flag off (a security key without a PIN). */
  noUserVerification?: boolean;
}

export interface SoftwareCredential {
  id: string;
  privateKey: KeyObject;
  cose: Uint8Array;
  userHandle: string;
  counter: number;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();
const b64 = (bytes: Uint8Array): string => isoBase64URL.fromBuffer(new Uint8Array(bytes));

function uint32(value: number): Buffer {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(value);
  return out;
}

/** The public key as COSE_Key (EC2, P-256, ES256), as an authenticator writes it in the attested credential data. */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const coordinate = (value: string | undefined) => new Uint8Array(Buffer.from(value ?? '', 'base64url'));
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, coordinate(jwk.x)],
      [-3, coordinate(jwk.y)],
    ]),
  );
}

export class SoftwareAuthenticator {
  readonly credentials: SoftwareCredential[] = [];

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {}

  private clientData(type: string, challenge: string, origin: string): string {
    return b64(Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false })));
  }

  private flags(overrides: Overrides, attested: boolean): number {
    return FLAG_UP | (overrides.noUserVerification ? 0 : FLAG_UV) | FLAG_BE | FLAG_BS | (attested ? FLAG_AT : 0);
  }

  /** Answers navigator.credentials.create() for the options the server gave: a new credential, kept here. */
  create(options: CreationOptions, overrides: Overrides = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const rawId = randomBytes(16);
    const credential: SoftwareCredential = { id: b64(rawId), privateKey, cose: coseKey(publicKey), userHandle: options.user.id, counter: overrides.counter ?? 0 };
    const rpId = overrides.rpId ?? options.rp.id ?? this.rpId;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(overrides, true)]), uint32(credential.counter), Buffer.alloc(16), idLength, rawId, credential.cose]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: { clientDataJSON: this.clientData('webauthn.create', options.challenge, overrides.origin ?? this.origin), attestationObject: b64(attestationObject), transports: ['internal'] },
    };
  }

  /**
   * Answers navigator.credentials.get(): signs with `credential` (default: the first one the options allow, else
   * the first kept here, as a browser offering its discoverable passkeys would).
   */
  get(options: RequestOptions, credential?: SoftwareCredential, overrides: Overrides = {}) {
    const allowed = options.allowCredentials?.map((item) => item.id) ?? [];
    const chosen = credential ?? this.credentials.find((item) => allowed.length === 0 || allowed.includes(item.id));
    if (!chosen) throw new Error('no credential of this authenticator is allowed');
    chosen.counter = overrides.counter ?? chosen.counter + 1;
    const rpId = overrides.rpId ?? options.rpId ?? this.rpId;
    const authData = Buffer.concat([sha256(rpId), Buffer.from([this.flags(overrides, false)]), uint32(chosen.counter)]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, overrides.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(Buffer.from(clientDataJSON, 'base64url'))]), chosen.privateKey);
    return {
      id: chosen.id,
      rawId: chosen.id,
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: { clientDataJSON, authenticatorData: b64(authData), signature: b64(signature), userHandle: chosen.userHandle },
    };
  }
}
