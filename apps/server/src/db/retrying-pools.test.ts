import { Kysely, PostgresDialect, MysqlDialect, sql } from 'kysely';
import type { Pool as MysqlDriverPool } from 'mysql2';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { DatabaseUnavailableError } from './errors.js';
import { retryingMysqlPool, retryingPgPool } from './retrying-pools.js';

/**
 * The pools' retries, with scripted drivers so each failure is exact: which statements move to another
 * connection when theirs died, which are answered as DatabaseUnavailableError, and what becomes of the dead
 * connection. The real servers' side is in dropped-connections.test.ts and terminated-under-load.test.ts.
 */

/** A driver failure as pg or mysql2 gives it. */
const failure = (fields: { code?: string; message: string; fatal?: boolean }) => Object.assign(new Error(fields.message), fields);
const terminated = () => failure({ code: '57P01', message: 'terminating connection due to administrator command' });
const cutOff = () => failure({ message: 'Connection terminated unexpectedly' });
const reset = () => failure({ code: 'ECONNRESET', message: 'read ECONNRESET' });

type Script = (sql: string, connection: number) => Error | undefined;

interface ScriptedClient {
  query(text: string, parameters: unknown[], callback: (error: Error | null, result?: unknown) => void): void;
  release(lost?: boolean): void;
  destroy(): void;
}

/** A pool whose connections are numbered 1, 2, ... in the order they are handed out, and answer by the script. */
function scriptedPool(script: Script) {
  const sent: string[] = [];
  const released: { connection: number; destroyed: boolean }[] = [];
  let opened = 0;
  const client = (connection: number): ScriptedClient => ({
    query(text: string, _parameters: unknown[], callback: (error: Error | null, result?: unknown) => void) {
      sent.push(`${connection}: ${text}`);
      const error = script(text, connection);
      setImmediate(() => (error ? callback(error) : callback(null, { command: 'SELECT', rowCount: 1, rows: [{ connection }] })));
    },
    release(lost?: boolean) {
      released.push({ connection, destroyed: lost === true });
    },
    destroy() {
      released.push({ connection, destroyed: true });
    },
  });
  const take = (callback: (error: Error | undefined, client?: ScriptedClient) => void) => setImmediate(() => callback(undefined, client((opened += 1))));
  const pgPool = { connect: take, end: async () => undefined } as unknown as pg.Pool;
  const mysqlPool = { getConnection: (callback: (error: null, connection: unknown) => void) => take((_error, c) => callback(null, c)), end: (callback: () => void) => callback() } as unknown as MysqlDriverPool;
  return { sent, released, pgPool, mysqlPool };
}

const pgDb = (pool: pg.Pool) => new Kysely<Record<string, never>>({ dialect: new PostgresDialect({ pool: retryingPgPool(pool) }) });

