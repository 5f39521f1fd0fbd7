import type { ColumnSpec, TableSpec } from './one-api-tables.js';

/**
 * Tollgate's column on one-api's `logs`: a consume log's breakdown as JSON (the contract's `LogOther`: the
 * client protocol, cache and reasoning tokens, the ratios applied). one-api ignores a column it does not know.
 */
export const LOG_OTHER_COLUMN: ColumnSpec = { name: 'other', type: 'text' };

/**
 * Tollgate's own bookkeeping, beside one-api's tables: a generation counter per cached data set, bumped on
 * every change so that each node drops its copy within a second (or at once through Redis).
 */
export const CACHE_VERSIONS_TABLE: TableSpec = {
  name: 'cache_versions',
  columns: [
    { name: 'name', type: 'varchar(32)', notNull: true },
    { name: 'version', type: 'bigint', notNull: true, default: 0 },
  ],
  primaryKey: ['name'],
  indexes: [],
};

/**
 * Which channel stored each Responses API response passed through to it (response id -> channel and user),
 * so that a request continuing it (`previous_response_id`) and the calls about it (GET, DELETE, cancel)
 * reach that channel, for that user only.
 */
export const RESPONSE_ROUTES_TABLE: TableSpec = {
  name: 'response_routes',
  columns: [
    { name: 'response_id', type: 'varchar(64)', notNull: true },
    { name: 'channel_id', type: 'int', notNull: true },
    { name: 'user_id', type: 'int', notNull: true },
    { name: 'created_at', type: 'bigint', notNull: true, default: 0 },
  ],
  primaryKey: ['response_id'],
  indexes: [],
};

/**
 * Rate limits on one-api's `tokens` and `users` (requests and tokens per minute, requests at once); 0 means
 * no limit, so existing rows and one-api's inserts (which do not name them) stay unlimited.
 */
export const RATE_LIMIT_COLUMNS: ColumnSpec[] = [
  { name: 'rpm_limit', type: 'int', notNull: true, default: 0 },
  { name: 'tpm_limit', type: 'int', notNull: true, default: 0 },
  { name: 'concurrency_limit', type: 'int', notNull: true, default: 0 },
];

/**
 * Spending budgets on one-api's `tokens` and `users`: quota units per period ('day', 'week', 'month'), refilled
 * at the period's start (relay/budgets/). 0 and '' mean none, so existing rows and one-api's inserts have none.
 */
export const BUDGET_COLUMNS: ColumnSpec[] = [
  { name: 'budget_amount', type: 'bigint', notNull: true, default: 0 },
  { name: 'budget_period', type: 'varchar(8)', notNull: true, default: '' },
];

/**
 * The price source file an operator (or the scheduled refresh) applied, one row per source, shared by every
 * node: each loads it at start and when the `prices` cache version moves. The text is kept whole (about half
 * a megabyte) so a node checks and parses exactly what was applied; `checked_at` is the last time any node
 * fetched the source, so the scheduled refresh keeps its rhythm across restarts and nodes.
 */
export const PRICE_SOURCE_FILES_TABLE: TableSpec = {
  name: 'price_source_files',
  columns: [
    { name: 'source', type: 'varchar(32)', notNull: true },
    { name: 'url', type: 'varchar(2048)', notNull: true, default: '' },
    { name: 'sha256', type: 'varchar(64)', notNull: true, default: '' },
    { name: 'fetched_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'checked_at', type: 'bigint', notNull: true, default: 0 },
    { name: 'data', type: 'text', notNull: true },
  ],
  primaryKey: ['source'],
  indexes: [],
};

/**
 * How far each node's usage journal (relay/billing/usage-journal.ts) is in the database: the journal sequence
 * of the last settlement whose balances and counters were written (`counters_seq`) and whose consume log and
 * rollups were written (`logs_seq`). Each is updated in the same transaction as what it counts, so a node
 * restarted after a kill -9 replays exactly the settlements past them. The two differ on SQLite only, where
 * the logs are committed by their own thread; PostgreSQL and MySQL write both in one transaction.
 */
export const USAGE_JOURNAL_MARKS_TABLE: TableSpec = {
  name: 'usage_journal_marks',
  columns: [
    { name: 'node', type: 'varchar(64)', notNull: true },
    { name: 'counters_seq', type: 'bigint', notNull: true, default: 0 },
    { name: 'logs_seq', type: 'bigint', notNull: true, default: 0 },
  ],
  primaryKey: ['node'],
  indexes: [],
};
