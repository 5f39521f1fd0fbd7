import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, MysqlDialect, PostgresDialect, SqliteDialect } from 'kysely';
import type { DatabaseTarget, Dialect } from './dsn.js';
import type { Database } from './schema.js';
import { SqliteBooleanPlugin } from './sqlite-boolean-plugin.js';
import { withStatementCache } from './sqlite-statement-cache.js';
import { WriteCounter } from './write-counter.js';
import { refreshSqliteStatisticsHourly } from './sqlite-statistics.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite connection itself, for the relay's synchronous quota ledger; absent on PostgreSQL and MySQL. */
  sqlite?: SQLite.Database;
  /** The writes made through Kysely on SQLite, so the ledger knows when what it read may have changed. */
  sqliteWrites?: WriteCounter;
  destroy(): Promise<void>;
}

export interface DatabaseOptions {
  busyTimeoutMs: number;
  maxConnections: number;
  onIdleError?: (error: Error) => void;
}

/** Opens the database; the PostgreSQL and MySQL drivers are loaded only when used, to keep SQLite nodes small. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = target.dialect === 'sqlite' ? [new SqliteBooleanPlugin()] : [];
  const sqlite = target.dialect === 'sqlite' ? openSqlite(target.file, options) : undefined;
  const sqliteWrites = sqlite ? new WriteCounter() : undefined;
  const dialect = sqlite && sqliteWrites ? new SqliteDialect({ database: withStatementCache(sqlite, sqliteWrites) }) : await createDialect(target as Exclude<DatabaseTarget, { dialect: 'sqlite' }>, options);
  const db = new Kysely<Database>({ dialect, plugins });
  const stopRefreshing = target.dialect === 'sqlite' ? refreshSqliteStatisticsHourly(db) : () => undefined;
  return {
    db,
    dialect: target.dialect,
    sqlite,
    sqliteWrites,
    destroy: () => {
      stopRefreshing();
      return db.destroy();
    },
  };
}

function openSqlite(file: string, options: DatabaseOptions): SQLite.Database {
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const database = new SQLite(file, { timeout: options.busyTimeoutMs });
  // WAL lets readers run beside the single writer; NORMAL sync is durable across process crashes in WAL mode.
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = OFF');
  return database;
}

async function createDialect(target: Exclude<DatabaseTarget, { dialect: 'sqlite' }>, options: DatabaseOptions) {
  switch (target.dialect) {
    case 'postgres': {
      const { default: pg } = await import('pg');
      // PostgreSQL sends BIGINT (quota columns) as strings; every quota fits in a double, so read numbers.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
      pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
      const pool = new pg.Pool({ connectionString: target.url, max: options.maxConnections });
      // An idle connection dropped by the server (restart, failover) must not crash the process; the pool
      // replaces it on the next query.
      pool.on('error', (error) => options.onIdleError?.(error));
      return new PostgresDialect({ pool });
    }
    case 'mysql': {
      const { createPool } = await import('mysql2');
      return new MysqlDialect({
        pool: createPool({
          host: target.host,
          port: target.port,
          user: target.user,
          password: target.password,
          database: target.database,
          connectionLimit: options.maxConnections,
          // SUM() and BIGINT come back as JS numbers rather than strings.
          decimalNumbers: true,
          supportBigNumbers: true,
          bigNumberStrings: false,
          charset: 'utf8mb4',
        }),
      });
    }
  }
}
