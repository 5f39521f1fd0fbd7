import { START_FLAGS } from '../apps/server/src/runtime-tuning/semi-space.js';

/**
 * The node flags `npm start` runs Tollgate with, so the benchmarks measure the same process: they are kept
 * with the rest of the runtime tuning (apps/server/src/runtime-tuning/, docs/runtime-tuning.md).
 */
export const TOLLGATE_NODE_FLAGS = START_FLAGS;

/** More node flags from the environment variable `name` (space-separated), added to a server's own. */
export const envFlags = (name: string): string[] => (process.env[name] ?? '').split(' ').filter(Boolean);
