import type { ProviderSettings } from '../providers/adaptor.js';
import type { KeyCache } from './auth/key-cache.js';
import type { Pricing } from './billing/pricing.js';
import type { QuotaReserver } from './billing/reservation.js';
import type { UsageWriter } from './billing/usage-writer.js';
import type { ImageFetcher } from './images/image-fetcher.js';
import type { ChannelBreakers } from './health/breaker/channel-breakers.js';
import type { InFlight } from './in-flight.js';
import type { ChannelRegistry } from './routing/channel-registry.js';
import type { UpstreamClient } from './upstream-client.js';

/** The relay's long-lived parts, built once per process in bootstrap.ts. */
export interface RelayServices {
  keys: KeyCache;
  channels: ChannelRegistry;
  /** Circuit breakers for transient failures: a routing-time state per channel, shared through Redis. */
  breakers: ChannelBreakers;
  pricing: Pricing;
  reserver: QuotaReserver;
  usage: UsageWriter;
  upstream: UpstreamClient;
  /** Downloads linked images for protocols that need the bytes. */
  images: ImageFetcher;
  providerSettings: ProviderSettings;
  /** The relayed requests still running: a shutdown waits for them to settle. */
  inFlight: InFlight;
}
