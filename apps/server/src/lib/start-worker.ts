import { Worker, type ResourceLimits } from 'node:worker_threads';

/** The module `name` beside the module at `from` (an import.meta.url), with the same extension. */
export const siblingModule = (name: string, from: string): URL => new URL(`./${name}${from.slice(from.lastIndexOf('.'))}`, from);

/**
 * A worker thread running `entry`. The built server runs its compiled JavaScript; run from source (the
 * tests, `npm run dev`), the entry is TypeScript and tsx is registered in the thread before loading it.
 */
export function startWorker(entry: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData, resourceLimits });
  const load = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); })`;
  return new Worker(load, { eval: true, workerData, resourceLimits });
}
