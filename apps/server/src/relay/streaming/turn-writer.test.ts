import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { TurnWriter } from './turn-writer.js';

/** A client connection whose state the test sets: what was written, whether it is behind, whether it left. */
function client() {
  const raw = Object.assign(new EventEmitter(), {
    written: [] as string[],
    destroyed: false,
    writableNeedDrain: false,
    writableEnded: false,
    write(chunk: Buffer | string) {
      raw.written.push(chunk.toString());
      return !raw.writableNeedDrain;
    },
    end(chunk: Buffer | string) {
      raw.written.push(chunk.toString());
      raw.writableEnded = true;
    },
  });
  return raw;
}

/** Whether the promise has settled once the microtasks queued so far have run: the writer waits on events, never on timers. */
const settled = async (promise: Promise<void>) => {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

describe('the turn writer', () => {
  it('writes what one turn produced in one write, and the end with what is pending', async () => {
    const raw = client();
    const writer = new TurnWriter(raw as unknown as ServerResponse);
    writer.write(['data: a\n\n']);
    writer.write([Buffer.from('data: b\n\n'), 'data: c\n\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(raw.written).toEqual(['data: a\n\ndata: b\n\ndata: c\n\n']);
    writer.write(['data: d\n\n']);
    writer.end('data: [DONE]\n\n');
    expect(raw.written.slice(1)).toEqual(['data: d\n\ndata: [DONE]\n\n']);
  });

  it('writes what one read produced once the read is handled, before the loop turns', async () => {
    const raw = client();
    const writer = new TurnWriter(raw as unknown as ServerResponse);
    writer.write(['data: a\n\n']);
    writer.write(['data: b\n\n']);
    expect(raw.written).toEqual([]);
    await new Promise<void>((resolve) => process.nextTick(resolve));
    expect(raw.written).toEqual(['data: a\n\ndata: b\n\n']);
  });

  it('keeps what comes after the answer is all in for its end: one write for an answer read at once', async () => {
    const raw = client();
    const writer = new TurnWriter(raw as unknown as ServerResponse);
    writer.write(['data: a\n\n']);
    writer.holdForEnd();
    writer.write(['data: b\n\n']);
    await new Promise((resolve) => setImmediate(resolve));
    expect(raw.written).toEqual([]);
    writer.end('data: [DONE]\n\n');
    expect(raw.written).toEqual(['data: a\n\ndata: b\n\ndata: [DONE]\n\n']);
    expect(raw.writableEnded).toBe(true);
  });

  it('waits for a client that is behind until it drains or leaves', async () => {
    const raw = client();
    const writer = new TurnWriter(raw as unknown as ServerResponse);
    raw.writableNeedDrain = true;
    const draining = writer.drained();
    expect(await settled(draining)).toBe(false);
    raw.writableNeedDrain = false;
    raw.emit('drain');
    expect(await settled(draining)).toBe(true);
    raw.writableNeedDrain = true;
    const leaving = writer.drained();
    raw.destroyed = true;
    raw.emit('close');
    expect(await settled(leaving)).toBe(true);
  });

  it('does not wait for a client that has already left, or is not behind', async () => {
    const raw = client();
    const writer = new TurnWriter(raw as unknown as ServerResponse);
    expect(await settled(writer.drained())).toBe(true);
    // Gone with its buffer full: no 'close' will come again.
    raw.writableNeedDrain = true;
    raw.destroyed = true;
    expect(await settled(writer.drained())).toBe(true);
  });
});
