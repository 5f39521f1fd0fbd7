import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Dialect } from '../db/dsn.js';
import { ONE_API_TABLES } from '../db/migrations/one-api-tables.js';
import { openCliDatabase } from './cli-database.js';
import { CliError } from './cli-error.js';
import { countRows, openSource, readBatches, type AnyDb } from './one-api-source.js';
import { Progress, type ProgressOutput } from './progress.js';

const BATCH = 500;
/** Tables that must be empty in the target: its options are overwritten instead (a migrated database has them seeded). */
const DATA_TABLES = ['users', 'tokens', 'channels', 'abilities', 'redemptions', 'logs'];
/** Parents first, so that what refers to them lands after them. */
const ORDER = ['users', 'tokens', 'channels', 'abilities', 'redemptions', 'options', 'logs'];

/**
 * Copies a one-api database (users, tokens, channels, abilities, redemptions, options, logs) into the
 * Tollgate database the environment names, migrated first, keeping every id so that keys, logs and
 * abilities still point at the right rows. It refuses a target that holds data rather than merging into it:
 * two databases' ids collide, and renumbering would quietly re-point every reference. The whole copy is one
 * transaction, so a failed run leaves the target as it was and can simply be run again.
 */
export async function importOneApi(config: Config, from: string, out: ProgressOutput): Promise<Record<string, number>> {
  const source = await openSource(config, from);
  try {
    const target = await openCliDatabase(config);
    try {
      const db = target.db as unknown as AnyDb;
      await refuseUnlessEmpty(db);
      const tables = ORDER.map((name) => ONE_API_TABLES.find((table) => table.name === name)).filter((table) => table !== undefined);
      const sourceDb = source.db as unknown as AnyDb;
      const summary: Record<string, number> = {};
      await db.transaction().execute(async (trx) => {
        for (const table of tables) {
          const progress = new Progress(out, table.name, await countRows(sourceDb, table.name));
          let done = 0;
          for await (const rows of readBatches(sourceDb, table, BATCH)) {
            if (table.name === 'options') for (const row of rows) await trx.deleteFrom('options').where('key', '=', row.key as string).execute();
            await trx
              .insertInto(table.name)
              .values(rows)
              .execute()
              .catch((error: unknown) => {
                throw new CliError(`could not write ${table.name} rows ${done + 1} to ${done + rows.length}: ${error instanceof Error ? error.message : String(error)}; nothing was written`);
              });
            done += rows.length;
            progress.update(done);
          }
          progress.finish(done);
          summary[table.name] = done;
        }
        await resetSequences(trx, target.dialect, tables.filter((table) => table.columns.some((column) => column.type === 'id')).map((table) => table.name));
      });
      out.write(`imported ${Object.entries(summary).map(([table, rows]) => `${table} ${rows}`).join(', ')}\n`);
      return summary;
    } finally {
      await target.close();
    }
  } finally {
    await source.destroy();
  }
}

async function refuseUnlessEmpty(db: AnyDb): Promise<void> {
  const filled: string[] = [];
  for (const table of DATA_TABLES) {
    const rows = await countRows(db, table);
    if (rows > 0) filled.push(`${table} ${rows}`);
  }
  if (filled.length > 0) {
    throw new CliError(`the target database is not empty (${filled.join(', ')}): import into a new database, before Tollgate first starts on it`);
  }
}

/** PostgreSQL's sequences do not follow ids written explicitly; MySQL's and SQLite's counters do. */
async function resetSequences(db: AnyDb, dialect: Dialect, tables: string[]): Promise<void> {
  if (dialect !== 'postgres') return;
  for (const table of tables) {
    await sql`select setval(pg_get_serial_sequence(${table}, 'id'), coalesce((select max(id) from ${sql.table(table)}), 0) + 1, false)`.execute(db);
  }
}
