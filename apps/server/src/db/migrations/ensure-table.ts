import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../dsn.js';
import type { ColumnSpec, IndexSpec, TableSpec } from './one-api-tables.js';

/**
 * Creates a table when it is missing, otherwise adds only the columns and indexes it lacks.
 * Additive by design: an operator's existing one-api database is never rewritten.
 */
export async function ensureTable(db: Kysely<unknown>, dialect: Dialect, spec: TableSpec): Promise<void> {
  const existing = (await db.introspection.getTables()).find((table) => table.name === spec.name);
  if (!existing) {
    await createTable(db, dialect, spec);
  } else {
    const present = new Set(existing.columns.map((column) => column.name));
    for (const column of spec.columns.filter((c) => !present.has(c.name))) {
      await sql`alter table ${sql.table(spec.name)} add column ${columnDefinition(dialect, column)}`.execute(db);
    }
  }
  await ensureIndexes(db, dialect, spec.name, spec.indexes);
}

/** Adds the columns a table lacks (Tollgate's own columns on one-api's tables), leaving the others as they are. */
export async function ensureColumns(db: Kysely<unknown>, dialect: Dialect, table: string, columns: ColumnSpec[]): Promise<void> {
  const existing = (await db.introspection.getTables()).find((candidate) => candidate.name === table);
  const present = new Set(existing?.columns.map((column) => column.name));
  for (const column of columns.filter((c) => !present.has(c.name))) {
    await sql`alter table ${sql.table(table)} add column ${columnDefinition(dialect, column)}`.execute(db);
  }
}

/** Creates the indexes a table lacks, by name; an index an operator already made under that name is kept. */
export async function ensureIndexes(db: Kysely<unknown>, dialect: Dialect, table: string, indexes: IndexSpec[]): Promise<void> {
  for (const index of indexes) {
    if (!(await indexExists(db, dialect, table, index.name))) await createIndex(db, table, index);
  }
}

async function createTable(db: Kysely<unknown>, dialect: Dialect, spec: TableSpec) {
  const parts = spec.columns.map((column) => columnDefinition(dialect, column));
  if (spec.primaryKey) parts.push(sql`primary key (${sql.join(spec.primaryKey.map((c) => sql.id(c)))})`);
  const suffix = dialect === 'mysql' ? sql` default charset=utf8mb4` : sql``;
  await sql`create table ${sql.table(spec.name)} (${sql.join(parts)})${suffix}`.execute(db);
}

function columnDefinition(dialect: Dialect, column: ColumnSpec) {
  const type = sql.raw(sqlType(dialect, column));
  const notNull = column.notNull ? sql` not null` : sql``;
  const fallback = defaultClause(dialect, column);
  return sql`${sql.id(column.name)} ${type}${notNull}${fallback}`;
}

function sqlType(dialect: Dialect, column: ColumnSpec): string {
  switch (column.type) {
    case 'id':
      return { sqlite: 'integer primary key autoincrement', postgres: 'bigserial primary key', mysql: 'bigint auto_increment primary key' }[dialect];
    case 'int':
      return 'integer';
    case 'bigint':
      return 'bigint';
    case 'bool':
      return dialect === 'sqlite' ? 'numeric' : 'boolean';
    case 'float':
      return { sqlite: 'real', postgres: 'double precision', mysql: 'double' }[dialect];
    default:
      return dialect === 'mysql' && column.type === 'text' ? 'longtext' : column.type;
  }
}

function defaultClause(dialect: Dialect, column: ColumnSpec) {
  // MySQL refuses defaults on TEXT columns; the application always writes those explicitly.
  if (column.default === undefined || column.type === 'text') return sql``;
  const value = column.default;
  if (typeof value === 'boolean') return sql.raw(dialect === 'postgres' ? ` default ${value}` : ` default ${value ? 1 : 0}`);
  if (typeof value === 'number') return sql.raw(` default ${value}`);
  return sql` default ${sql.lit(value)}`;
}

/** Whether the table has an index of that name (index names are per schema on PostgreSQL and SQLite). */
export async function indexExists(db: Kysely<unknown>, dialect: Dialect, table: string, name: string): Promise<boolean> {
  const query = {
    sqlite: sql`select name from sqlite_master where type = 'index' and name = ${name}`,
    postgres: sql`select indexname from pg_indexes where schemaname = current_schema() and indexname = ${name}`,
    mysql: sql`select index_name from information_schema.statistics where table_schema = database() and table_name = ${table} and index_name = ${name}`,
  }[dialect];
  const { rows } = await query.execute(db);
  return rows.length > 0;
}

async function createIndex(db: Kysely<unknown>, table: string, index: IndexSpec) {
  const unique = index.unique ? sql`unique ` : sql``;
  await sql`create ${unique}index ${sql.id(index.name)} on ${sql.table(table)} (${sql.join(index.columns.map((c) => sql.id(c)))})`.execute(db);
}
