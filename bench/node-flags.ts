/**
 * The V8 flags `npm start` runs Tollgate with (root package.json), so the benchmarks measure the same
 * process. Semi-spaces of 16 MB, V8's largest default, which it picks only on a machine with memory to
 * spare (a small container gets 4 MB or less). Since consume logs wait outside the heap, what outlives a
 * young collection is mostly the requests in flight, and a nursery twice as large collects half as often:
 * against 8 MB, 8% less main-thread CPU per request, half the scavenge time of 5,000 long streams, for
 * about 16 MB more memory (bench/ab.ts, bench/gc-per-request.ts).
 */
export const TOLLGATE_NODE_FLAGS = ['--max-semi-space-size=16'];

/** More node flags from the environment variable `name` (space-separated), added to a server's own. */
export const envFlags = (name: string): string[] => (process.env[name] ?? '').split(' ').filter(Boolean);
