import type { MysqlPool, MysqlPoolConnection, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type { Pool as MysqlDriverPool, PoolConnection as MysqlDriverConnection } from 'mysql2';
import type pg from 'pg';
import { isConnectionLoss, isReadOnly, neverRan } from './connection-loss.js';
import { DatabaseUnavailableError } from './errors.js';

/**
 * The PostgreSQL and MySQL pools as Kysely sees them, so that every query, wherever it is written, survives
 * a connection the server dropped (restart, failover, pg_terminate_backend, KILL): the pool only learns of a
 * dead connection when its notice is read, and a query can be handed one before that.
 *
 * The rule: the first statement of a checkout (a lone query, the BEGIN of a transaction, the first of a
 * `db.connection()` scope) moves once to another connection when its own died, if running it again is safe
 * (connection-loss.ts: it never ran, or it only reads). Only the first, because nothing is bound to the
 * checkout yet: later statements belong to a session (an open transaction, a lock, LAST_INSERT_ID) that
 * died with the connection, and running them elsewhere would run them outside it. Whole transactions are
 * not run again here: their callbacks may do more than queries, and only the caller knows whether that is
 * safe twice. What is not retried, or fails again, is a DatabaseUnavailableError (503 with Retry-After).
 *
 * Cost when nothing fails: the drivers' callback APIs carry the query, so there is no promise beyond the one
 * Kysely awaits, and one small object per checkout.
 */

/** Long enough for the notices of the other connections a server ended at once to arrive and take them out of the pool. */
const SETTLE_MS = 20;

type Done = (error: unknown, result?: unknown) => void;

/** What a checkout needs of a driver's pool, in the driver's callback style. */
interface RawPool<Raw> {
  acquire(callback: (error: unknown, raw?: Raw) => void): void;
  send(raw: Raw, sql: string, parameters: unknown[], callback: Done): void;
  /** Back to the pool; closed instead when it was lost, so no later query is handed it. */
  release(raw: Raw, lost: boolean): void;
}

/** One connection taken from a pool, until Kysely releases it; the connection under it may change once, before its first statement succeeds. */
class Checkout<Raw> {
  private fresh = true;
  private lost: unknown = undefined;

  constructor(
    private readonly pool: RawPool<Raw>,
    private raw: Raw | undefined,
  ) {}

  protected run(sql: string, parameters: unknown[], done: Done): void {
    const first = this.fresh;
    this.fresh = false;
    const raw = this.raw;
    if (raw === undefined || this.lost !== undefined) return done(new DatabaseUnavailableError(this.lost ?? 'connection released'));
    this.pool.send(raw, sql, parameters, (error, result) => {
      if (!error) return done(null, result);
      if (!isConnectionLoss(error)) return done(error);
      this.lost = error;
      if (first && (neverRan(error) || isReadOnly(sql))) this.moveAndRun(sql, parameters, done);
      else done(new DatabaseUnavailableError(error));
    });
  }

  private moveAndRun(sql: string, parameters: unknown[], done: Done): void {
    if (this.raw !== undefined) this.pool.release(this.raw, true);
    this.raw = undefined;
    setTimeout(() => {
      this.pool.acquire((error, raw) => {
        if (error || raw === undefined) return done(new DatabaseUnavailableError(error ?? this.lost));
        this.raw = raw;
        this.lost = undefined;
        // No longer fresh: a second loss is answered, not retried.
        this.run(sql, parameters, done);
      });
    }, SETTLE_MS);
  }

  release(): void {
    if (this.raw !== undefined) this.pool.release(this.raw, this.lost !== undefined);
    this.raw = undefined;
  }

  protected get connection(): Raw | undefined {
    return this.raw;
  }
}

/** A pg pool for Kysely's PostgresDialect. No `cursor` is configured, so Kysely sends only text queries. */
export function retryingPgPool(pool: pg.Pool): PostgresPool {
  const raw: RawPool<pg.PoolClient> = {
    acquire: (callback) => pool.connect((error, client) => callback(error, client)),
    send: (client, sql, parameters, callback) => void client.query(sql, parameters, callback),
    release: (client, lost) => client.release(lost),
  };
  return {
    connect: () => new Promise((resolve, reject) => raw.acquire((error, client) => (error || !client ? reject(new DatabaseUnavailableError(error)) : resolve(new PgCheckout(raw, client) as unknown as PostgresPoolClient)))),
    end: () => pool.end(),
  };
}

class PgCheckout extends Checkout<pg.PoolClient> {
  query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>> {
    return new Promise((resolve, reject) => this.run(sql, parameters as unknown[], (error, result) => (error ? reject(error) : resolve(result as PostgresQueryResult<R>))));
  }
}

/** A mysql2 pool for Kysely's MysqlDialect. */
export function retryingMysqlPool(pool: MysqlDriverPool): MysqlPool {
  const raw: RawPool<MysqlDriverConnection> = {
    acquire: (callback) => pool.getConnection((error, connection) => callback(error, connection)),
    send: (connection, sql, parameters, callback) => void connection.query(sql, parameters, callback),
    release: (connection, lost) => (lost ? connection.destroy() : connection.release()),
  };
  return {
    getConnection: (callback) =>
      raw.acquire((error, connection) => (error || !connection ? callback(new DatabaseUnavailableError(error), undefined as never) : callback(null, new MysqlCheckout(raw, connection) as unknown as MysqlPoolConnection))),
    end: (callback) => pool.end(callback),
  };
}

class MysqlCheckout extends Checkout<MysqlDriverConnection> {
  query(sql: string, parameters: unknown[], callback?: Done): unknown {
    // A streamed query (Kysely's stream(), unused here) goes to the driver as it is: rows already read cannot be taken back.
    if (!callback) return this.connection?.query(sql, parameters);
    this.run(sql, parameters, callback);
    return undefined;
  }
}
