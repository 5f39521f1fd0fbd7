import type { AppLogger } from './context.js';

interface Closable {
  close(): Promise<unknown>;
}

/** The listening app: Fastify's instance, or anything with its `close` and its Node server. */
interface ClosableServer extends Closable {
  server: { closeIdleConnections(): void };
}

/** How often, while answers drain, the connections that have gone idle are closed. */
const REAP_INTERVAL_MS = 50;

/**
 * What main.ts does on SIGTERM/SIGINT, answering the process exit code. The server stops accepting and
 * lets in-flight requests (streams included) finish, then the runtime writes the batched usage and closes
 * the database. The runtime is closed even if the server failed to close, since usage must be flushed.
 * A failure is logged and gives exit code 1; this never rejects, so the caller's `process.exit` always
 * runs (a rejection inside `void shutdown()` was unhandled and could leave the process hanging).
 */
export async function gracefulShutdown(app: ClosableServer, runtime: Closable, log: Pick<AppLogger, 'error'>): Promise<number> {
  // Holds the process open until the flush is done, whatever the flush waits on: once the server is closed,
  // nothing else may (an unref'd log-writer thread once let Node exit before the last logs were committed).
  const holdOpen = setInterval(() => undefined, 60_000);
  let exitCode = 0;
  const steps: [string, () => Promise<unknown>][] = [
    ['closing the server', () => closeServer(app)],
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
 * Closing connections as they fall idle lets the shutdown end with the last answer.
 */
async function closeServer(app: ClosableServer): Promise<void> {
  const reaper = setInterval(() => app.server.closeIdleConnections(), REAP_INTERVAL_MS);
  try {
    await app.close();
  } finally {
    clearInterval(reaper);
  }
}
