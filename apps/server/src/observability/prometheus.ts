import type { Registry } from 'prom-client';
import type { Metrics, MetricSources, PromClientModule } from './metrics.js';
import { RelayMetrics } from './relay-metrics.js';
import { registerSeries } from './series.js';

const FLUSH_BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];

/** The enabled metrics: the relay's families, the gauges read when scraped, and Node's process metrics. */
export class PrometheusMetrics implements Metrics {
  readonly enabled = true;
  readonly observer: RelayMetrics;
  private readonly registry: Registry;
  private readonly cacheReloads;
  private readonly flushDuration;

  constructor(
    private readonly client: PromClientModule,
    sources: MetricSources,
  ) {
    const registry = new client.Registry();
    this.registry = registry;
    client.collectDefaultMetrics({ register: registry });
    const relay = new RelayMetrics();
    this.observer = relay;
    for (const family of [relay.requests, relay.duration, relay.firstByte, relay.upstreamErrors, relay.tokens, relay.quota]) registerSeries(registry, family);
    const registers = [registry];
    new client.Gauge({
      name: 'tollgate_relay_in_flight_requests',
      help: 'Relayed requests running now (until each has settled).',
      registers,
      collect() {
        this.set(sources.inFlightRequests());
      },
    });
    new client.Gauge({
      name: 'tollgate_relay_in_flight_streams',
      help: 'Streamed answers being relayed now.',
      registers,
      collect() {
        this.set(relay.openStreams);
      },
    });
    new client.Gauge({
      name: 'tollgate_usage_writer_queue_depth',
      help: 'Settlements waiting for the batched usage writer (users, keys and logs pending).',
      registers,
      collect() {
        this.set(sources.usageQueueDepth());
      },
    });
    this.flushDuration = new client.Histogram({
      name: 'tollgate_usage_writer_flush_duration_seconds',
      help: 'Batched usage writes, by result (ok, error).',
      labelNames: ['result'],
      buckets: FLUSH_BUCKETS,
      registers,
    });
    this.cacheReloads = new client.Counter({ name: 'tollgate_cache_reloads_total', help: 'Reloads of a cached data set (channels, keys, options) after a change.', labelNames: ['cache'], registers });
    const { dbPool } = sources;
    if (dbPool) {
      new client.Gauge({
        name: 'tollgate_db_pool_connections',
        help: 'Database pool connections by state (total, idle, waiting: queries waiting for one).',
        labelNames: ['state'],
        registers,
        collect() {
          const use = dbPool();
          if (!use) return;
          this.set({ state: 'total' }, use.total);
          this.set({ state: 'idle' }, use.idle);
          this.set({ state: 'waiting' }, use.waiting);
        },
      });
    }
  }

  extend(register: (client: PromClientModule, registry: Registry) => void): void {
    register(this.client, this.registry);
  }

  cacheReloaded(cache: string): void {
    this.cacheReloads.inc({ cache });
  }

  usageFlushed(seconds: number, ok: boolean): void {
    this.flushDuration.observe({ result: ok ? 'ok' : 'error' }, seconds);
  }

  async scrape() {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
