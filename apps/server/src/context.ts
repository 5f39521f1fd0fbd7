import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { CacheSync } from './cluster/cache-sync.js';
import type { RedisHealth } from './cluster/redis-connection.js';
import type { Config } from './config.js';
import type { Dialect } from './db/dsn.js';
import type { Database } from './db/schema.js';
import type { RateLimitStore } from './http/rate-limit.js';
import type { SessionCodec } from './http/session.js';
import type { AppLogger } from './observability/app-logger.js';
import type { Metrics } from './observability/metrics.js';
import type { Tracing } from './observability/tracing.js';
import type { OptionsStore } from './options/options.store.js';
import type { RelayServices } from './relay/relay-services.js';

/** What every module needs, built once in main.ts (or by the test helper) and passed to buildApp. */
export interface AppContext {
  config: Config;
  db: Kysely<Database>;
  dialect: Dialect;
  options: OptionsStore;
  sessions: SessionCodec;
  rateLimits: RateLimitStore;
  redis?: Redis;
  /** Whether `redis` is usable now; what uses Redis falls back (to the database, to in-process state) when not. */
  redisHealth?: RedisHealth;
  version: string;
  /** Epoch seconds when this process started; reported by /api/status. */
  startTime: number;
  /** Tells every node that cached data (channels, keys, options) changed. */
  cacheSync: CacheSync;
  relay: RelayServices;
  /** Prometheus metrics (METRICS_ENABLED); `metrics.extend` registers a feature's own. */
  metrics: Metrics;
  /** OpenTelemetry traces (OTEL_EXPORTER_OTLP_ENDPOINT); off when unset. */
  tracing: Tracing;
  log: AppLogger;
  /** Tells the root user about channel events (message pusher or email when configured, else the log). */
  notifyRoot(title: string, content: string): Promise<void>;
}
