import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dsn.js';
import { widenChannelKey } from './channel-key-text.js';
import { ensureColumns, ensureIndexes, ensureTable } from './ensure-table.js';
import { USAGE_ROLLUPS_DAILY_TABLE, USAGE_ROLLUPS_TABLE, USAGE_TOTALS_TABLE } from '../usage-rollups.js';
import { LOG_INDEXES } from './log-indexes.js';
import { USER_TWO_FACTOR_TABLE } from '../two-factor-table.js';
import { PASSKEY_CHALLENGES_TABLE, PASSKEYS_TABLE } from '../passkey-tables.js';
import { RESPONSE_CACHE_COLUMNS, RESPONSE_CACHE_TABLE } from '../response-cache-table.js';
import { ONE_API_TABLES, VERIFICATION_CODES_TABLE } from './one-api-tables.js';
import { BUDGET_COLUMNS, CACHE_VERSIONS_TABLE, LOG_OTHER_COLUMN, PRICE_SOURCE_FILES_TABLE, RATE_LIMIT_COLUMNS, RESPONSE_ROUTES_TABLE, USAGE_JOURNAL_MARKS_TABLE } from './tollgate-tables.js';

/** Ordered migrations, keyed by name; Kysely records applied names in `tollgate_migrations`. Append only. */
export function migrations(dialect: Dialect): Record<string, Migration> {
  return {
    '0001_one_api_tables': {
      async up(db: Kysely<unknown>) {
        for (const table of ONE_API_TABLES) await ensureTable(db, dialect, table);
      },
    },
    '0002_verification_codes': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, VERIFICATION_CODES_TABLE);
      },
    },
    '0003_log_indexes': {
      async up(db: Kysely<unknown>) {
        await ensureIndexes(db, dialect, 'logs', LOG_INDEXES);
      },
    },
    '0004_cache_versions': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, CACHE_VERSIONS_TABLE);
      },
    },
    '0005_log_other': {
      async up(db: Kysely<unknown>) {
        await ensureColumns(db, dialect, 'logs', [LOG_OTHER_COLUMN]);
      },
    },
    '0006_response_routes': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, RESPONSE_ROUTES_TABLE);
      },
    },
    '0007_rate_limits': {
      async up(db: Kysely<unknown>) {
        await ensureColumns(db, dialect, 'tokens', RATE_LIMIT_COLUMNS);
        await ensureColumns(db, dialect, 'users', RATE_LIMIT_COLUMNS);
      },
    },
    '0009_channel_key_text': {
      async up(db: Kysely<unknown>) {
        await widenChannelKey(db, dialect);
      },
    },
    '0010_usage_rollups': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, USAGE_ROLLUPS_TABLE);
        await ensureTable(db, dialect, USAGE_ROLLUPS_DAILY_TABLE);
        await ensureTable(db, dialect, USAGE_TOTALS_TABLE);
      },
    },
    '0011_price_source_files': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, PRICE_SOURCE_FILES_TABLE);
      },
    },
    '0012_usage_journal_marks': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, USAGE_JOURNAL_MARKS_TABLE);
      },
    },
    '0013_two_factor': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, USER_TWO_FACTOR_TABLE);
      },
    },
    '0014_budgets': {
      async up(db: Kysely<unknown>) {
        await ensureColumns(db, dialect, 'tokens', BUDGET_COLUMNS);
        await ensureColumns(db, dialect, 'users', BUDGET_COLUMNS);
      },
    },
    '0015_response_cache': {
      async up(db: Kysely<unknown>) {
        await ensureColumns(db, dialect, 'tokens', RESPONSE_CACHE_COLUMNS);
        await ensureTable(db, dialect, RESPONSE_CACHE_TABLE);
      },
    },
    '0016_passkeys': {
      async up(db: Kysely<unknown>) {
        await ensureTable(db, dialect, PASSKEYS_TABLE);
        await ensureTable(db, dialect, PASSKEY_CHALLENGES_TABLE);
      },
    },
  };
}
