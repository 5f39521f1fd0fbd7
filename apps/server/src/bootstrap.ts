import fs from 'node:fs';
import path from 'node:path';
import { DEFAULT_ROOT_PASSWORD, DEFAULT_ROOT_USERNAME, Role, UserStatus } from '@tollgate/contract';
import type { Config } from './config.js';
import { CacheSync } from './cluster/cache-sync.js';
import { connectRedis } from './cluster/redis-connection.js';
import type { AppContext } from './context.js';
import type { AppLogger } from './observability/app-logger.js';
import { openDatabase, type DatabaseHandle } from './db/connection.js';
import { parseDatabaseTarget } from './db/dsn.js';
import { isUniqueViolation } from './db/errors.js';
import { migrateToLatest } from './db/migrate.js';
import { FallbackRateLimitStore, MemoryRateLimitStore, RedisRateLimitStore } from './http/rate-limit.js';
import { SessionCodec } from './http/session.js';
import { nowSeconds, randomHex, uuidHex } from './lib/random.js';
import { createMetrics, type Metrics } from './observability/metrics.js';
import { startMetricsServer } from './observability/metrics-http.js';
import { combineObservers } from './observability/relay-observation.js';
import { startTracing } from './observability/tracing.js';
import { QuotaReminder } from './modules/notifications/quota-reminder.js';
import { createRootNotifier } from './modules/notifications/root-notifier.js';
import { OptionsStore } from './options/options.store.js';
import { schedulePriceSourceRefresh } from './modules/prices/price-source-schedule.js';
import { storedPriceSourceLoader } from './modules/prices/stored-price-source.js';
import { insertToken } from './modules/tokens/tokens.repository.js';
import { hashPassword } from './modules/users/password.js';
import { countUsers, insertUser } from './modules/users/users.repository.js';
import { KeyCache } from './relay/auth/key-cache.js';
import { KeyStatusMarker } from './relay/auth/key-status-marker.js';
import { InFlight } from './relay/in-flight.js';
import { GroupLimits } from './relay/limits/group-limits.js';
import { RateLimiter } from './relay/limits/rate-limiter.js';
import { RedisLimiter } from './relay/limits/redis-limiter.js';
import { Pricing } from './relay/billing/pricing.js';
import { loadBundledSource } from './relay/billing/price-source/bundled-source.js';
import { PriceSources } from './relay/billing/price-source/price-sources.js';
import { isSameModel } from './relay/billing/price-source/model-aliases.js';
import { Reserver } from './relay/billing/reservation.js';
import { SqliteCounters } from './relay/billing/sqlite-counters.js';
import { SqliteLedger } from './relay/billing/sqlite-ledger.js';
import { logSinkFor } from './relay/billing/log-sinks.js';
import { forgetMarks } from './relay/billing/journal-marks.js';
import { replayJournal } from './relay/billing/journal-replay.js';
import { openJournal } from './relay/billing/open-journal.js';
import type { UsageJournal } from './relay/billing/usage-journal.js';
import { UsageWriter } from './relay/billing/usage-writer.js';
import type { RelayServices } from './relay/relay-services.js';
import { ChannelBreakers } from './relay/health/breaker/channel-breakers.js';
import { registerBreakerMetrics } from './relay/health/breaker/breaker-metrics.js';
import { RedisBreakerBus } from './relay/health/breaker/redis-breaker-bus.js';
import { ChannelRegistry } from './relay/routing/channel-registry.js';
import { ImageFetcher } from './relay/images/image-fetcher.js';
import { UpstreamClient } from './relay/upstream-client.js';
import { MemoryReturn, registerMemoryReturnMetrics } from './runtime-tuning/index.js';
import { readVersion } from './version.js';
import { createBudgets } from './relay/budgets/create-budgets.js';
import { createResponseCache } from './relay/cache/create-response-cache.js';
import { ModelFallbacks } from './relay/fallbacks/model-fallbacks.js';

