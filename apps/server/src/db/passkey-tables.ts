import type { Generated } from 'kysely';
import type { TableSpec } from './migrations/one-api-tables.js';

/**
 * Tollgate's own tables for passkeys (WebAuthn), beside one-api's `users` (untouched). `passkeys`: one row per
 * registered credential; `credential_id` is the authenticator's id in base64url (unique: a credential belongs
 * to one account), `public_key` its COSE public key in base64url, `counter` the last signature counter seen
 * (a counter that does not grow means a cloned authenticator), `transports` a comma list of the browser's hints.
 */
export const PASSKEYS_TABLE: TableSpec = {
  name: 'passkeys',
  columns: [
    { name: 'id', type: 'id' },
    { name: 'user_id', type: 'int', notNull: true },
    { name: 'credential_id', type: 'varchar(255)', notNull: true },
    { name: 'public_key', type: 'text', notNull: true },
    { name: 'counter', type: 'bigint', notNull: true, default: 0 },
    { name: 'transports', type: 'varchar(255)', notNull: true, default: '' },
    { name: 'name', type: 'varchar(64)', notNull: true, default: '' },
    { name: 'created_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'last_used_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'backed_up', type: 'int', notNull: true, default: 0 },
    { name: 'aaguid', type: 'varchar(36)', notNull: true, default: '' },
  ],
  indexes: [
    { name: 'idx_passkeys_credential_id', columns: ['credential_id'], unique: true },
    { name: 'idx_passkeys_user_id', columns: ['user_id'] },
  ],
};

/**
 * The WebAuthn challenges handed out and not yet answered, shared by every node: a challenge is spent by one
 * conditional delete (so it is accepted once, wherever the answer arrives) and is good for five minutes.
 * `purpose` says which ceremony it was made for, `user_id` for whom (0: a passwordless sign-in, anyone).
 */
export const PASSKEY_CHALLENGES_TABLE: TableSpec = {
  name: 'passkey_challenges',
  columns: [
    { name: 'challenge', type: 'varchar(128)', notNull: true },
    { name: 'purpose', type: 'varchar(16)', notNull: true, default: '' },
    { name: 'user_id', type: 'int', notNull: true, default: 0 },
    { name: 'expires_at', type: 'bigint', notNull: true, default: 0 },
  ],
  primaryKey: ['challenge'],
  indexes: [{ name: 'idx_passkey_challenges_expires_at', columns: ['expires_at'] }],
};

export interface PasskeysTable {
  id: Generated<number>;
  user_id: number;
  credential_id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number;
  /** 1 when the authenticator said the credential is backed up (synced); 0 otherwise. */
  backed_up: number;
  aaguid: string;
}

export interface PasskeyChallengesTable {
  challenge: string;
  purpose: string;
  user_id: number;
  expires_at: number;
}
