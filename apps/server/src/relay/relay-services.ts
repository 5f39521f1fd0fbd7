import type { RelayObserver } from '../observability/relay-observation.js';
import type { ProviderSettings } from '../providers/adaptor.js';
import type { KeyCache } from './auth/key-cache.js';
import type { Pricing } from './billing/pricing.js';
import type { PriceSources } from './billing/price-source/price-sources.js';
import type { QuotaReserver } from './billing/reservation.js';
import type { UsageWriter } from './billing/usage-writer.js';
import type { ImageFetcher } from './images/image-fetcher.js';
import type { ChannelBreakers } from './health/breaker/channel-breakers.js';
import type { InFlight } from './in-flight.js';
import type { Budgets } from './budgets/budgets.js';
import type { ResponseCache } from './cache/response-cache.js';
import type { ModelFallbacks } from './fallbacks/model-fallbacks.js';
import type { GroupLimits } from './limits/group-limits.js';
import type { RateLimiter } from './limits/rate-limiter.js';
import type { ChannelRegistry } from './routing/channel-registry.js';
import type { UpstreamClient } from './upstream-client.js';

/** The relay's long-lived parts, built once per process in bootstrap.ts. */
export interface RelayServices {
  keys: KeyCache;
  channels: ChannelRegistry;
  /** Circuit breakers for transient failures: a routing-time state per channel, shared through Redis. */
  breakers: ChannelBreakers;
  pricing: Pricing;
  /** The maintained price source's data in force (bundled, or refreshed by an operator). */
  priceSources: PriceSources;
  reserver: QuotaReserver;
  usage: UsageWriter;
  upstream: UpstreamClient;
  /** Downloads linked images for protocols that need the bytes. */
  images: ImageFetcher;
  providerSettings: ProviderSettings;
  /** The relayed requests still running: a shutdown waits for them to settle. */
  inFlight: InFlight;
  /** Per key, user and group limits (requests and tokens per minute, requests at once). */
  limiter: RateLimiter;
  groupLimits: GroupLimits;
  /** Spending budgets per period of keys, users and groups, and their spend. */
  budgets: Budgets;
  /** Exact-match answers kept for keys and requests that ask (relay/cache/). */
  responseCache: ResponseCache;
  /** Fallback chains across models (the ModelFallbacks option), per group and model asked for. */
  fallbacks: ModelFallbacks;
  /** Metrics and traces of each relayed request (observability/); a no-op when both are off. */
  observer: RelayObserver;
}
