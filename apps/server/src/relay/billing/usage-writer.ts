import { sql, type Kysely } from 'kysely';
import type { Database, NewLog } from '../../db/schema.js';
import { nowSeconds } from '../../lib/random.js';
import type { Reservation } from './reservation.js';

export interface Settlement {
  reservation: Reservation;
  /** What the request finally costs; 0 with `counted: false` is a refund of a failed request. */
  charged: number;
  counted: boolean;
  channelId: number;
  log?: NewLog;
}

interface Pending {
  users: Map<number, { quota: number; used: number; requests: number }>;
  tokens: Map<number, { remain: number; used: number }>;
  channels: Map<number, number>;
  logs: NewLog[];
}

const empty = (): Pending => ({ users: new Map(), tokens: new Map(), channels: new Map(), logs: [] });

/**
 * Settles requests off the response path: charges, refunds, counters and consume logs are summed in memory
 * and written in one transaction every interval. A failed write is merged back and retried; `close()`
 * writes everything still pending, so a graceful shutdown loses no accepted request's usage.
 */
export class UsageWriter {
  private pending = empty();
  private timer?: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  private flushedListener?: (charges: ReadonlyMap<number, number>) => void;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly intervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush().catch(this.onError), this.intervalMs);
    this.timer.unref();
  }

  record({ reservation, charged, counted, channelId, log }: Settlement): void {
    const { users, tokens, channels, logs } = this.pending;
    const user = users.get(reservation.userId) ?? { quota: 0, used: 0, requests: 0 };
    user.quota += reservation.amount - charged;
    if (counted) {
      user.used += charged;
      user.requests += 1;
    }
    users.set(reservation.userId, user);
    const token = tokens.get(reservation.tokenId) ?? { remain: 0, used: 0 };
    if (reservation.unlimitedToken) token.used += charged;
    else {
      token.remain += reservation.amount - charged;
      token.used += charged - reservation.amount;
    }
    tokens.set(reservation.tokenId, token);
    if (counted && channelId > 0) channels.set(channelId, (channels.get(channelId) ?? 0) + charged);
    if (log) logs.push(log);
  }

  /** Told after each written batch what each user was charged in it (the quota reminder compares balances). */
  onFlushed(listener: (charges: ReadonlyMap<number, number>) => void): void {
    this.flushedListener = listener;
  }

  /** Writes what is pending now; calls are serialised so two flushes never interleave. */
  flush(): Promise<void> {
    this.flushing = this.flushing.catch(() => undefined).then(() => this.write());
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async write(): Promise<void> {
    const batch = this.pending;
    if (batch.users.size === 0 && batch.tokens.size === 0 && batch.logs.length === 0) return;
    this.pending = empty();
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [id, d] of batch.users) {
          await trx
            .updateTable('users')
            .set({ quota: sql`quota + ${d.quota}`, used_quota: sql`used_quota + ${d.used}`, request_count: sql`request_count + ${d.requests}` })
            .where('id', '=', id)
            .execute();
        }
        const accessed = nowSeconds();
        for (const [id, d] of batch.tokens) {
          await trx
            .updateTable('tokens')
            .set({ remain_quota: sql`remain_quota + ${d.remain}`, used_quota: sql`used_quota + ${d.used}`, accessed_time: accessed })
            .where('id', '=', id)
            .execute();
        }
        for (const [id, used] of batch.channels) {
          await trx.updateTable('channels').set({ used_quota: sql`used_quota + ${used}` }).where('id', '=', id).execute();
        }
        for (let i = 0; i < batch.logs.length; i += 100) await trx.insertInto('logs').values(batch.logs.slice(i, i + 100)).execute();
      });
    } catch (error) {
      this.mergeBack(batch);
      throw error;
    }
    this.flushedListener?.(new Map([...batch.users].map(([id, d]) => [id, d.used])));
  }

  private mergeBack(batch: Pending) {
    const current = this.pending;
    this.pending = batch;
    for (const [id, d] of current.users) {
      const u = batch.users.get(id) ?? { quota: 0, used: 0, requests: 0 };
      batch.users.set(id, { quota: u.quota + d.quota, used: u.used + d.used, requests: u.requests + d.requests });
    }
    for (const [id, d] of current.tokens) {
      const t = batch.tokens.get(id) ?? { remain: 0, used: 0 };
      batch.tokens.set(id, { remain: t.remain + d.remain, used: t.used + d.used });
    }
    for (const [id, used] of current.channels) batch.channels.set(id, (batch.channels.get(id) ?? 0) + used);
    batch.logs.push(...current.logs);
  }
}
