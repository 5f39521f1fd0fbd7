import type { TableSpec } from './migrations/one-api-tables.js';

/**
 * Tollgate's own table for two-factor sign-in, beside one-api's `users` (whose columns stay as one-api has
 * them): one row per user who began enrolling. `secret` is the TOTP secret encrypted with a key derived from
 * SESSION_SECRET; `recovery_codes` a JSON array of the unused codes' SHA-256 hashes; `last_step` the TOTP
 * step of the last code accepted, so a code is never accepted twice (on any node: the update is conditional).
 */
export const USER_TWO_FACTOR_TABLE: TableSpec = {
  name: 'user_two_factor',
  columns: [
    { name: 'user_id', type: 'int', notNull: true },
    { name: 'secret', type: 'varchar(255)', notNull: true, default: '' },
    { name: 'enabled', type: 'int', notNull: true, default: 0 },
    { name: 'enabled_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'last_step', type: 'bigint', notNull: true, default: 0 },
    { name: 'recovery_codes', type: 'text', notNull: true },
    { name: 'created_at', type: 'bigint', notNull: true, default: 0 },
  ],
  primaryKey: ['user_id'],
  indexes: [],
};

export interface UserTwoFactorTable {
  user_id: number;
  secret: string;
  /** 1 once a code confirmed the enrolment; 0 while it is only begun. */
  enabled: number;
  enabled_at: number;
  last_step: number;
  recovery_codes: string;
  created_at: number;
}
