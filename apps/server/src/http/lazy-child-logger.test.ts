import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { LazyChildLogger } from './lazy-child-logger.js';

describe('LazyChildLogger', () => {
  it('makes the child on the first log line only, with its bindings and level', () => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        done();
      },
    });
    const parent = pino({ level: 'info' }, sink);
    let children = 0;
    const counting = Object.assign(Object.create(parent) as typeof parent, {
      child: (...args: Parameters<typeof parent.child>) => ((children += 1), parent.child(...args)),
    });
    const log = LazyChildLogger.create(counting, { reqId: 'r-1' }, {});
    expect(children).toBe(0);
    log.debug('below the level');
    log.warn({ status: 502 }, 'upstream failed');
    log.error(new Error('boom'), 'relay failure');
    expect(children).toBe(1);
    expect(log.level).toBe('info');
    expect(lines).toMatchObject([
      { reqId: 'r-1', status: 502, msg: 'upstream failed', level: 40 },
      { reqId: 'r-1', msg: 'relay failure', level: 50, err: { message: 'boom' } },
    ]);
  });
});
