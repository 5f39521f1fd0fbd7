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
import { retryingMysqlPool, retryingPgPool } from './retrying-pools.js';

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** The SQLite connection itself, for the relay's synchronous quota ledger; absent on PostgreSQL and MySQL. */
  sqlite?: SQLite.Database;
  /** The writes made through Kysely on SQLite, so the ledger knows when what it read may have changed. */
  sqliteWrites?: WriteCounter;
  destroy(): Promise<void>;
  /** The pool's connections now (PostgreSQL, MySQL); absent on SQLite, which has one connection. */
  poolUse?: () => PoolUse | undefined;
}

/** A database pool's connections now, as far as the driver tells. */
export interface PoolUse {
  total: number;
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
}

export interface DatabaseOptions {
  busyTimeoutMs: number;
  maxConnections: number;
  /** Hears a connection the server closed (it is replaced; the query on it, if any, fails). */
  onIdleError?: (error: Error) => void;
}

/** Opens the database; the PostgreSQL and MySQL drivers are loaded only when used, to keep SQLite nodes small. */
export async function openDatabase(target: DatabaseTarget, options: DatabaseOptions): Promise<DatabaseHandle> {
  const plugins = target.dialect === 'sqlite' ? [new SqliteBooleanPlugin()] : [];
  const sqlite = target.dialect === 'sqlite' ? openSqlite(target.file, options) : undefined;
  const sqliteWrites = sqlite ? new WriteCounter() : undefined;
  const pooled = sqlite ? undefined : await createDialect(target as Exclude<DatabaseTarget, { dialect: 'sqlite' }>, options);
  const dialect = sqlite && sqliteWrites ? new SqliteDialect({ database: withStatementCache(sqlite, sqliteWrites) }) : pooled?.dialect;
  if (!dialect) throw new Error('PostgreSQL and MySQL open through their pool');
  const db = new Kysely<Database>({ dialect, plugins });
  const stopRefreshing = target.dialect === 'sqlite' ? refreshSqliteStatisticsHourly(db) : () => undefined;
  return {
    db,
    dialect: target.dialect,
    sqlite,
    sqliteWrites,
    ...(pooled ? { poolUse: pooled.poolUse } : {}),
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

async function createDialect(target: Exclude<DatabaseTarget, { dialect: 'sqlite' }>, options: DatabaseOptions): Promise<{ dialect: PostgresDialect | MysqlDialect; poolUse: () => PoolUse | undefined }> {
  switch (target.dialect) {
    case 'postgres': {
      const { default: pg } = await import('pg');
      // PostgreSQL sends BIGINT (quota columns) as strings; every quota fits in a double, so read numbers.
      pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
      pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number.parseFloat(value));
      const pool = new pg.Pool({ connectionString: target.url, max: options.maxConnections });
      // A connection dropped by the server (restart, failover, pg_terminate_backend) must not crash the
      // process. The pool hears it for idle connections; a connection checked out between two queries
      // emits it on itself, where an error without a listener would throw. The query running on it fails;
      // the pool discards the dead connection when it is released and opens a new one for the next query.
      pool.on('error', (error) => options.onIdleError?.(error));
      pool.on('connect', (client) => client.on('error', (error) => options.onIdleError?.(error)));
      // Kysely takes its connections through retryingPgPool: a query handed a connection the server already
      // dropped runs again on another when that is safe, and is otherwise a DatabaseUnavailableError (503).
      return { dialect: new PostgresDialect({ pool: retryingPgPool(pool) }), poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }) };
    }
    case 'mysql': {
      const { createPool } = await import('mysql2');
      const pool = createPool({
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
      });
      // As for PostgreSQL: a connection the server drops must not throw from an 'error' event.
      pool.on('connection', (connection) => connection.on('error', (error: Error) => options.onIdleError?.(error)));
      return { dialect: new MysqlDialect({ pool: retryingMysqlPool(pool) }), poolUse: () => mysqlPoolUse(pool) };
    }
  }
}

/** mysql2 keeps its pool's queues in fields it does not type; read them if they are there. */
function mysqlPoolUse(pool: object): PoolUse | undefined {
  const fields = pool as { _allConnections?: { length: number }; _freeConnections?: { length: number }; _connectionQueue?: { length: number } };
  if (!fields._allConnections || !fields._freeConnections) return undefined;
  return { total: fields._allConnections.length, idle: fields._freeConnections.length, waiting: fields._connectionQueue?.length ?? 0 };
}
