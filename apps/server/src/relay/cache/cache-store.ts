/**
 * Where cached answers are kept: Redis when configured (shared by every node), else a table of the database.
 * Each call may fail (the store is down): the ResponseCache then serves uncached and says so in /readyz.
 */
export interface CacheStore {
  readonly kind: 'redis' | 'database';
  /** The entry's text, or undefined when there is none or it expired at `now`. */
  get(key: string, now: number): Promise<string | undefined>;
  /** Stores an entry until `expiresAt` (ms since the epoch), replacing one under the same key. */
  set(key: string, scope: string, text: string, bytes: number, now: number, expiresAt: number): Promise<void>;
}
