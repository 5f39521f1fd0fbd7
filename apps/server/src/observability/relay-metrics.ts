import type { TokenUsage } from '../providers/token-usage.js';
import { KeyedCounter, KeyedHistogram, type CounterSeries } from './series.js';
import type { RelayObservation, RelayObserver, UpstreamFailureKind } from './relay-observation.js';

/** Seconds: a quick completion to a long agent turn. */
const TOTAL_BUCKETS = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];
const FIRST_BYTE_BUCKETS = [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/** Label of a request that never reached a channel (refused key, unknown model) or of its model then. */
const NONE = 'none';
const channelLabel = (id: number) => (id > 0 ? String(id) : NONE);

/** The token counters of one model, found with one lookup per settled request. */
interface ModelSeries {
  prompt: CounterSeries;
  completion: CounterSeries;
  cacheRead: CounterSeries;
  cacheWrite: CounterSeries;
  reasoning: CounterSeries;
  quota: CounterSeries;
}

/**
 * The relay's metric families and the per-request observation feeding them. A request's labels make one
 * key string at its end; every other step is a lookup by channel id or model.
 */
export class RelayMetrics implements RelayObserver {
  private readonly requestKeys = new Map<string, string[]>();
  readonly requests = new KeyedCounter<string>('tollgate_relay_requests_total', 'Relayed requests by route, model asked for, channel, status and client protocol.', (key) => {
    const [route = '', model = '', channel = '', status = '', protocol = ''] = this.requestKeys.get(key) ?? [];
    return { route, model, channel, status, protocol };
  });
  readonly duration = new KeyedHistogram<number>('tollgate_relay_request_duration_seconds', 'Whole relayed request, to the last byte of the answer, by channel.', TOTAL_BUCKETS, (id) => ({ channel: channelLabel(id) }));
  readonly firstByte = new KeyedHistogram<number>('tollgate_relay_first_byte_seconds', 'From the request to the upstream answer (headers; a stream: its first bytes), by channel.', FIRST_BYTE_BUCKETS, (id) => ({
    channel: channelLabel(id),
  }));
  private readonly failureKeys = new Map<string, [string, string]>();
  readonly upstreamErrors = new KeyedCounter<string>('tollgate_upstream_errors_total', 'Failed upstream attempts by channel and kind (4xx, 5xx, timeout, connection, empty_stream).', (key) => {
    const [channel = '', kind = ''] = this.failureKeys.get(key) ?? [];
    return { channel, kind };
  });
  readonly tokens = new KeyedCounter<string>('tollgate_tokens_total', 'Tokens billed by model and kind (prompt, completion and, within them, cache_read, cache_write, reasoning).', (key) => {
    const split = key.indexOf('\n');
    return { model: key.slice(split + 1), kind: key.slice(0, split) };
  });
  readonly quota = new KeyedCounter<string>('tollgate_quota_total', 'Quota charged by model.', (model) => ({ model }));
  /** Streams being relayed now (read when scraped). */
  openStreams = 0;
  private readonly models = new Map<string, ModelSeries>();

  begin(_requestId: string, route: string, protocol: string): RelayObservation {
    return new MetricsObservation(this, route, protocol);
  }

  requestEnded(route: string, model: string, channelId: number, status: number, protocol: string, seconds: number): void {
    const key = `${route}\n${model}\n${channelId}\n${status}\n${protocol}`;
    if (!this.requestKeys.has(key)) this.requestKeys.set(key, [route, model, channelLabel(channelId), String(status), protocol]);
    this.requests.at(key).value += 1;
    this.duration.at(channelId).observe(seconds);
  }

  upstreamFailed(channelId: number, kind: UpstreamFailureKind): void {
    const key = `${channelId}\n${kind}`;
    if (!this.failureKeys.has(key)) this.failureKeys.set(key, [channelLabel(channelId), kind]);
    this.upstreamErrors.at(key).value += 1;
  }

  settled(model: string, usage: TokenUsage, quota: number): void {
    const series = this.modelSeries(model);
    series.prompt.value += usage.promptTokens;
    series.completion.value += usage.completionTokens;
    series.cacheRead.value += usage.cacheReadTokens ?? 0;
    series.cacheWrite.value += usage.cacheWriteTokens ?? 0;
    series.reasoning.value += usage.reasoningTokens ?? 0;
    series.quota.value += quota;
  }

  private modelSeries(model: string): ModelSeries {
    let found = this.models.get(model);
    if (!found) {
      const kind = (name: string) => this.tokens.at(`${name}\n${model}`);
      found = { prompt: kind('prompt'), completion: kind('completion'), cacheRead: kind('cache_read'), cacheWrite: kind('cache_write'), reasoning: kind('reasoning'), quota: this.quota.at(model) };
      this.models.set(model, found);
    }
    return found;
  }
}

/** One request's steps, turned into the families above when they happen. */
class MetricsObservation implements RelayObservation {
  private readonly startedAt = performance.now();
  private model = NONE;
  private channelId = 0;
  private stream = false;

  constructor(
    private readonly metrics: RelayMetrics,
    private readonly route: string,
    private readonly protocol: string,
  ) {}

  routing(): void {}

  routed(model: string, channelId: number): void {
    this.model = model;
    this.channelId = channelId;
  }

  attempt(channelId: number): void {
    this.channelId = channelId;
  }

  attemptFailed(_status: number, kind: UpstreamFailureKind): void {
    this.metrics.upstreamFailed(this.channelId, kind);
  }

  answered(): void {
    this.metrics.firstByte.at(this.channelId).observe((performance.now() - this.startedAt) / 1000);
  }

  streaming(): void {
    this.stream = true;
    this.metrics.openStreams += 1;
  }

  settling(): void {}

  settled(model: string, usage: TokenUsage, quota: number): void {
    this.metrics.settled(model, usage, quota);
  }

  ended(status: number): void {
    if (this.stream) {
      this.stream = false;
      this.metrics.openStreams -= 1;
    }
    this.metrics.requestEnded(this.route, this.model, this.channelId, status, this.protocol, (performance.now() - this.startedAt) / 1000);
  }
}
