import fs from 'node:fs';
import { sql, type Kysely } from 'kysely';
import type { Config } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/connection.js';
import { parseDatabaseTarget } from '../db/dsn.js';
import type { TableSpec } from '../db/migrations/one-api-tables.js';
import { CliError } from './cli-error.js';

export type AnyDb = Kysely<Record<string, Record<string, unknown>>>;
export type Row = Record<string, unknown>;

/** `--from`: a DSN in any form SQL_DSN takes, or else the path of a one-api SQLite file (which must exist). */
export async function openSource(config: Config, from: string): Promise<DatabaseHandle> {
  const isDsn = /^[a-z]+:\/\//i.test(from) || /@tcp\(/.test(from);
  if (!isDsn && !fs.existsSync(from)) throw new CliError(`no one-api database at ${from} (give a SQLite file or a DSN)`);
  return openDatabase(parseDatabaseTarget(isDsn ? from : undefined, from), { busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT, maxConnections: 2 });
}

export async function countRows(db: AnyDb, table: string): Promise<number> {
  const row = await db.selectFrom(table).select(sql<number>`count(*)`.as('n')).executeTakeFirst();
  return Number(row?.n ?? 0);
}

/**
 * The rows of a table in batches: by id where it has one (a page never skips or repeats a row), else by
 * its primary key's order. Only the columns Tollgate knows are kept; an older one-api lacks some, which
 * the target's defaults fill.
 */
export async function* readBatches(db: AnyDb, table: TableSpec, size: number): AsyncGenerator<Row[]> {
  const hasId = table.columns.some((column) => column.type === 'id');
  const order = hasId ? ['id'] : (table.primaryKey ?? table.columns.map((column) => column.name));
  let lastId = Number.MIN_SAFE_INTEGER;
  for (let offset = 0; ; offset += size) {
    let query = db.selectFrom(table.name).selectAll();
    if (hasId) query = query.where('id', '>', lastId);
    for (const column of order) query = query.orderBy(column);
    const rows = await query.limit(size).offset(hasId ? 0 : offset).execute();
    if (rows.length === 0) return;
    if (hasId) lastId = Number(rows[rows.length - 1]?.id);
    yield rows.map((row) => known(row, table));
    if (rows.length < size) return;
  }
}

function known(row: Row, table: TableSpec): Row {
  const picked: Row = {};
  for (const column of table.columns) {
    if (!(column.name in row)) continue;
    const value = row[column.name];
    // SQLite and MySQL read booleans as 0/1; PostgreSQL's boolean columns take only booleans.
    picked[column.name] = column.type === 'bool' && value !== null ? value === true || Number(value) === 1 : value;
  }
  return picked;
}
