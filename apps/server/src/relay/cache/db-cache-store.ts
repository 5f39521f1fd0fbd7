import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CacheStore } from './cache-store.js';

/**
 * The database store (the `response_cache` table), used when no Redis is configured: shared by every node of
 * one database. Expired rows are deleted when read; after a write, when the table holds more than its total cap,
 * the oldest rows go until it is a tenth under.
 *
 * The cap is checked against a running total, not a sum of the table per write: the table's sum as last read,
 * plus the bytes this node wrote since (replaced and expired rows are not taken off, so it errs high). The sum is
 * read again at the first write, when the running total passes the cap (before evicting: another node may have
 * evicted already), and at a write RESYNC_MS after the last read. So a node's own writes count at once, and the
 * table passes the cap by at most what the other nodes wrote since this node last read the sum (within
 * RESYNC_MS), until the next write that reads it.
 */
export class DatabaseCacheStore implements CacheStore {
  readonly kind = 'database';
  /** The table's total as last read plus this node's writes since; undefined until the first write reads it. */
  private runningTotal: number | undefined;
  private readAt = 0;

  constructor(
    private readonly db: Kysely<Database>,
    /** ResponseCacheMaxTotalBytes, read at each write. */
    private readonly totalCap: () => number,
  ) {}

  async get(key: string, now: number): Promise<string | undefined> {
    const row = await this.db.selectFrom('response_cache').select(['body', 'expires_at']).where('cache_key', '=', key).executeTakeFirst();
    if (!row) return undefined;
    if (Number(row.expires_at) > now) return row.body;
    await this.db.deleteFrom('response_cache').where('cache_key', '=', key).where('expires_at', '<=', now).execute();
    return undefined;
  }

  async set(key: string, scope: string, text: string, bytes: number, now: number, expiresAt: number): Promise<void> {
    // Replaced whole: a delete and an insert read the same on the three databases. Two nodes storing the same
    // answer at once may collide on the key; the one that lost finds the other's row, which is as good.
    await this.db.deleteFrom('response_cache').where('cache_key', '=', key).execute();
    try {
      await this.db.insertInto('response_cache').values({ cache_key: key, scope, created_at: now, expires_at: expiresAt, bytes, body: text }).execute();
    } catch (error) {
      const stored = await this.db.selectFrom('response_cache').select('cache_key').where('cache_key', '=', key).executeTakeFirst();
      if (!stored) throw error;
    }
    if (this.runningTotal !== undefined) this.runningTotal += bytes;
    await this.evict(now);
  }

  /**
   * Once the total passes the cap: drops expired rows, then the oldest until the total is a tenth under the
   * cap, so that the next writes do not each evict again. Reads at most EVICT_BATCH rows a time.
   */
  private async evict(now: number): Promise<void> {
    const cap = this.totalCap();
    if (this.runningTotal !== undefined && this.runningTotal <= cap && now - this.readAt < RESYNC_MS) return;
    this.readAt = now;
    this.runningTotal = await this.total();
    if (this.runningTotal <= cap) return;
    await this.db.deleteFrom('response_cache').where('expires_at', '<=', now).execute();
    let over = (await this.total()) - Math.floor(cap * 0.9);
    while (over > 0) {
      const rows = await this.db.selectFrom('response_cache').select(['cache_key', 'bytes']).orderBy('created_at').orderBy('cache_key').limit(EVICT_BATCH).execute();
      if (rows.length === 0) break;
      const doomed: string[] = [];
      for (const row of rows) {
        if (over <= 0) break;
        doomed.push(row.cache_key);
        over -= Number(row.bytes);
      }
      await this.db.deleteFrom('response_cache').where('cache_key', 'in', doomed).execute();
    }
    this.runningTotal = await this.total();
  }

  private async total(): Promise<number> {
    const { total } = await this.db
      .selectFrom('response_cache')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.val(0)).as('total'))
      .executeTakeFirstOrThrow();
    return Number(total);
  }
}

const EVICT_BATCH = 500;
/** How long a node goes on its running total before reading the table's sum again (the other nodes' writes). */
export const RESYNC_MS = 30_000;
