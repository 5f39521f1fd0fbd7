import type { Registry } from 'prom-client';

/**
 * Counters and histograms for the relay's hot path, kept as plain numbers and read by the registry only
 * when it is scraped. prom-client's own labelled children hash their label object on every inc/observe;
 * here a request costs one Map lookup by a key the caller already has, and an addition.
 */

type Labels = Record<string, string | number>;

/** The shape prom-client's Registry reads from a metric (its `get()`), so ours are scraped with its own. */
interface MetricValue {
  labels: Labels;
  value: number;
  metricName?: string;
}

interface CollectedMetric {
  name: string;
  help: string;
  type: 'counter' | 'histogram';
  get(): Promise<{ name: string; help: string; type: string; aggregator: string; values: MetricValue[] }>;
}

export class CounterSeries {
  value = 0;
  constructor(readonly labels: Labels) {}
}

/** A counter family whose series are looked up by a caller's key and made once per key. */
export class KeyedCounter<K> implements CollectedMetric {
  readonly type = 'counter';
  private readonly series = new Map<K, CounterSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly labelsOf: (key: K) => Labels,
  ) {}

  /** The series for `key`, made on first use; keep it when the same labels recur. */
  at(key: K): CounterSeries {
    let found = this.series.get(key);
    if (!found) {
      found = new CounterSeries(this.labelsOf(key));
      this.series.set(key, found);
    }
    return found;
  }

  get() {
    const values = [...this.series.values()].map((s) => ({ labels: s.labels, value: s.value }));
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: 'sum', values });
  }
}

export class HistogramSeries {
  /** Observations per bucket (not cumulative); the last slot is +Inf. */
  readonly counts: Float64Array;
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Labels,
    private readonly bounds: readonly number[],
  ) {
    this.counts = new Float64Array(bounds.length + 1);
  }

  observe(value: number): void {
    let i = 0;
    while (i < this.bounds.length && value > (this.bounds[i] as number)) i += 1;
    this.counts[i] = (this.counts[i] as number) + 1;
    this.sum += value;
    this.count += 1;
  }
}

/** A histogram family keyed like KeyedCounter, written out as Prometheus buckets when scraped. */
export class KeyedHistogram<K> implements CollectedMetric {
  readonly type = 'histogram';
  private readonly series = new Map<K, HistogramSeries>();

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
    private readonly labelsOf: (key: K) => Labels,
  ) {}

  at(key: K): HistogramSeries {
    let found = this.series.get(key);
    if (!found) {
      found = new HistogramSeries(this.labelsOf(key), this.bounds);
      this.series.set(key, found);
    }
    return found;
  }

  get() {
    const values: MetricValue[] = [];
    for (const s of this.series.values()) {
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += s.counts[i] as number;
        values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le }, value: cumulative });
      });
      values.push({ metricName: `${this.name}_bucket`, labels: { ...s.labels, le: '+Inf' }, value: s.count });
      values.push({ metricName: `${this.name}_sum`, labels: s.labels, value: s.sum });
      values.push({ metricName: `${this.name}_count`, labels: s.labels, value: s.count });
    }
    return Promise.resolve({ name: this.name, help: this.help, type: this.type, aggregator: 'sum', values });
  }
}

/** Adds our own families to a prom-client registry (it only needs `name` and `get()`). */
export function registerSeries(registry: Registry, metric: CollectedMetric): void {
  registry.registerMetric(metric as unknown as Parameters<Registry['registerMetric']>[0]);
}
