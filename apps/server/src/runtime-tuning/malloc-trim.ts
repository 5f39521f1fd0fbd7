/**
 * glibc's malloc_trim(0), from packages/memory-trim: a small N-API addon compiled at install by its build.mjs.
 * It is optional. A machine without a C compiler still installs (the build warns and exits 0) and starts:
 * then, or if the package cannot be loaded at all, this is undefined, and a memory return gives back V8's
 * heap only (runtime-tuning/index.ts says so in a debug line at start-up).
 */
async function load(): Promise<(() => boolean) | undefined> {
  try {
    return (await import('@tollgate/memory-trim')).trim;
  } catch {
    return undefined;
  }
}

export const mallocTrim = await load();
