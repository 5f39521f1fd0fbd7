import { LATENCY_BOUNDS_MS } from '../../db/usage-rollups.js';

/**
 * The latency under which a share `p` (0 to 1) of requests fell, estimated from histogram bucket counts (in
 * LATENCY_COLUMNS order) by assuming the requests of a bucket spread evenly between its bounds. Past the last
 * bound only "at least" is known: the last bound is answered. 0 when there are no requests.
 */
export function latencyPercentile(buckets: readonly number[], p: number): number {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const target = p * total;
  let below = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    const count = buckets[i] ?? 0;
    const lower = i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]!;
    const upper = LATENCY_BOUNDS_MS[i];
    if (upper === undefined) return lower;
    if (count > 0 && below + count >= target) return Math.round(lower + ((upper - lower) * (target - below)) / count);
    below += count;
  }
  return LATENCY_BOUNDS_MS[LATENCY_BOUNDS_MS.length - 1]!;
}
