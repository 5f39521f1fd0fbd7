import v8 from 'node:v8';

/** A V8 flag's name, without its value or `no-`: `--heap-growing-percent=50` → `heap-growing-percent`. */
const nameOf = (flag: string) => (flag.replace(/^--(no-)?/, '').split('=')[0] ?? '').replaceAll('_', '-');

/** The flags on this process's command line (node's own, before the script). */
export function startFlags(): string[] {
  return process.execArgv.filter((arg) => arg.startsWith('--'));
}

/** Whether the process was started with `flag` (any value of it, or its `--no-` form). */
export function startedWith(flag: string, given = startFlags()): boolean {
  const name = nameOf(flag);
  return given.some((arg) => nameOf(arg) === name);
}

/**
 * Sets a V8 flag at start-up, unless the command line names it already: an operator's or a
 * benchmark's own value wins (`BENCH_NODE_FLAGS="--allocation-site-pretenuring"` measures a process without
 * that setting). True when it was set here.
 */
export function setV8FlagUnlessGiven(flag: string, given = startFlags()): boolean {
  if (startedWith(flag, given)) return false;
  v8.setFlagsFromString(flag);
  return true;
}
