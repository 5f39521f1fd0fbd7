import { describe, expect, it } from 'vitest';
import { gracefulShutdown } from './graceful-shutdown.js';

/** A server or runtime stand-in that records its closing and may fail it. */
function part(name: string, calls: string[], failure?: Error) {
  return {
    server: { closeIdleConnections: () => undefined },
    close: async () => {
      calls.push(name);
      if (failure) throw failure;
    },
  };
}

describe('graceful shutdown', () => {
  it('closes the server, then the runtime, and exits 0', async () => {
    const calls: string[] = [];
    const errors: unknown[] = [];
    expect(await gracefulShutdown(part('server', calls), part('runtime', calls), { error: (obj) => errors.push(obj) })).toBe(0);
    expect(calls).toEqual(['server', 'runtime']);
    expect(errors).toEqual([]);
  });

  it('still flushes through the runtime when the server fails to close, and exits 1 with the failure logged', async () => {
    const calls: string[] = [];
    const logged: [unknown, string | undefined][] = [];
    const failure = new Error('server stuck');
    const code = await gracefulShutdown(part('server', calls, failure), part('runtime', calls), { error: (obj, msg) => logged.push([obj, msg]) });
    expect(code).toBe(1);
    expect(calls).toEqual(['server', 'runtime']);
    expect(logged).toEqual([[{ err: failure }, 'shutdown: closing the server failed']]);
  });

  it('resolves with exit code 1 rather than rejecting when the final flush fails', async () => {
    const logged: string[] = [];
    const flush = gracefulShutdown(part('server', []), part('runtime', [], new Error('database gone')), { error: (_obj, msg) => logged.push(msg ?? '') });
    await expect(flush).resolves.toBe(1);
    expect(logged).toEqual(['shutdown: flushing usage and closing the runtime failed']);
  });
});
