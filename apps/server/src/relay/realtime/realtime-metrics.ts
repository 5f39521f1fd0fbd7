import type { Metrics } from '../../observability/metrics.js';

/** How a Realtime session ended, for `tollgate_realtime_sessions_total{outcome}`. */
export type SessionOutcome = 'refused' | 'upstream_failed' | 'client_left' | 'completed' | 'out_of_quota' | 'shutdown';

/**
 * The Realtime counters of this process: sessions open now, sessions ended by outcome, responses and input
 * transcriptions billed. Plain numbers, kept whether or not metrics are on (an addition per event); /metrics
 * reads them when scraped.
 */
export class RealtimeCounts {
  open = 0;
  readonly ended = new Map<SessionOutcome, number>();
  responsesBilled = 0;
  transcriptionsBilled = 0;

  end(outcome: SessionOutcome): void {
    this.ended.set(outcome, (this.ended.get(outcome) ?? 0) + 1);
  }
}

/**
 * `tollgate_realtime_sessions_open` (gauge), `tollgate_realtime_sessions_total{outcome}`,
 * `tollgate_realtime_responses_billed_total` and `tollgate_realtime_transcriptions_billed_total`, read from
 * `counts` when scraped (docs/monitoring.md).
 */
export function registerRealtimeMetrics(metrics: Metrics, counts: RealtimeCounts): void {
  metrics.extend((client, registry) => {
    const registers = [registry];
    new client.Gauge({
      name: 'tollgate_realtime_sessions_open',
      help: 'Realtime (WebSocket) sessions open now on this node.',
      registers,
      collect() {
        this.set(counts.open);
      },
    });
    new client.Counter({
      name: 'tollgate_realtime_sessions_total',
      help: 'Realtime sessions ended, by outcome (refused, upstream_failed, client_left, completed, out_of_quota, shutdown).',
      labelNames: ['outcome'],
      registers,
      collect() {
        this.reset();
        for (const [outcome, count] of counts.ended) this.inc({ outcome }, count);
      },
    });
    const counter = (name: string, help: string, read: () => number) =>
      new client.Counter({
        name,
        help,
        registers,
        collect() {
          this.reset();
          this.inc(read());
        },
      });
    counter('tollgate_realtime_responses_billed_total', 'Realtime response.done events settled (a consume row each).', () => counts.responsesBilled);
    counter('tollgate_realtime_transcriptions_billed_total', 'Realtime input-audio transcriptions settled (a consume row each).', () => counts.transcriptionsBilled);
  });
}
