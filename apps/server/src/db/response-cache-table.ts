import type { ColumnSpec, TableSpec } from './migrations/one-api-tables.js';

/**
 * Tollgate's response cache when no Redis is configured (relay/cache/): one row per cached answer, under the
 * sha256 of its canonical request. `scope` is whose it is (a user, or a group sharing its cache), `bytes` the
 * entry's size, counted against ResponseCacheMaxTotalBytes; times are in milliseconds. Expired rows are
 * dropped when read and when the total passes its cap (oldest first).
 */
export const RESPONSE_CACHE_TABLE: TableSpec = {
  name: 'response_cache',
  columns: [
    { name: 'cache_key', type: 'varchar(64)', notNull: true },
    { name: 'scope', type: 'varchar(64)', notNull: true, default: '' },
    { name: 'created_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'expires_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'bytes', type: 'bigint', notNull: true, default: 0 },
    { name: 'body', type: 'text', notNull: true },
  ],
  primaryKey: ['cache_key'],
  indexes: [{ name: 'idx_response_cache_created_at', columns: ['created_at'], unique: false }],
};

export interface ResponseCacheTable {
  cache_key: string;
  scope: string;
  created_at: number;
  expires_at: number;
  bytes: number;
  body: string;
}

/** The key switch on one-api's `tokens`: 1 caches the key's answers; 0 (one-api's rows and inserts) does not. */
export const RESPONSE_CACHE_COLUMNS: ColumnSpec[] = [{ name: 'response_cache', type: 'int', notNull: true, default: 0 }];
