import { setV8FlagUnlessGiven } from './v8-flag.js';

/** The old generation is collected when it reaches 50% above what survived the last collection. */
export const HEAP_GROWTH_FLAG = '--heap-growing-percent=50';

/**
 * V8 sizes the old generation by how fast the program allocates: under a burst of thousands of concurrent
 * streams it once let the heap grow to 504 MB at the peak of 5,000 streams (one run of three, against 340 MB).
 * Collecting at 1.5 times the live size costs the burst about a tenth less main-thread CPU per stream than
 * V8's own sizing (three alternated pairs, 2026-11-29, at the same peaks: docs/runtime-tuning.md); 1.2 times,
 * the setting until 2026-11-27, made eight mark-compacts of those streams instead of two or three and cost
 * them a fifth more CPU (`npm run bench:streams`; mark-compacts per request with `BENCH_GC=1 npm run
 * bench:perf`). V8 reads this flag each time it sizes the heap, so setting it at start-up takes effect.
 */
export function keepHeapNearLiveSize(): boolean {
  return setV8FlagUnlessGiven(HEAP_GROWTH_FLAG);
}
