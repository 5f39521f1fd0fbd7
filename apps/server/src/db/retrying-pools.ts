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
 * `db.connection()` scope) moves to another connection when its own died, if running it again is safe
 * (connection-loss.ts: it never ran, or it only reads), up to MAX_MOVES times: a server that ends every
 * connection at once (a restart, pg_terminate_backend of them all) can hand the retry another connection
 * whose end is not read yet. Only the first statement, because nothing is bound to the checkout yet: later
 * statements belong to a session (an open transaction, a lock, LAST_INSERT_ID) that died with the
 * connection, and running them elsewhere would run them outside it. Whole transactions are not run again
 * here: their callbacks may do more than queries, and only the caller knows whether that is safe twice. A
 * connection that could not be opened because the server was ending connections is asked for again in the
 * same way. What is not retried, or fails every time, is a DatabaseUnavailableError (503 with Retry-After).
 *
 * Cost when nothing fails: the drivers' callback APIs carry the query, so there is no promise beyond the one
 * Kysely awaits, and one small object per checkout.
 */

/** Long enough for the notices of the other connections a server ended at once to arrive and take them out of the pool. */
const SETTLE_MS = 20;
/** How many other connections a first statement, or a checkout, may be tried on before the failure is answered. */
const MAX_MOVES = 3;

/**
 * Waits SETTLE_MS, then for the event loop's next poll phase: on a busy process the timer can come due
 * before the sockets' pending notices are read, and the pool would hand out a connection already ended.
 */
const afterSettling = (then: () => void) => setTimeout(() => setImmediate(then), SETTLE_MS);

/** A connection that timed out is not asked for again: each try would add the whole timeout to the wait. */
const isTimeout = (error: unknown) => /TIMEOUT|TIMEDOUT/.test(String((error as { code?: unknown }).code));

/** Takes a connection, asking again (after settling) while the failure is the server ending connections. */
function acquireSettled<Raw>(pool: RawPool<Raw>, callback: (error: unknown, raw?: Raw) => void, moves = 0): void {
  pool.acquire((error, raw) => {
    if (error && isConnectionLoss(error) && !isTimeout(error) && moves < MAX_MOVES) afterSettling(() => acquireSettled(pool, callback, moves + 1));
    else callback(error, raw);
  });
}

type Done = (error: unknown, result?: unknown) => void;

/** What a checkout needs of a driver's pool, in the driver's callback style. */
interface RawPool<Raw> {
  acquire(callback: (error: unknown, raw?: Raw) => void): void;
  send(raw: Raw, sql: string, parameters: unknown[], callback: Done): void;
  /** Back to the pool; closed instead when it was lost, so no later query is handed it. */
  release(raw: Raw, lost: boolean): void;
}

/** One connection taken from a pool, until Kysely releases it; the connection under it may change while its first statement has not been answered. */
class Checkout<Raw> {
  private fresh = true;
  private lost: unknown = undefined;

  constructor(
    private readonly pool: RawPool<Raw>,
    private raw: Raw | undefined,
  ) {}

  /** `moves`: how many connections this statement has already been moved from (only a first statement is). */
  protected run(sql: string, parameters: unknown[], done: Done, moves = 0): void {
    const first = this.fresh || moves > 0;
    this.fresh = false;
    const raw = this.raw;
    if (raw === undefined || this.lost !== undefined) return done(new DatabaseUnavailableError(this.lost ?? 'connection released'));
    this.pool.send(raw, sql, parameters, (error, result) => {
      if (!error) return done(null, result);
      if (!isConnectionLoss(error)) return done(error);
      this.lost = error;
      if (first && moves < MAX_MOVES && (neverRan(error) || isReadOnly(sql))) this.moveAndRun(sql, parameters, done, moves + 1);
      else done(new DatabaseUnavailableError(error));
    });
  }

  private moveAndRun(sql: string, parameters: unknown[], done: Done, moves: number): void {
    if (this.raw !== undefined) this.pool.release(this.raw, true);
    this.raw = undefined;
    afterSettling(() =>
      acquireSettled(this.pool, (error, raw) => {
        if (error || raw === undefined) return done(new DatabaseUnavailableError(error ?? this.lost));
        this.raw = raw;
        this.lost = undefined;
        this.run(sql, parameters, done, moves);
      }),
    );
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
    connect: () => new Promise((resolve, reject) => acquireSettled(raw, (error, client) => (error || !client ? reject(new DatabaseUnavailableError(error)) : resolve(new PgCheckout(raw, client) as unknown as PostgresPoolClient)))),
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
      acquireSettled(raw, (error, connection) => (error || !connection ? callback(new DatabaseUnavailableError(error), undefined as never) : callback(null, new MysqlCheckout(raw, connection) as unknown as MysqlPoolConnection))),
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
