import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppLogger } from '../../observability/app-logger.js';
import type { Metrics } from '../../observability/metrics.js';
import { DatabaseCacheStore } from './db-cache-store.js';
import { RedisCacheStore } from './redis-cache-store.js';
import { ResponseCache, type CacheOptions } from './response-cache.js';

/** The response cache: in Redis when one is configured (shared by every node), else in the database. */
export function createResponseCache(db: Kysely<Database>, redis: Redis | undefined, options: CacheOptions, log: AppLogger, metrics: Metrics): ResponseCache {
  const store = redis ? new RedisCacheStore(redis) : new DatabaseCacheStore(db, () => options.num('ResponseCacheMaxTotalBytes'));
  const cache = new ResponseCache(store, options, log);
  registerCacheMetrics(metrics, cache);
  return cache;
}

/**
 * `tollgate_response_cache_{hits,misses,stored,bytes_saved,store_errors}_total`: read from the cache's
 * counters when scraped, so a request pays an addition for them, and a request that does not use the cache nothing.
 */
function registerCacheMetrics(metrics: Metrics, cache: ResponseCache): void {
  metrics.extend((client, registry) => {
    const counter = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counter('tollgate_response_cache_hits_total', 'Requests answered from the response cache.', () => cache.counts.hits);
    counter('tollgate_response_cache_misses_total', 'Cacheable requests the response cache had no answer for.', () => cache.counts.misses);
    counter('tollgate_response_cache_stored_total', 'Answers kept in the response cache.', () => cache.counts.stored);
    counter('tollgate_response_cache_bytes_saved_total', 'Bytes of answers served from the response cache instead of an upstream.', () => cache.counts.bytesSaved);
    counter('tollgate_response_cache_store_errors_total', 'Response cache store calls that failed (the request was served uncached).', () => cache.counts.errors);
  });
}