describe('the first statement of a checkout, when its connection died', () => {
  it('runs once more on another connection when the server ended the connection before answering (57P01), even a write', async () => {
    const pool = scriptedPool((_sql, connection) => (connection === 1 ? terminated() : undefined));
    const result = await sql`update users set quota = quota - 1 where id = 1`.execute(pgDb(pool.pgPool));
    expect(result.rows).toEqual([{ connection: 2 }]);
    expect(pool.sent).toEqual(['1: update users set quota = quota - 1 where id = 1', '2: update users set quota = quota - 1 where id = 1']);
    // The dead connection is closed, not put back for the next query to be handed.
    expect(pool.released).toEqual([{ connection: 1, destroyed: true }, { connection: 2, destroyed: false }]);
  });

  it('runs a read once more whatever the loss, but not a write whose outcome is unknown', async () => {
    const reads = scriptedPool((_sql, connection) => (connection === 1 ? reset() : undefined));
    expect((await sql`select 1`.execute(pgDb(reads.pgPool))).rows).toEqual([{ connection: 2 }]);

    const writes = scriptedPool((_sql, connection) => (connection === 1 ? cutOff() : undefined));
    const error = await sql`insert into logs (content) values ('x')`.execute(pgDb(writes.pgPool)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    expect((error as DatabaseUnavailableError).retryAfterSeconds).toBeGreaterThan(0);
    expect(writes.sent).toHaveLength(1);
    expect(writes.released).toEqual([{ connection: 1, destroyed: true }]);
  });

  it('moves again when the next connection was ended too (a server that ends them all at once), up to three times', async () => {
    const pool = scriptedPool((_sql, connection) => (connection < 3 ? terminated() : undefined));
    const result = await sql`update users set quota = 0`.execute(pgDb(pool.pgPool));
    expect(result.rows).toEqual([{ connection: 3 }]);
    expect(pool.released).toEqual([
      { connection: 1, destroyed: true },
      { connection: 2, destroyed: true },
      { connection: 3, destroyed: false },
    ]);

    const down = scriptedPool(() => terminated());
    await expect(sql`select 1`.execute(pgDb(down.pgPool))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(down.sent).toEqual(['1: select 1', '2: select 1', '3: select 1', '4: select 1']);
    expect(down.released.every(({ destroyed }) => destroyed)).toBe(true);
  });

  it('asks the pool again when a connection could not be opened because the server ended it, but not after a timeout', async () => {
    const attempts = (failures: Error[]) => {
      let asked = 0;
      const pool = {
        connect: (callback: (error: Error | undefined, client?: unknown) => void) =>
          setImmediate(() => {
            const failure = failures[asked];
            asked += 1;
            if (failure) return callback(failure);
            callback(undefined, { query: (_t: string, _p: unknown[], done: (e: null, r: unknown) => void) => setImmediate(() => done(null, { rows: [{ asked }] })), release: () => undefined });
          }),
        end: async () => undefined,
      } as unknown as pg.Pool;
      return { pool, asked: () => asked };
    };
    const ended = attempts([cutOff(), terminated()]);
    expect((await sql`select 1`.execute(pgDb(ended.pool))).rows).toEqual([{ asked: 3 }]);

    const timedOut = attempts([failure({ code: 'ETIMEDOUT', message: 'connect ETIMEDOUT' })]);
    await expect(sql`select 1`.execute(pgDb(timedOut.pool))).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(timedOut.asked()).toBe(1);
  });

  it("leaves the statement's own failures alone (a constraint, a syntax error)", async () => {
    const duplicate = failure({ code: '23505', message: 'duplicate key value violates unique constraint' });
    const pool = scriptedPool(() => duplicate);
    await expect(sql`insert into users (id) values (1)`.execute(pgDb(pool.pgPool))).rejects.toBe(duplicate);
    expect(pool.sent).toHaveLength(1);
    expect(pool.released).toEqual([{ connection: 1, destroyed: false }]);
  });

  it("moves a transaction's BEGIN, and the whole transaction runs on the new connection", async () => {
    const pool = scriptedPool((text, connection) => (connection === 1 && text === 'begin' ? terminated() : undefined));
    await pgDb(pool.pgPool)
      .transaction()
      .execute((trx) => sql`update users set quota = 0`.execute(trx));
    expect(pool.sent).toEqual(['1: begin', '2: begin', '2: update users set quota = 0', '2: commit']);
  });

  it('never moves a later statement: the transaction it belonged to died with its connection', async () => {
    const pool = scriptedPool((text) => (text.startsWith('update') ? terminated() : undefined));
    const error = await pgDb(pool.pgPool)
      .transaction()
      .execute((trx) => sql`update users set quota = 0`.execute(trx))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DatabaseUnavailableError);
    // The rollback is not sent to a dead connection; it fails as the rest did.
    expect(pool.sent).toEqual(['1: begin', '1: update users set quota = 0']);
    expect(pool.released).toEqual([{ connection: 1, destroyed: true }]);
  });

  it('answers a pool that cannot connect with DatabaseUnavailableError', async () => {
    const refused = failure({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED 127.0.0.1:5432' });
    const pool = { connect: (callback: (error: Error) => void) => setImmediate(() => callback(refused)), end: async () => undefined } as unknown as pg.Pool;
    await expect(sql`select 1`.execute(pgDb(pool))).rejects.toBeInstanceOf(DatabaseUnavailableError);
  });

  it('is the same on MySQL: a statement never sent (the socket already ended) runs on another connection', async () => {
    const pool = scriptedPool((_sql, connection) => (connection === 1 ? failure({ code: 'EPIPE', message: 'This socket has been ended by the other party', fatal: true }) : undefined));
    const db = new Kysely<Record<string, never>>({ dialect: new MysqlDialect({ pool: retryingMysqlPool(pool.mysqlPool) }) });
    await sql`update users set quota = 0`.execute(db);
    expect(pool.sent).toEqual(['1: update users set quota = 0', '2: update users set quota = 0']);
    expect(pool.released).toEqual([{ connection: 1, destroyed: true }, { connection: 2, destroyed: false }]);

    const lost = scriptedPool(() => failure({ code: 'PROTOCOL_CONNECTION_LOST', message: 'Connection lost: The server closed the connection.', fatal: true }));
    const lostDb = new Kysely<Record<string, never>>({ dialect: new MysqlDialect({ pool: retryingMysqlPool(lost.mysqlPool) }) });
    await expect(sql`update users set quota = 0`.execute(lostDb)).rejects.toBeInstanceOf(DatabaseUnavailableError);
    expect(lost.sent).toHaveLength(1);
  });
});