export interface Runtime {
  ctx: AppContext;
  /** Resolves once every relayed request has settled its charge and log. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Opens the database (migrating it on the master), loads options and wires the shared services. */
export async function createRuntime(config: Config, log: AppLogger): Promise<Runtime> {
  const target = parseDatabaseTarget(config.SQL_DSN, config.SQLITE_PATH);
  const handle: DatabaseHandle = await openDatabase(target, {
    busyTimeoutMs: config.SQLITE_BUSY_TIMEOUT,
    maxConnections: config.SQL_MAX_OPEN_CONNS,
    onIdleError: (error) => log.warn({ err: error }, 'a database connection was closed by the server; it is replaced on the next query'),
  });
  const { redis, health: redisHealth } = config.REDIS_CONN_STRING ? await connectRedis(config.REDIS_CONN_STRING, log) : { redis: undefined, health: undefined };
  let journal: UsageJournal | undefined;
  try {
    if (config.NODE_TYPE === 'master') {
      const applied = await migrateToLatest(handle.db, handle.dialect);
      if (applied.length > 0) log.info({ applied }, 'database migrated');
    }
    const options = new OptionsStore(handle.db);
    const cacheSync = new CacheSync(handle.db, redis, config.CACHE_POLL_INTERVAL * 1000, (error) => log.error({ err: error }, 'cache refresh failed'));
    journal = openJournal(config.dataDir, target, handle.sqlite?.memory ?? false, log);
    const usage = new UsageWriter(
      handle.db,
      handle.dialect,
      config.BATCH_UPDATE_INTERVAL * 1000,
      (error) => log.error({ err: error }, 'usage write failed; will retry'),
      handle.sqlite &&
        handle.sqliteWrites && { counters: new SqliteCounters(handle.sqlite, handle.sqliteWrites), logs: logSinkFor(handle.sqlite, config.SQLITE_BUSY_TIMEOUT, journal?.node) },
      journal,
    );
    // Before anything is served: the bills a killed process journaled and the database lacks are written first.
    if (journal) {
      const replayed = await replayJournal(handle.db, journal, usage);
      if (replayed.applied > 0) log.warn({ ...replayed, dir: journal.dir }, 'usage journal: wrote the bills the last process settled and did not write');
    }
    const keyStatuses = new KeyStatusMarker(handle.db, config.SYNC_FREQUENCY * 1000, {
      flushUsage: () => usage.flush(),
      changed: () => cacheSync.changed('keys'),
      onError: (error) => log.warn({ err: error }, 'could not store a key as expired or used up'),
    });
    const inFlight = new InFlight();
    const memoryReturn = new MemoryReturn({
      quietSeconds: config.MEMORY_RETURN_QUIET_SECONDS,
      idleConnectionSeconds: config.RELAY_IDLE_TIMEOUT,
      inFlight: () => inFlight.count,
      onReturned: (before, after, pauseMs) =>
        log.info({ rssBeforeMb: Math.round(before / 2 ** 20), rssAfterMb: Math.round(after / 2 ** 20), pauseMs: Math.round(pauseMs) }, 'memory given back after the load'),
    });
    const version = readVersion();
    const metrics = await createMetrics(config.METRICS_ENABLED, {
      inFlightRequests: () => inFlight.count,
      usageQueueDepth: () => usage.queueDepth,
      ...(handle.poolUse ? { dbPool: handle.poolUse } : {}),
    });
    if (metrics.enabled) usage.onFlushTimed((seconds, ok) => metrics.usageFlushed(seconds, ok));
    registerMemoryReturnMetrics(metrics, memoryReturn);
    const tracing = await startTracing({ endpoint: config.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: config.OTEL_SERVICE_NAME, version, sampleRatio: config.OTEL_TRACES_SAMPLER_ARG });
    const priceSources = new PriceSources(await loadBundledSource());
    const conditionalUpdates = new Reserver(handle.db, handle.dialect, keyStatuses, usage);
    const relay: RelayServices = {
      keys: new KeyCache(handle.db, config.SYNC_FREQUENCY * 1000, keyStatuses),
      channels: new ChannelRegistry(handle.db, (a, b) => isSameModel(priceSources.current, a, b)),
      // A probe that never reports (its request died) is given up after the relay's timeout, or a minute.
      breakers: new ChannelBreakers(options, config.RELAY_TIMEOUT > 0 ? config.RELAY_TIMEOUT * 1000 : 60_000),
      pricing: new Pricing(options, priceSources),
      priceSources,
      reserver: handle.sqlite && handle.sqliteWrites ? new SqliteLedger(handle.sqlite, handle.sqliteWrites, usage, conditionalUpdates, keyStatuses) : conditionalUpdates,
      usage,
      upstream: new UpstreamClient({
        timeoutSeconds: config.RELAY_TIMEOUT,
        proxy: config.RELAY_PROXY,
        maxConnections: config.RELAY_MAX_CONNECTIONS,
        idleSeconds: config.RELAY_IDLE_TIMEOUT,
        http2: config.RELAY_HTTP2,
        ca: config.RELAY_CA_FILE ? readCaFile(config.RELAY_CA_FILE) : undefined,
      }),
      images: new ImageFetcher({
        timeoutMs: config.IMAGE_FETCH_TIMEOUT * 1000,
        maxBytes: config.IMAGE_FETCH_MAX_MB * 1024 * 1024,
        allowPrivate: config.IMAGE_FETCH_ALLOW_PRIVATE,
        proxy: config.RELAY_PROXY,
      }),
      providerSettings: { GEMINI_VERSION: config.GEMINI_VERSION, GEMINI_SAFETY_SETTING: config.GEMINI_SAFETY_SETTING },
      inFlight,
      limiter: new RateLimiter(redis && new RedisLimiter(redis), log),
      groupLimits: new GroupLimits(options),
      budgets: createBudgets(handle.db, redis, options, log),
      responseCache: createResponseCache(handle.db, redis, options, log, metrics),
      fallbacks: new ModelFallbacks(options),
      observer: combineObservers(metrics.observer, tracing.observer),
    };
    const ctx: AppContext = {
      config,
      db: handle.db,
      dialect: handle.dialect,
      options,
      sessions: new SessionCodec(sessionSecret(config, log)),
      rateLimits: redis && redisHealth ? new FallbackRateLimitStore(new RedisRateLimitStore(redis), new MemoryRateLimitStore(), () => redisHealth.healthy) : new MemoryRateLimitStore(),
      redis,
      redisHealth,
      version,
      startTime: nowSeconds(),
      cacheSync,
      relay,
      metrics,
      tracing,
      log,
      notifyRoot: createRootNotifier({ db: handle.db, options, log, config }),
    };
    const reminder = new QuotaReminder({ db: handle.db, options, log, config });
    // Off the request path: the writer flushes on its timer, and a failed reminder only logs.
    relay.usage.onFlushed((charges) => void reminder.check(charges).catch((error: unknown) => log.warn({ err: error }, 'quota reminder failed')));
    if (config.NODE_TYPE === 'master') await options.seedDefaults();
    await options.reload();
    await createRootIfNeeded(ctx, log);
    const breakerBus = redis ? new RedisBreakerBus(redis, (error) => log.warn({ err: error }, 'could not share a channel breaker change through Redis')) : undefined;
    await startRelay(ctx, breakerBus);
    const priceRefresh = schedulePriceSourceRefresh(ctx);
    const metricsServer = await serveMetricsPort(config, metrics, log);
    memoryReturn.start();
    return {
      ctx,
      settled: () => relay.inFlight.idle(),
      async close() {
        memoryReturn.stop();
        priceRefresh?.stop();
        cacheSync.stop();
        breakerBus?.stop();
        await metricsServer?.close();
        const closed = await relay.usage.close();
        // Everything journaled is written: the node's marks are not needed any more (its journal folder is gone).
        if (closed?.journalEmpty && journal) await forgetMarks(handle.db, journal.node).catch((error: unknown) => log.warn({ err: error }, 'could not remove the usage journal marks'));
        await tracing.close();
        await relay.upstream.close();
        await relay.images.close();
        await handle.destroy();
        redisHealth?.stop();
        redis?.disconnect();
      },
    };
  } catch (error) {
    journal?.close();
    await handle.destroy();
    redisHealth?.stop();
    redis?.disconnect();
    throw error;
  }
}

/** Loads the routing table, follows cache changes from every node, and starts the batched usage writer. */
async function startRelay(ctx: AppContext, breakerBus: RedisBreakerBus | undefined): Promise<void> {
  const { cacheSync, relay, metrics } = ctx;
  if (breakerBus) {
    await breakerBus.start((message) => relay.breakers.apply(message));
    relay.breakers.connect(breakerBus);
  }
  registerBreakerMetrics(metrics, relay.breakers);
  cacheSync.on('channels', () => relay.channels.reload());
  cacheSync.on('keys', () => relay.keys.clear());
  cacheSync.on('options', () => ctx.options.reload());
  // The price source file applied last: read from the database only, so a start never waits on the network.
  const reloadPrices = storedPriceSourceLoader(ctx.db, relay.priceSources, ctx.log);
  cacheSync.on('prices', reloadPrices);
  if (metrics.enabled) for (const name of ['channels', 'keys', 'options', 'prices'] as const) cacheSync.on(name, () => metrics.cacheReloaded(name));
  await relay.channels.reload();
  await reloadPrices();
  await cacheSync.start();
  relay.usage.start();
}

/** METRICS_PORT: /metrics on a port of its own (behind METRICS_TOKEN too, when set). */
async function serveMetricsPort(config: Config, metrics: Metrics, log: AppLogger) {
  if (!metrics.enabled || config.METRICS_PORT === 0) return undefined;
  const server = await startMetricsServer({ metrics, token: config.METRICS_TOKEN, port: config.METRICS_PORT }, (error) => log.error({ err: error }, 'metrics scrape failed'));
  log.info({ port: server.port }, 'metrics served on their own port');
  return server;
}

/**
 * SESSION_SECRET signs the console cookies; nodes sharing a database must share it. When it is unset we
 * generate one once and keep it beside the database, so logins survive a restart of a single node.
 */
function sessionSecret(config: Config, log: AppLogger): string {
  if (config.SESSION_SECRET) return config.SESSION_SECRET;
  const file = path.join(config.dataDir, 'session-secret');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, randomHex(32), { mode: 0o600 });
  }
  log.warn({ file }, 'SESSION_SECRET is not set: using a generated secret stored in the data directory; set SESSION_SECRET on every node of a cluster');
  return fs.readFileSync(file, 'utf8').trim();
}

