import { keepHeapNearLiveSize, HEAP_GROWTH_FLAG } from './heap-growth.js';
import { mallocTrim } from './malloc-trim.js';
import { SEMI_SPACE_FLAG } from './semi-space.js';
import { startedWith } from './v8-flag.js';
import { allocateEveryObjectYoung, PRETENURING_FLAG } from './young-allocation.js';

export { MemoryReturn, type MemoryReturnOptions } from './memory-return.js';
export { registerMemoryReturnMetrics } from './memory-return-metrics.js';
export { START_FLAGS } from './semi-space.js';

/**
 * Every V8 and allocator setting Tollgate runs with is in this folder, one file each; docs/runtime-tuning.md
 * says what each does, why, and what it was measured to buy.
 *
 * - semi-space.ts: 16 MB semi-spaces, a flag of the start command (V8 sizes the young generation before any
 *   code runs);
 * - heap-growth.ts: the old generation collected at 1.5 times its live size;
 * - young-allocation.ts: V8's allocation-site pretenuring off;
 * - memory-return.ts (with its metrics and malloc-trim.ts): memory given back once a burst has passed, a full
 *   collection and glibc's malloc_trim from the optional packages/memory-trim addon.
 *
 * main.ts calls tuneRuntime() first thing; bootstrap.ts makes the MemoryReturn, which needs the relay's count
 * of requests in flight. A V8 flag given on the command line wins over the one set here.
 */
export function tuneRuntime(log: { debug(obj: object, msg: string): void }): void {
  const flags = [
    [HEAP_GROWTH_FLAG, keepHeapNearLiveSize()],
    [PRETENURING_FLAG, allocateEveryObjectYoung()],
  ] as const;
  log.debug(
    {
      v8FlagsSet: flags.filter(([, set]) => set).map(([flag]) => flag),
      v8FlagsLeftToTheCommandLine: flags.filter(([, set]) => !set).map(([flag]) => flag),
      semiSpaceFlagGiven: startedWith(SEMI_SPACE_FLAG),
      mallocTrim: mallocTrim !== undefined,
    },
    mallocTrim ? 'runtime tuning applied' : 'runtime tuning applied; the malloc_trim addon is not built, so a memory return gives back V8 heap only',
  );
}
