import { TokenStatus } from '@tollgate/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';

export interface KeyStatusHooks {
  /** Writes the usage still pending, so that the stored remain_quota is the balance to test. */
  flushUsage(): Promise<void>;
  /** Tells every node's key cache that a key changed (CacheSync 'keys'). */
  changed(): Promise<void>;
  onError(error: unknown): void;
}

/** Bounds the memory of attempts: a flood of distinct dead keys resets it rather than growing it. */
const MAX_ATTEMPTS = 100_000;

/**
 * Stores that a key the relay refused has expired (status 3) or is used up (status 4), so the console
 * shows what the relay does (one-api wrote it only when running without Redis). It runs off the response
 * path, and once per key: a client hammering a dead key costs one write, not one per request. After a
 * change the key caches are cleared, so the key is then refused by its stored status, with no more writes.
 *
 * The update applies only while the database still agrees (enabled, and past its expiry or out of quota):
 * a node with a stale cache must not undo an extension or a top-up just saved in the console.
 */
export class KeyStatusMarker {
  /** When each key was last tried, so a write the database did not take is retried only after a while. */
  private readonly attempts = new Map<number, number>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly retryMs: number,
    private readonly hooks: KeyStatusHooks,
  ) {}

  expired(tokenId: number): void {
    this.mark(tokenId, async () => {
      const result = await this.enabledToken(tokenId, TokenStatus.Expired).where('expired_time', '<>', -1).where('expired_time', '<', nowSeconds()).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  exhausted(tokenId: number): void {
    this.mark(tokenId, async () => {
      // A failed flush only makes the stored balance older; the update below still tests it.
      await this.hooks.flushUsage().catch(this.hooks.onError);
      const result = await this.enabledToken(tokenId, TokenStatus.Exhausted).where('unlimited_quota', '=', false).where('remain_quota', '<=', 0).executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    });
  }

  /** The key caches were cleared: what they now load from the database is what to judge again. */
  forget(): void {
    this.attempts.clear();
  }

  private enabledToken(tokenId: number, status: TokenStatus) {
    return this.db.updateTable('tokens').set({ status }).where('id', '=', tokenId).where('status', '=', TokenStatus.Enabled);
  }

  private mark(tokenId: number, write: () => Promise<boolean>, now = Date.now()): void {
    const last = this.attempts.get(tokenId);
    if (last !== undefined && now - last < this.retryMs) return;
    if (this.attempts.size >= MAX_ATTEMPTS) this.attempts.clear();
    this.attempts.set(tokenId, now);
    void write()
      .then((changed) => (changed ? this.hooks.changed() : undefined))
      .catch(this.hooks.onError);
  }
}
