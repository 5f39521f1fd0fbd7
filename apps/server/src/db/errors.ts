/** True when a write failed on a unique or primary key, in any of the three dialects. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ER_DUP_ENTRY' || code === '23505' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || code === 'SQLITE_CONSTRAINT_UNIQUE';
}

/**
 * A statement the database could not run because its connection was lost, after the pool's one safe retry
 * (db/retrying-pools.ts) or where none was safe. Not a bug of ours: the relay and the console answer it 503
 * with Retry-After, so clients and SDKs retry instead of reporting an internal error.
 */
export class DatabaseUnavailableError extends Error {
  /** Long enough for the pool to open a new connection, or for a restart or a failover to finish. */
  readonly retryAfterSeconds = 2;

  constructor(cause: unknown) {
    super(`database connection lost: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'DatabaseUnavailableError';
  }
}