/** The first start of an empty database gets root/123456 (role 100), as one-api does. */
async function createRootIfNeeded(ctx: AppContext, log: AppLogger): Promise<void> {
  if ((await countUsers(ctx.db)) > 0) return;
  try {
    const rootId = await insertUser(ctx.db, ctx.dialect, {
      username: DEFAULT_ROOT_USERNAME,
      password: await hashPassword(DEFAULT_ROOT_PASSWORD),
      display_name: 'Root User',
      role: Role.Root,
      status: UserStatus.Enabled,
      access_token: ctx.config.INITIAL_ROOT_ACCESS_TOKEN ?? uuidHex(),
      quota: 500_000_000_000_000,
      used_quota: 0,
      request_count: 0,
      group: 'default',
      email: '',
    });
    if (ctx.config.INITIAL_ROOT_TOKEN) {
      await insertToken(ctx.db, ctx.dialect, { id: 1, userId: rootId, name: 'Initial Root Token', key: ctx.config.INITIAL_ROOT_TOKEN.replace(/^sk-/, ''), unlimitedQuota: true });
    }
    log.info('created the root account (root / 123456): change its password at once');
  } catch (error) {
    // Another node created root at the same moment.
    if (!isUniqueViolation(error)) throw error;
  }
}

/** RELAY_CA_FILE, read once at start: a file that cannot be read stops the start, naming the variable. */
function readCaFile(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new Error(`RELAY_CA_FILE: cannot read ${file}: ${(error as Error).message}`);
  }
}
