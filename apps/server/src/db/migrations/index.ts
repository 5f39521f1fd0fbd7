import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../dsn.js';
import { ensureTable } from './ensure-table.js';
import { ONE_API_TABLES, VERIFICATION_CODES_TABLE } from './one-api-tables.js';

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
  };
}
