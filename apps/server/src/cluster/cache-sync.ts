import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import { REDIS_OPTIONS } from './redis-connection.js';
import { isUniqueViolation } from '../db/errors.js';
import type { Database } from '../db/schema.js';

/**
 * The data sets each node caches in memory for the relay's hot path. `keys` covers tokens and users; `prices`
 * is the price source file applied last (table price_source_files).
 */
export type CacheName = 'channels' | 'keys' | 'options' | 'prices';

const REDIS_CHANNEL = 'tollgate:cache-changed';

type Listener = () => void | Promise<void>;

/**
 * Tells every node when a cached data set changed. A change bumps a counter in `cache_versions`; each node
 * polls the counters once per interval (one cheap query) and, with Redis, also hears the change at once.
 * The node that made the change drops its own copy immediately. The poll is what makes a change reach
 * every node; Redis only makes it faster, so a Redis that is down or restarting costs at most one poll
 * interval of delay, and the subscription is made again each time the connection comes back.
 */
export class CacheSync {
  private readonly listeners = new Map<CacheName, Set<Listener>>();
  private readonly seen = new Map<string, number>();
  private timer?: NodeJS.Timeout;
  private subscriber?: Redis;
  private polled = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly redis: Redis | undefined,
    private readonly pollIntervalMs: number,
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  on(name: CacheName, listener: Listener): void {
    const set = this.listeners.get(name) ?? new Set();
    set.add(listener);
    this.listeners.set(name, set);
  }

  /** Records a change made on this node, applies it here before returning, and spreads it to the others. */
  async changed(name: CacheName): Promise<void> {
    const version = await this.bump(name);
    this.seen.set(name, version);
    await this.notify(name);
    // Without Redis the other nodes see the change at their next poll: the change itself has succeeded.
    await this.redis?.publish(REDIS_CHANNEL, name).catch(() => undefined);
  }

  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => void this.poll().catch(() => undefined), this.pollIntervalMs);
    this.timer.unref();
    if (this.redis) await this.subscribe(this.redis);
  }

  /**
   * Subscribes on a connection of its own, at every (re)connection rather than through ioredis's
   * resubscription, which only repeats a subscription that once succeeded. Coming back, it polls at once
   * for what it missed while Redis was away.
   */
  private async subscribe(redis: Redis): Promise<void> {
    const subscriber = redis.duplicate({ ...REDIS_OPTIONS, autoResubscribe: false });
    this.subscriber = subscriber;
    let connections = 0;
    subscriber.on('error', () => undefined);
    subscriber.on('message', (_channel, name: string) => void this.notify(name as CacheName));
    subscriber.on('ready', () => {
      connections += 1;
      subscriber.subscribe(REDIS_CHANNEL).catch(() => undefined);
      if (connections > 1) void this.poll().catch(this.onError);
    });
    // A Redis down at start is not fatal: the 'ready' above subscribes when it comes up.
    await subscriber.connect().catch(() => undefined);
  }

  stop(): void {
    clearInterval(this.timer);
    this.subscriber?.disconnect();
  }

  /**
   * Compares the stored counters with what this node saw last; a difference means another node changed it.
   * The first poll only learns the counters; after it, a counter that appears is a change too.
   */
  async poll(): Promise<void> {
    const rows = await this.db.selectFrom('cache_versions').select(['name', 'version']).execute();
    for (const row of rows) {
      const version = Number(row.version);
      const previous = this.seen.get(row.name) ?? (this.polled ? 0 : version);
      this.seen.set(row.name, version);
      if (previous !== version) await this.notify(row.name as CacheName);
    }
    this.polled = true;
  }

  private async notify(name: CacheName): Promise<void> {
    await Promise.all([...(this.listeners.get(name) ?? [])].map((listener) => Promise.resolve(listener()).catch(this.onError)));
  }

  private async bump(name: CacheName): Promise<number> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const updated = await this.db
        .updateTable('cache_versions')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('name', '=', name)
        .executeTakeFirst();
      if (Number(updated.numUpdatedRows) === 0) {
        try {
          await this.db.insertInto('cache_versions').values({ name, version: 1 }).execute();
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          continue;
        }
      }
      const row = await this.db.selectFrom('cache_versions').select('version').where('name', '=', name).executeTakeFirst();
      return Number(row?.version ?? 0);
    }
    throw new Error(`could not bump cache version ${name}`);
  }
}
