import type { Redis } from 'ioredis';
import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../db/dsn.js';
import { migrations } from '../db/migrations/index.js';
import type { Database } from '../db/schema.js';

/** A check that has not answered by then counts as failed: an orchestrator must not wait on a hung pool. */
const CHECK_TIMEOUT_MS = 2000;

export interface Readiness {
  ready: boolean;
  /** Each check's result: "ok", or why it failed. */
  checks: Record<string, string>;
}

/**
 * Whether this node can serve: the database answers a trivial query, every migration this version knows
 * has been applied (by this node or by the master), and Redis answers PING when it is configured.
 */
export class ReadinessProbe {
  /** Applied migrations stay applied: once all are seen, the check is not repeated. */
  private migrated = false;
  private readonly expected: string[];

  constructor(
    private readonly db: Kysely<Database>,
    dialect: Dialect,
    private readonly redis: Redis | undefined,
    /** The budget ledger: while it counts in memory because Redis failed, a `budgets` check says so. */
    private readonly budgets?: { readonly degraded: string },
    /** The response cache: while its store fails (answers served uncached), a `response_cache` check says so. */
    private readonly responseCache?: { readonly degraded: string },
  ) {
    this.expected = Object.keys(migrations(dialect));
  }

  async check(): Promise<Readiness> {
    const checks: Record<string, string> = {};
    const [database, redis] = await Promise.all([settle(this.database()), this.redis ? settle(this.ping(this.redis)) : undefined]);
    checks.database = database;
    checks.migrations = database === 'ok' ? await settle(this.migrations()) : 'not checked: the database did not answer';
    if (redis !== undefined) checks.redis = redis;
    const ready = Object.values(checks).every((result) => result === 'ok');
    // A feature running on its fallback still serves every request (budgets counted in memory, answers served
    // uncached): it is said here, but does not take the node out of service, which would turn a failing cache
    // store into an outage of every node at once.
    if (this.budgets?.degraded) checks.budgets = this.budgets.degraded;
    if (this.responseCache?.degraded) checks.response_cache = this.responseCache.degraded;
    return { ready, checks };
  }

  private async database(): Promise<void> {
    await sql`select 1`.execute(this.db);
  }

  private async migrations(): Promise<void> {
    if (this.migrated) return;
    const { rows } = await sql<{ name: string }>`select name from tollgate_migrations`.execute(this.db);
    const applied = new Set(rows.map((row) => row.name));
    const missing = this.expected.filter((name) => !applied.has(name));
    if (missing.length > 0) throw new Error(`not applied yet: ${missing.join(', ')}`);
    this.migrated = true;
  }

  private async ping(redis: Redis): Promise<void> {
    const answer = await redis.ping();
    if (answer !== 'PONG') throw new Error(`PING answered ${answer}`);
  }
}

/** "ok", or the failure's message; a check slower than CHECK_TIMEOUT_MS fails. */
async function settle(check: Promise<void>): Promise<string> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${CHECK_TIMEOUT_MS} ms`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check, timeout]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    clearTimeout(timer);
  }
}
