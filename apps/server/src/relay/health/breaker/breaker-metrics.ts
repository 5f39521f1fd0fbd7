import type { Metrics } from '../../../observability/metrics.js';
import type { ChannelBreakers } from './channel-breakers.js';

/**
 * `tollgate_channel_circuit{channel, state}`: 1 for every channel whose circuit is not closed (`open`:
 * cooling down and skipped by routing; `half-open`: its one probe may go through). Read when scraped, so
 * the relay pays nothing for it; a channel with no sample is closed.
 */
export function registerBreakerMetrics(metrics: Metrics, breakers: ChannelBreakers): void {
  metrics.extend((client, registry) => {
    new client.Gauge({
      name: 'tollgate_channel_circuit',
      help: 'Channels whose circuit breaker is not closed (open: cooling down, half-open: probing); closed channels have no sample.',
      labelNames: ['channel', 'state'],
      registers: [registry],
      collect() {
        this.reset();
        for (const { channelId, state } of breakers.states()) this.set({ channel: String(channelId), state }, 1);
      },
    });
  });
}
