import { createHmac } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthenticationCredential, RegistrationCredential } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { CHALLENGE_SECONDS, rememberChallenge, spendChallenge, type ChallengePurpose } from './passkey-challenges.js';
import type { PasskeyRow } from './passkeys.repository.js';
import type { RelyingParty } from './relying-party.js';

const TIMEOUT_MS = CHALLENGE_SECONDS * 1000;

const transportsOf = (row: PasskeyRow): AuthenticatorTransport[] => (row.transports ? (row.transports.split(',') as AuthenticatorTransport[]) : []);

/** The user handle an authenticator keeps: stable per account, and says nothing of the user id to anyone else. */
const userHandle = (ctx: AppContext, userId: number): Uint8Array<ArrayBuffer> =>
  new Uint8Array(createHmac('sha256', ctx.sessions.deriveKey('passkey-user-handle')).update(String(userId)).digest().subarray(0, 16));

export interface Registrant {
  id: number;
  username: string;
  displayName: string;
}

/**
 * Options for navigator.credentials.create(): a discoverable credential (so it also signs in without a password),
 * user verification preferred, no attestation (Tollgate trusts no vendor list), the account's passkeys excluded.
 */
export async function registrationOptions(ctx: AppContext, rp: RelyingParty, user: Registrant, existing: PasskeyRow[]): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userDisplayName: user.displayName || user.username,
    userID: userHandle(ctx, user.id),
    timeout: TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' },
  });
  await rememberChallenge(ctx.db, options.challenge, 'register', user.id);
  return options;
}

/** Options for navigator.credentials.get(): empty `allow` for a passwordless sign-in (the browser offers its passkeys). */
export async function authenticationOptions(
  ctx: AppContext,
  rp: RelyingParty,
  purpose: ChallengePurpose,
  userId: number,
  allow: PasskeyRow[],
  userVerification: 'required' | 'preferred' = 'preferred',
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    timeout: TIMEOUT_MS,
    userVerification,
    allowCredentials: allow.map((row) => ({ id: row.credential_id, transports: transportsOf(row) })),
  });
  await rememberChallenge(ctx.db, options.challenge, purpose, userId);
  return options;
}

export interface NewCredential {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  backedUp: boolean;
  aaguid: string;
}

/** Checks a registration answer against a challenge made for this user (spent here, whatever the outcome). */
export async function verifyRegistration(ctx: AppContext, rp: RelyingParty, userId: number, credential: RegistrationCredential): Promise<NewCredential> {
  try {
    const result = await verifyRegistrationResponse({
      response: credential as RegistrationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(ctx.db, challenge, 'register', userId),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      requireUserVerification: false,
    });
    if (!result.verified) throw new Error('not verified');
    const info = result.registrationInfo;
    return {
      credentialId: info.credential.id,
      publicKey: isoBase64URL.fromBuffer(info.credential.publicKey),
      counter: info.credential.counter,
      transports: credential.response.transports ?? [],
      backedUp: info.credentialBackedUp,
      aaguid: info.aaguid,
    };
  } catch {
    throw fail('passkey.verification_failed');
  }
}

export interface Assertion {
  counter: number;
  backedUp: boolean;
}

/**
 * Checks an assertion by a stored passkey against a challenge made for this purpose and user (spent here). The
 * counter is compared here, after the signature is checked, so only a signed counter can say "cloned".
 */
export async function verifyAssertion(ctx: AppContext, rp: RelyingParty, purpose: ChallengePurpose, challengeUserId: number, row: PasskeyRow, credential: AuthenticationCredential): Promise<Assertion> {
  let info;
  try {
    const result = await verifyAuthenticationResponse({
      response: credential as AuthenticationResponseJSON,
      expectedChallenge: (challenge) => spendChallenge(ctx.db, challenge, purpose, challengeUserId),
      expectedOrigin: rp.origins,
      expectedRPID: rp.id,
      credential: { id: row.credential_id, publicKey: isoBase64URL.toBuffer(row.public_key), counter: 0, transports: transportsOf(row) },
      // A passwordless sign-in stands for the password too: the authenticator must have checked a PIN or biometric.
      requireUserVerification: purpose === 'login',
    });
    if (!result.verified) throw new Error('not verified');
    info = result.authenticationInfo;
  } catch {
    throw fail('passkey.verification_failed');
  }
  const stored = Number(row.counter);
  if ((info.newCounter > 0 || stored > 0) && info.newCounter <= stored) throw fail('passkey.counter_regressed');
  return { counter: info.newCounter, backedUp: info.credentialBackedUp };
}
