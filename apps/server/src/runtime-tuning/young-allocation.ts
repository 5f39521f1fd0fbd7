import { setV8FlagUnlessGiven } from './v8-flag.js';

/** V8's allocation-site pretenuring, off. */
export const PRETENURING_FLAG = '--no-allocation-site-pretenuring';

/**
 * V8 watches each object and array literal in the code: when nearly all of what one allocated survived a
 * young collection, it allocates that literal's objects in the old generation from then on ("pretenuring").
 * A relay's objects die with their request, but a literal can still be judged long-lived by the moment a
 * young collection caught its objects in flight. Its objects then go straight to the old generation and,
 * dead a few milliseconds later, stay there until a full collection; until then every young object they
 * point to is kept alive and promoted in turn, and so is each request's whole graph of objects.
 *
 * That happened in about half of the processes measured on 2026-11-28 (V8's `--trace-gc-nvp`, now
 * `BENCH_GC=1 npm run bench:perf`; which process fell into it was chance):
 * 5.5 KB promoted per short stream against 0.1, six mark-compacts in 15,000 requests against none, 25-40 µs
 * more CPU per request; at 50 connections the collector took 14.5 µs of a stream's main thread against the
 * bare proxy's 2.8 (`bench/perf-compare.ts`). Without pretenuring, no run of either fell into it.
 * V8 reads the flag each time it weighs a literal's survivors, so turning it off at start-up takes effect.
 */
export function allocateEveryObjectYoung(): boolean {
  return setV8FlagUnlessGiven(PRETENURING_FLAG);
}
