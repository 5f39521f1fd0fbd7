import v8 from 'node:v8';

/** The old generation is collected when it reaches this share above what survived the last collection. */
const HEAP_GROWING_PERCENT = 50;

/**
 * V8 sizes the old generation by how fast the program allocates: under a burst of thousands of concurrent
 * streams it let the heap grow to several times its live size (504 MB at the peak of 5,000 streams in one
 * run of three, against 340 MB). Collecting at 1.5 times the live size bounds that peak (333-337 MB) at
 * about V8's own CPU cost; 1.2 times, the setting until 2026-11-27, made eight mark-compacts of those
 * streams instead of two or three and cost them a fifth more CPU (`npm run bench:streams`,
 * `bench/gc-per-request.ts slow`). V8 reads this flag each time it sizes the heap, so setting it at
 * start-up takes effect.
 */
export function keepHeapNearLiveSize(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
