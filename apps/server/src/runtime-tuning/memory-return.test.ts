import { spawnSync } from 'node:child_process';
import { describe, expect, it, vi } from 'vitest';
import { sampleValue } from '../../test/prometheus-text.js';
import { mallocTrim } from './malloc-trim.js';
import { MemoryReturn } from './memory-return.js';
import { registerMemoryReturnMetrics } from './memory-return-metrics.js';
import { createMetrics } from '../observability/metrics.js';

const MB = 2 ** 20;

/** A node on a clock the test turns, with the requests in flight and the RSS it sets, checked every second. */
function node(quietSeconds = 10, idleConnectionSeconds = 30) {
  const state = { now: 0, running: 0, rss: 100 * MB };
  const collect = vi.fn(() => {
    state.rss = 110 * MB;
  });
  const trim = vi.fn(() => true);
  const returned: [number, number][] = [];
  const memory = new MemoryReturn({
    quietSeconds,
    idleConnectionSeconds,
    inFlight: () => state.running,
    rss: () => state.rss,
    now: () => state.now,
    collect,
    trim,
    onReturned: (before, after) => returned.push([before / MB, after / MB]),
  });
  const seconds = (count: number, running = state.running, rss = state.rss) => {
    state.running = running;
    state.rss = rss;
    for (let i = 0; i < count; i += 1) {
      state.now += 1000;
      memory.check();
    }
  };
  return { state, collect, trim, returned, seconds, memory };
}

describe('MemoryReturn', () => {
  it('gives memory back once a burst has stayed quiet for the quiet time: a full collection, then the C allocator trimmed', () => {
    const { collect, trim, returned, seconds } = node();
    seconds(20, 5000, 340 * MB);
    seconds(9, 0);
    expect(collect).not.toHaveBeenCalled();
    seconds(1);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(trim).toHaveBeenCalledTimes(1);
    expect(returned).toEqual([[340, 110]]);
    // Nothing more to give back while it stays quiet, until the burst's idle connections have closed.
    seconds(29);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('waits while the load stays above a tenth of its peak', () => {
    const { collect, seconds } = node();
    seconds(20, 5000, 340 * MB);
    seconds(60, 600);
    expect(collect).not.toHaveBeenCalled();
    seconds(10, 400);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('a load that comes back before the quiet time is over starts the wait again', () => {
    const { collect, seconds } = node();
    seconds(20, 5000, 340 * MB);
    seconds(8, 0);
    seconds(1, 3000);
    seconds(9, 0);
    expect(collect).not.toHaveBeenCalled();
    seconds(1);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('leaves a node alone whose memory has not grown much since the last return', () => {
    const { collect, seconds } = node();
    seconds(20, 50, 150 * MB);
    seconds(60, 0);
    expect(collect).not.toHaveBeenCalled();
  });

  it('gives back once more when the idle upstream connections the burst left have closed, if it is still quiet then', () => {
    const { collect, returned, seconds } = node(10, 30);
    seconds(20, 5000, 340 * MB);
    seconds(10, 0);
    expect(collect).toHaveBeenCalledTimes(1);
    seconds(29, 0);
    expect(collect).toHaveBeenCalledTimes(1);
    seconds(1, 0, 250 * MB);
    expect(collect).toHaveBeenCalledTimes(2);
    expect(returned[1]).toEqual([250, 110]);
    // And only once.
    seconds(120);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('skips that second return when the load has come back by then', () => {
    const { collect, seconds } = node(10, 30);
    seconds(20, 5000, 340 * MB);
    seconds(10, 0);
    seconds(40, 2000);
    expect(collect).toHaveBeenCalledTimes(1);
  });

  it('counts growth from where the last return left the RSS', () => {
    const { collect, seconds } = node(10, 1000);
    seconds(20, 5000, 340 * MB);
    seconds(10, 0);
    expect(collect).toHaveBeenCalledTimes(1);
    seconds(1);
    // A second burst, smaller: 110 MB after the first return, 160 MB now is not worth a pause; 200 MB is.
    seconds(20, 1000, 160 * MB);
    seconds(20, 0);
    expect(collect).toHaveBeenCalledTimes(1);
    seconds(20, 1000, 200 * MB);
    seconds(10, 0);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('never runs with a quiet time of 0', () => {
    vi.useFakeTimers();
    try {
      const { collect, state, memory } = node(0);
      state.rss = 500 * MB;
      memory.start();
      vi.advanceTimersByTime(120_000);
      expect(collect).not.toHaveBeenCalled();
      memory.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('collects for real without --expose-gc: garbage left by a burst is freed', () => {
    let garbage: object[] | undefined = Array.from({ length: 1_000_000 }, (_, i) => ({ i, text: `item ${i}` }));
    const state = { now: 0, rss: 1000 * MB };
    const memory = new MemoryReturn({ quietSeconds: 1, idleConnectionSeconds: 30, inFlight: () => 0, rss: () => state.rss, now: () => state.now });
    const withGarbage = process.memoryUsage().heapUsed;
    garbage = undefined;
    state.rss = 2000 * MB;
    for (let i = 0; i < 3; i += 1) {
      state.now += 1000;
      memory.check();
    }
    expect(garbage).toBeUndefined();
    expect(withGarbage - process.memoryUsage().heapUsed).toBeGreaterThan(50 * MB);
  });
});

/** What node-gyp needs to compile the addon at install; without them it is left out (native-addon-optional.test.ts). */
const canCompile = ['cc', 'make', 'python3'].every((tool) => spawnSync(tool, ['--version'], { stdio: 'ignore' }).status === 0);

describe('@tollgate/memory-trim', () => {
  it.runIf(process.platform === 'linux' && canCompile)('is built at install where a compiler is, and trims the C heap on glibc', () => {
    expect(typeof mallocTrim).toBe('function');
    expect(typeof mallocTrim?.()).toBe('boolean');
  });
});

describe('the memory return metrics', () => {
  it('counts returns and the time they held the main thread, read when scraped', async () => {
    const metrics = await createMetrics(true, { inFlightRequests: () => 0, usageQueueDepth: () => 0 });
    const state = { now: 0, rss: 100 * MB };
    const memory = new MemoryReturn({
      quietSeconds: 1,
      idleConnectionSeconds: 1000,
      inFlight: () => 0,
      rss: () => state.rss,
      now: () => state.now,
      collect: () => {
        state.rss = 100 * MB;
        const until = performance.now() + 5;
        while (performance.now() < until);
      },
      trim: () => true,
    });
    registerMemoryReturnMetrics(metrics, memory);
    expect(sampleValue((await metrics.scrape()).body, 'tollgate_memory_returns_total')).toBe(0);
    // Two bursts, each given back at the first quiet check: 300 MB against 100 MB after the last return.
    const burst = () => {
      state.rss = 300 * MB;
      for (let i = 0; i < 3; i += 1) {
        state.now += 1000;
        memory.check();
      }
    };
    burst();
    burst();
    const body = (await metrics.scrape()).body;
    expect(sampleValue(body, 'tollgate_memory_returns_total')).toBe(2);
    expect(sampleValue(body, 'tollgate_memory_return_pause_seconds_total')).toBeGreaterThanOrEqual(0.01);
  });
});
