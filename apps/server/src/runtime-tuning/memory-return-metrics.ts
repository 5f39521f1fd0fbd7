import type { MemoryReturn } from './memory-return.js';
import type { Metrics } from '../observability/metrics.js';

/**
 * `tollgate_memory_returns_total` and `tollgate_memory_return_pause_seconds_total`: how often memory was
 * given back after a burst, and how long the main thread was held for it (a return pauses every request
 * running then, so a latency spike can be matched to one). Read when scraped.
 */
export function registerMemoryReturnMetrics(metrics: Metrics, memoryReturn: MemoryReturn): void {
  metrics.extend((client, registry) => {
    /** A counter whose total the memory return keeps: set from it at each scrape. */
    const total = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers: [registry],
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    total('tollgate_memory_returns_total', 'Times memory was given back to the system after a burst of load (a full collection and malloc_trim).', () => memoryReturn.returns.count);
    total('tollgate_memory_return_pause_seconds_total', 'Time the main thread was held giving memory back.', () => memoryReturn.returns.pauseSeconds);
  });
}
