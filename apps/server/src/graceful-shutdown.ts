import type { AppLogger } from './observability/app-logger.js';

interface Closable {
  close(): Promise<unknown>;
}

/** The listening app: Fastify's instance, or anything with its `close` and its Node server. */
interface ClosableServer extends Closable {
  server: { closeIdleConnections(): void; closeAllConnections(): void };
}

/** The runtime: it knows when the relayed requests have settled, and closes what they write to. */
interface SettlingRuntime extends Closable {
  settled(): Promise<void>;
}

/** How often, while answers drain, the connections that have gone idle are closed. */
const REAP_INTERVAL_MS = 50;
/**
 * Once their connections are closed, requests settle in a few event-loop turns (the upstream call is
 * aborted and what was produced is billed); this bounds a request stuck in something that ignores it.
 */
const SETTLE_LIMIT_MS = 10_000;

/**
 * What main.ts does on SIGTERM/SIGINT, answering the process exit code. The server stops accepting and
 * lets in-flight requests (streams included) finish; past `deadlineMs` (SHUTDOWN_TIMEOUT; 0 waits for
 * ever) it closes their connections, which stops their upstream calls and bills what they produced. Once
 * every request has settled, the runtime writes the batched usage and closes the database. The runtime
 * is closed even if the server failed to close, since usage must be flushed. A failure is logged and
 * gives exit code 1; this never rejects, so the caller's `process.exit` always runs.
 */
export async function gracefulShutdown(app: ClosableServer, runtime: SettlingRuntime, log: Pick<AppLogger, 'error' | 'warn'>, deadlineMs = 0): Promise<number> {
  // Holds the process open until the flush is done, whatever the flush waits on: once the server is closed,
  // nothing else may (an unref'd log-writer thread once let Node exit before the last logs were committed).
  const holdOpen = setInterval(() => undefined, 60_000);
  let exitCode = 0;
  const steps: [string, () => Promise<unknown>][] = [
    ['closing the server', () => closeServer(app, deadlineMs, log)],
    ['settling the requests in flight', () => withinLimit(runtime.settled(), SETTLE_LIMIT_MS)],
    ['flushing usage and closing the runtime', () => runtime.close()],
  ];
  try {
    for (const [name, run] of steps) {
      try {
        await run();
      } catch (error) {
        exitCode = 1;
        log.error({ err: error }, `shutdown: ${name} failed`);
      }
    }
  } finally {
    clearInterval(holdOpen);
  }
  return exitCode;
}

/**
 * Node's server.close() closes only the connections idle at that moment. One whose request is still in
 * flight stays open once answered (keep-alive: 72 s in Fastify, longer behind a proxy), and close() waits
 * for the client to drop it: past the orchestrator's grace period, whose SIGKILL loses the final flush.
 * Closing connections as they fall idle lets the shutdown end with the last answer; past the deadline
 * (a stream that goes on and on), the rest are closed too.
 */
async function closeServer(app: ClosableServer, deadlineMs: number, log: Pick<AppLogger, 'warn'>): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), REAP_INTERVAL_MS);
  const deadline =
    deadlineMs > 0
      ? setTimeout(() => {
          log.warn({ deadlineMs }, 'shutdown: requests still running at SHUTDOWN_TIMEOUT; closing their connections and billing what they produced');
          app.server.closeAllConnections();
        }, deadlineMs)
      : undefined;
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
    clearTimeout(deadline);
  }
}

async function withinLimit(work: Promise<void>, limitMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`requests still running after ${limitMs} ms; their usage may be lost`)), limitMs);
  });
  try {
    await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
