/**
 * Semi-spaces of 16 MB, V8's largest default, which it picks only on a machine with memory to spare (a small
 * container gets 4 MB or less). Since consume logs wait outside the heap, what outlives a young collection is
 * mostly the requests in flight, and a nursery twice as large collects half as often: against 8 MB, 8% less
 * main-thread CPU per request and half the scavenge time of 5,000 long streams, for about 16 MB more memory
 * (2026-11-27).
 *
 * V8 sizes the young generation when it sets up the heap, before any of Tollgate's code runs, so this one
 * setting is a flag of the start command rather than something set at start-up: `npm start`, the Dockerfile's
 * CMD, the README's start command and the benchmarks (bench/node-flags.ts) all run `node ${START_FLAGS}
 * apps/server/dist/main.js`, which runtime-tuning.test.ts checks.
 */
export const SEMI_SPACE_FLAG = '--max-semi-space-size=16';

/** The node flags Tollgate is started with. */
export const START_FLAGS = [SEMI_SPACE_FLAG];
