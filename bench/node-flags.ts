/**
 * The V8 flags `npm start` runs Tollgate with (root package.json), so the benchmarks measure the same
 * process. Semi-spaces of 8 MB instead of V8's 16 MB: a gateway's garbage dies within a request, and the
 * larger nursery held about 20 MB more memory for a few microseconds of collection per request (4 MB
 * saved 5 MB more but cost twice that in collection).
 */
export const TOLLGATE_NODE_FLAGS = ['--max-semi-space-size=8'];
