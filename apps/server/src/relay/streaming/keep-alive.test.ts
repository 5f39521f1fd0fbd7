import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepAlives, KEEP_ALIVE_MS } from './keep-alive.js';
import { TurnWriter } from './turn-writer.js';

/** A client connection that records what it was sent. */
function client() {
  const raw = { written: [] as string[], destroyed: false, writableNeedDrain: false, writableEnded: false, write: (chunk: Buffer | string) => raw.written.push(chunk.toString()) > 0 };
  return raw;
}

describe('the keep-alive ticker', () => {
  afterEach(() => vi.useRealTimers());

  it('sends each silent stream its own keep-alive from one timer, and stops the timer when no stream is open', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const [quiet, busy] = [client(), client()];
    const quietWriter = new TurnWriter(quiet as unknown as ServerResponse);
    const busyWriter = new TurnWriter(busy as unknown as ServerResponse);
    keepAlives.add(quietWriter, ': keep-alive\n\n');
    keepAlives.add(busyWriter, 'event: ping\n\n');
    expect(vi.getTimerCount()).toBe(1);
    for (let tick = 0; tick < 3; tick += 1) {
      busyWriter.write(['data: x\n\n']);
      vi.advanceTimersByTime(KEEP_ALIVE_MS / 3);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet.written).toEqual([': keep-alive\n\n']);
    expect(busy.written.join('')).not.toContain('ping');
    keepAlives.remove(quietWriter);
    keepAlives.remove(busyWriter);
    expect(vi.getTimerCount()).toBe(0);
  });
});
