import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.js';

/** A server or runtime stand-in that records its closing and may fail it. */
function part(name: string, calls: string[], failure?: Error) {
  return {
    server: { closeIdleConnections: () => undefined, closeAllConnections: () => calls.push(`${name}: connections closed`) },
    settled: async () => {
      calls.push(`${name}: settled`);
    },
    close: async () => {
      calls.push(name);
      if (failure) throw failure;
    },
  };
}

const quiet = { error: () => undefined, warn: () => undefined };

describe('graceful shutdown', () => {
  it('closes the server, waits for the requests to settle, then closes the runtime, and exits 0', async () => {
    const calls: string[] = [];
    const errors: unknown[] = [];
    expect(await gracefulShutdown(part('server', calls), part('runtime', calls), { ...quiet, error: (obj) => errors.push(obj) })).toBe(0);
    expect(calls).toEqual(['server', 'runtime: settled', 'runtime']);
    expect(errors).toEqual([]);
  });

  it('still flushes through the runtime when the server fails to close, and exits 1 with the failure logged', async () => {
    const calls: string[] = [];
    const logged: [unknown, string | undefined][] = [];
    const failure = new Error('server stuck');
    const code = await gracefulShutdown(part('server', calls, failure), part('runtime', calls), { ...quiet, error: (obj, msg) => logged.push([obj, msg]) });
    expect(code).toBe(1);
    expect(calls).toEqual(['server', 'runtime: settled', 'runtime']);
    expect(logged).toEqual([[{ err: failure }, 'shutdown: closing the server failed']]);
  });

  it('resolves with exit code 1 rather than rejecting when the final flush fails', async () => {
    const logged: string[] = [];
    const flush = gracefulShutdown(part('server', []), part('runtime', [], new Error('database gone')), { ...quiet, error: (_obj, msg) => logged.push(msg ?? '') });
    await expect(flush).resolves.toBe(1);
    expect(logged).toEqual(['shutdown: flushing usage and closing the runtime failed']);
  });

  it('closes the connections still open at the deadline, and only then', async () => {
    const calls: string[] = [];
    let release: () => void = () => undefined;
    // A server whose close() waits for its last connection, as Node's does while a stream goes on.
    const server = {
      server: { closeIdleConnections: () => undefined, closeAllConnections: () => (calls.push('connections closed'), release()) },
      close: () => new Promise<void>((resolve) => (release = resolve)).then(() => void calls.push('server')),
    };
    const warnings: string[] = [];
    const started = Date.now();
    const code = await gracefulShutdown(server, part('runtime', calls), { ...quiet, warn: (_obj, msg) => warnings.push(msg ?? '') }, 200);
    expect(code).toBe(0);
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    expect(calls).toEqual(['connections closed', 'server', 'runtime: settled', 'runtime']);
    expect(warnings).toHaveLength(1);
  });
});
