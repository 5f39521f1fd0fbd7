import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { CacheStore } from './cache-store.js';

/**
 * The database store (the `response_cache` table), used when no Redis is configured: shared by every node of
 * one database. Expired rows are deleted when read; after each write, when the table holds more than its
 * total cap, the oldest rows go until it is under.
 */
export class DatabaseCacheStore implements CacheStore {
  readonly kind = 'database';

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
    await this.evict(now);
  }

  /**
   * Once the total passes the cap: drops expired rows, then the oldest until the total is a tenth under the
   * cap, so that the next writes do not each evict again. Reads at most EVICT_BATCH rows a time.
   */
  private async evict(now: number): Promise<void> {
    const cap = this.totalCap();
    if ((await this.total()) <= cap) return;
    await this.db.deleteFrom('response_cache').where('expires_at', '<=', now).execute();
    let over = (await this.total()) - Math.floor(cap * 0.9);
    while (over > 0) {
      const rows = await this.db.selectFrom('response_cache').select(['cache_key', 'bytes']).orderBy('created_at').orderBy('cache_key').limit(EVICT_BATCH).execute();
      if (rows.length === 0) return;
      const doomed: string[] = [];
      for (const row of rows) {
        if (over <= 0) break;
        doomed.push(row.cache_key);
        over -= Number(row.bytes);
      }
      await this.db.deleteFrom('response_cache').where('cache_key', 'in', doomed).execute();
    }
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
