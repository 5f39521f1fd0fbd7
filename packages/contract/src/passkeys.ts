import { z } from 'zod';

/** base64url without padding, as WebAuthn's JSON encodes every byte string; capped so no field is unbounded. */
const base64url = (max: number) => z.string().min(1).max(max).regex(/^[A-Za-z0-9_-]+$/);

/** A user-given passkey name ("Laptop", "YubiKey 5"). */
export const PASSKEY_NAME_MAX_LENGTH = 64;
const passkeyName = z.string().trim().min(1).max(PASSKEY_NAME_MAX_LENGTH);

const credentialCommon = {
  id: base64url(1366),
  rawId: base64url(1366),
  type: z.literal('public-key'),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
};

/** What navigator.credentials.create() answers, as @simplewebauthn/browser's startRegistration() sends it. */
export const RegistrationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    transports: z.array(z.string().max(32)).max(8).optional(),
    authenticatorData: base64url(65536).optional(),
    publicKey: base64url(4096).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
  }),
});
export type RegistrationCredential = z.infer<typeof RegistrationCredentialSchema>;

/** What navigator.credentials.get() answers, as startAuthentication() sends it. */
export const AuthenticationCredentialSchema = z.object({
  ...credentialCommon,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(65536),
    signature: base64url(4096),
    userHandle: base64url(512).optional(),
  }),
});
export type AuthenticationCredential = z.infer<typeof AuthenticationCredentialSchema>;

/**
 * A fresh proof that the person at the keyboard owns the account, for adding or removing a passkey: one of
 * the account's second factors (a TOTP code, a recovery code, an assertion of one of its passkeys) or, only
 * while it has none, the password.
 */
export const PasskeyProofSchema = z.object({
  password: z.string().min(1).max(256).optional(),
  code: z.string().trim().regex(/^\d{6}$/).optional(),
  recovery_code: z.string().trim().regex(/^[a-z0-9]{5}-?[a-z0-9]{5}$/i).optional(),
  passkey: AuthenticationCredentialSchema.optional(),
});
export type PasskeyProof = z.input<typeof PasskeyProofSchema>;

/** POST /api/user/passkeys/registration */
export const PasskeyRegistrationRequestSchema = z.object({
  name: passkeyName.default('Passkey'),
  credential: RegistrationCredentialSchema,
});
export type PasskeyRegistrationRequest = z.input<typeof PasskeyRegistrationRequestSchema>;

/** PUT /api/user/passkeys/:id */
export const PasskeyRenameRequestSchema = z.object({ name: passkeyName });
export type PasskeyRenameRequest = z.infer<typeof PasskeyRenameRequestSchema>;

/** POST /api/user/login/passkey and /api/user/login/2fa/passkey */
export const PasskeyAssertionRequestSchema = z.object({ credential: AuthenticationCredentialSchema });
export type PasskeyAssertionRequest = z.input<typeof PasskeyAssertionRequestSchema>;

/** GET /api/user/passkeys: one of the caller's passkeys (never its key). Times are epoch seconds; 0 = never. */
export interface PasskeyView {
  id: number;
  name: string;
  created_at: number;
  last_used_at: number;
  /** The authenticator syncs it (a password manager, iCloud Keychain): it survives a lost device. */
  backed_up: boolean;
  transports: string[];
}

/** The ways a waiting sign-in may finish, in the `require_2fa` answer. */
export type SecondFactorMethod = 'totp' | 'passkey';
