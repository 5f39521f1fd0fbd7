import { describe, expect, it } from 'vitest';
import { LATENCY_COLUMNS, latencyBucket, COUNT } from '../../db/usage-rollups.js';
import { latencyPercentile } from './latency-percentile.js';

/** The histogram and the sum the rollups would hold for these latencies. */
function rollupOf(latencies: number[]): { buckets: number[]; sum: number } {
  const buckets = LATENCY_COLUMNS.map(() => 0);
  for (const ms of latencies) buckets[latencyBucket(ms) - COUNT.firstBucket]! += 1;
  return { buckets, sum: latencies.reduce((a, b) => a + b, 0) };
}

/** The true percentile: the latency of the request at rank ceil(p x n). */
const truePercentile = (latencies: number[], p: number) => [...latencies].sort((a, b) => a - b)[Math.max(1, Math.ceil(p * latencies.length)) - 1]!;

describe('latencyPercentile', () => {
  it('is 0 without requests', () => {
    expect(latencyPercentile(LATENCY_COLUMNS.map(() => 0), 0, 0.5)).toBe(0);
  });

  it('bounds a fast channel’s median by its mean, not by the bucket', () => {
    const { buckets, sum } = rollupOf(Array.from({ length: 100 }, (_, i) => 1 + (i % 8)));
    expect(latencyPercentile(buckets, sum, 0.5)).toBeLessThanOrEqual(9);
    expect(latencyPercentile(buckets, sum, 0.95)).toBe(50);
  });

  it('bounds a slow tail by the sum, past the last bucket', () => {
    const { buckets, sum } = rollupOf([...Array.from({ length: 99 }, () => 100), 200_000]);
    expect(latencyPercentile(buckets, sum, 0.5)).toBe(100);
    expect(latencyPercentile(buckets, sum, 1)).toBeGreaterThanOrEqual(200_000);
    expect(latencyPercentile(buckets, sum, 1)).toBeLessThan(Infinity);
  });

  it('over many random latencies: never below the true percentile, never above its bucket', () => {
    let state = 35;
    const random = () => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 500; run += 1) {
      const scale = [10, 300, 5000, 200_000][run % 4]!;
      const latencies = Array.from({ length: 1 + Math.floor(random() * 300) }, () => Math.round(random() ** 3 * scale));
      const { buckets, sum } = rollupOf(latencies);
      for (const p of [0.5, 0.95, 0.99]) {
        const truth = truePercentile(latencies, p);
        const bound = latencyPercentile(buckets, sum, p);
        expect(bound, JSON.stringify({ run, p, latencies })).toBeGreaterThanOrEqual(truth);
        const bucket = latencyBucket(truth) - COUNT.firstBucket;
        if (bucket < LATENCY_COLUMNS.length - 1) expect(bound).toBeLessThanOrEqual(latencyBucketBound(bucket));
      }
    }
  });
});

const latencyBucketBound = (bucket: number) => Number(LATENCY_COLUMNS[bucket]!.replace('latency_le_', ''));
