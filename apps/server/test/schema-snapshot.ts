import { sql, type Kysely, type QueryExecutorProvider } from 'kysely';
import type { DatabaseKind } from './databases.js';

/** A database read by table name rather than through Tollgate's typed schema. */
export type LooseDatabase = Record<string, Record<string, unknown>>;

/** How each one-api table's rows are ordered, so two snapshots compare row for row. */
const ORDER: Record<string, string[]> = { abilities: ['group', 'model', 'channel_id'], options: ['key'] };

/** Every row of a table, in key order, as the driver returns them. */
export async function tableRows(db: Kysely<LooseDatabase>, table: string): Promise<Record<string, unknown>[]> {
  let query = db.selectFrom(table).selectAll();
  for (const column of ORDER[table] ?? ['id']) query = query.orderBy(column);
  return query.execute();
}

/** Rows of a table with, on SQLite, each value's storage class beside it (`<column>:type`). */
export async function rowsWithTypes(db: QueryExecutorProvider, kind: DatabaseKind, table: string, columns: string[], where: ReturnType<typeof sql>): Promise<Record<string, unknown>[]> {
  const types = kind === 'sqlite' ? columns.map((c) => sql`, typeof(${sql.ref(c)}) as ${sql.ref(`${c}:type`)}`) : [];
  const { rows } = await sql<Record<string, unknown>>`select * ${sql.join(types, sql``)} from ${sql.table(table)} where ${where}`.execute(db);
  return rows;
}

export interface ColumnShape {
  /** The type as the database declares it, with its length or sign (`varchar(32)`, `bigint unsigned`). */
  type: string;
  nullable: boolean;
  default: string | null;
}

/** Each column's declared type, nullability and default, per table, from the database's own catalog. */
export async function columnShapes(db: Kysely<LooseDatabase>, kind: DatabaseKind): Promise<Record<string, Record<string, ColumnShape>>> {
  const query = {
    sqlite: sql<ColumnRow>`
      select m.name as table_name, p.name as column_name, p.type as type, p."notnull" = 0 and p.pk = 0 as nullable, p.dflt_value as column_default
      from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table'`,
    postgres: sql<ColumnRow>`
      select table_name, column_name, udt_name || coalesce('(' || character_maximum_length || ')', '') as type, is_nullable = 'YES' as nullable, column_default
      from information_schema.columns where table_schema = current_schema()`,
    mysql: sql<ColumnRow>`
      select table_name as table_name, column_name as column_name, column_type as type, is_nullable = 'YES' as nullable, column_default as column_default
      from information_schema.columns where table_schema = database()`,
  }[kind];
  const shapes: Record<string, Record<string, ColumnShape>> = {};
  for (const row of (await query.execute(db)).rows) {
    (shapes[row.table_name] ??= {})[row.column_name] = { type: row.type, nullable: Boolean(row.nullable), default: row.column_default };
  }
  return shapes;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  type: string;
  nullable: boolean | number;
  column_default: string | null;
}

/** The names of a table's indexes (unique constraints included, which are indexes in all three). */
export async function indexNames(db: Kysely<LooseDatabase>, kind: DatabaseKind, table: string): Promise<string[]> {
  const query = {
    sqlite: sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`,
    postgres: sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = current_schema() and tablename = ${table}`,
    mysql: sql<{ name: string }>`select distinct index_name as name from information_schema.statistics where table_schema = database() and table_name = ${table}`,
  }[kind];
  return (await query.execute(db)).rows.map((row) => row.name).sort();
}
