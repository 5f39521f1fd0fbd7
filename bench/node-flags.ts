/**
 * The V8 flags `npm start` runs Tollgate with (root package.json), so the benchmarks measure the same
 * process. A young generation of 4 MB semi-spaces instead of V8's 16 MB: a gateway's garbage dies within
 * a request, so the larger nursery only held 25 MB more memory for no measurable throughput.
 */
export const TOLLGATE_NODE_FLAGS = ['--max-semi-space-size=4'];
