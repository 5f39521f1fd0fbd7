import { LATENCY_BOUNDS_MS } from '../../db/usage-rollups.js';

/**
 * The least latency (whole ms, as the rollups count them) a request in bucket i can have: bucket 0 holds 0 to its
 * bound, every other one more than the bound below it.
 */
const leastIn = (i: number): number => (i === 0 ? 0 : LATENCY_BOUNDS_MS[i - 1]! + 1);

/**
 * A latency that a share `p` (0 to 1) of the answered requests did not exceed, proven from the rollups alone: the
 * histogram's bucket counts (in LATENCY_COLUMNS order) and `sumMs`, the sum the mean is taken from. 0 when there
 * are no requests.
 *
 * The histogram alone only places the percentile in a bucket, (0, 50] ms for a channel answering in 1-8 ms.
 * Interpolating inside the bucket, as this did, assumed its requests spread evenly to 50 ms and reported a p50 of
 * 25 ms and a p95 of 48 ms beside a mean of 3 ms: a median of 25 would need a mean of at least 12.5. So the answer
 * is an upper bound, and the sum narrows it: the k requests of the bucket at or above the percentile, and the
 * others at no less than their buckets' least latency, cannot add up to more than the sum (Markov's inequality in
 * the bucket). The mean of 3 ms then gives p50 <= 5 ms. The last bucket, with no bound of its own, is bounded by
 * the sum only. The console shows the figure as "at most".
 */
export function latencyPercentile(buckets: readonly number[], sumMs: number, p: number): number {
  const total = buckets.reduce((sum, count) => sum + count, 0);
  if (total === 0) return 0;
  const rank = Math.max(1, Math.ceil(p * total));
  const floorOfAll = buckets.reduce((sum, count, i) => sum + count * leastIn(i), 0);
  let below = 0;
  for (let i = 0; i < buckets.length; i += 1) {
    const count = buckets[i] ?? 0;
    if (count > 0 && below + count >= rank) {
      // The requests of this bucket from the percentile's rank up: each at least the percentile.
      const atOrAbove = below + count - rank + 1;
      const bySum = leastIn(i) + (sumMs - floorOfAll) / atOrAbove;
      const bound = LATENCY_BOUNDS_MS[i] ?? Number.POSITIVE_INFINITY;
      return Math.max(leastIn(i), Math.min(bound, Math.floor(bySum + 1e-9)));
    }
    below += count;
  }
  return 0;
}
