import type * as PromClient from 'prom-client';
import type { PoolUse } from '../db/connection.js';
import { NOOP_OBSERVER, type RelayObserver } from './relay-observation.js';

/** What the metrics read when scraped, from the parts bootstrap.ts built. */
export interface MetricSources {
  inFlightRequests(): number;
  usageQueueDepth(): number;
  dbPool?: () => PoolUse | undefined;
}

export type PromClientModule = typeof PromClient;

/**
 * Tollgate's metrics: a Prometheus registry when METRICS_ENABLED, else DISABLED_METRICS, which registers
 * nothing and never loads prom-client.
 */
export interface Metrics {
  readonly enabled: boolean;
  /** Feeds the relay's request metrics; NOOP_OBSERVER when disabled. */
  readonly observer: RelayObserver;
  /**
   * Registers more metrics (a feature's gauges or counters): `register` runs at once with prom-client and
   * Tollgate's registry when metrics are enabled, and never otherwise. Pass `registers: [registry]`.
   */
  extend(register: (client: PromClientModule, registry: PromClient.Registry) => void): void;
  /** A cached data set was reloaded (channels, keys, options). */
  cacheReloaded(cache: string): void;
  /** A batched usage write took this long. */
  usageFlushed(seconds: number, ok: boolean): void;
  /** The Prometheus text of every metric, and its content type. */
  scrape(): Promise<{ contentType: string; body: string }>;
}

export const DISABLED_METRICS: Metrics = {
  enabled: false,
  observer: NOOP_OBSERVER,
  extend: () => undefined,
  cacheReloaded: () => undefined,
  usageFlushed: () => undefined,
  scrape: () => Promise.reject(new Error('metrics are disabled')),
};

/** The registry and every family, loaded (prom-client with it) only when metrics are enabled. */
export async function createMetrics(enabled: boolean, sources: MetricSources): Promise<Metrics> {
  if (!enabled) return DISABLED_METRICS;
  const { PrometheusMetrics } = await import('./prometheus.js');
  return new PrometheusMetrics(await import('prom-client'), sources);
}
