import { EventEmitter } from 'node:events';
import type WebSocket from 'ws';
import { describe, expect, it } from 'vitest';
import type { RealtimeBilling } from './realtime-billing.js';
import { RealtimeSession } from './realtime-session.js';

/** A socket as the session uses it: what it sent, its unsent bytes, paused or not, and how it was closed. */
class FakeSocket extends EventEmitter {
  readyState = 1;
  bufferedAmount = 0;
  isPaused = false;
  readonly sent: { data: Buffer; binary: boolean; done: () => void }[] = [];
  closedWith?: [number, string];

  send(data: Buffer, options: { binary: boolean }, done: () => void) {
    this.sent.push({ data, binary: options.binary, done });
  }
  pause() {
    this.isPaused = true;
  }
  resume() {
    this.isPaused = false;
  }
  close(code: number, reason: string) {
    this.closedWith = [code, reason];
    this.readyState = 3;
    this.emit('close', code, Buffer.from(reason));
  }
  terminate() {
    this.close(1006, '');
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

function session(early: { data: Buffer; isBinary: boolean }[] = []) {
  const client = new FakeSocket();
  const upstream = new FakeSocket();
  const billed: unknown[] = [];
  const billing = { tokens: 0, bill: (usage: unknown) => (billed.push(usage), Promise.resolve(undefined)), close: () => Promise.resolve() } as unknown as RealtimeBilling;
  let ended = false;
  new RealtimeSession(client as unknown as WebSocket, upstream as unknown as WebSocket, billing, undefined, silent, 'req').start(() => (ended = true), early);
  return { client, upstream, billed, ended: () => ended };
}

describe('a Realtime session', () => {
  it('sends on what the upstream sent before the upgrade, first, and bills its response.done', () => {
    const done = Buffer.from(JSON.stringify({ type: 'response.done', response: { usage: { input_tokens: 1, output_tokens: 2 } } }));
    const { client, upstream, billed } = session([{ data: Buffer.from('{"type":"session.created"}'), isBinary: false }]);
    upstream.emit('message', done, false);
    expect(client.sent.map((frame) => frame.data.toString())).toEqual(['{"type":"session.created"}', done.toString()]);
    expect(billed).toEqual([{ promptTokens: 1, completionTokens: 2 }]);
    // A binary frame is never read for usage.
    upstream.emit('message', done, true);
    expect(billed).toHaveLength(1);
    expect(client.sent.map((frame) => frame.binary)).toEqual([false, false, true]);
    // The client's frames go upstream as they came.
    client.emit('message', Buffer.from('{"type":"response.create"}'), false);
    expect(upstream.sent.map((frame) => frame.data.toString())).toEqual(['{"type":"response.create"}']);
  });

  it('pauses a side while the other has too much unsent, and resumes it once that has drained', () => {
    const { client, upstream } = session();
    upstream.bufferedAmount = 5 * 1024 * 1024;
    client.emit('message', Buffer.alloc(10), true);
    expect(client.isPaused).toBe(true);
    upstream.bufferedAmount = 2 * 1024 * 1024;
    upstream.sent[0]!.done();
    expect(client.isPaused).toBe(true);
    upstream.bufferedAmount = 0;
    upstream.sent[0]!.done();
    expect(client.isPaused).toBe(false);
  });

  it('passes a close on with its code, one that cannot be sent as the nearest that can, and ends once both are closed', async () => {
    const passed = session();
    passed.upstream.close(4001, 'bye');
    expect(passed.client.closedWith).toEqual([4001, 'bye']);
    const vanished = session();
    vanished.upstream.emit('close', 1006, Buffer.alloc(0));
    vanished.upstream.readyState = 3;
    expect(vanished.client.closedWith?.[0]).toBe(1011);
    const noCode = session();
    noCode.client.readyState = 3;
    noCode.client.emit('close', 1005, Buffer.alloc(0));
    expect(noCode.upstream.closedWith?.[0]).toBe(1000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(noCode.ended()).toBe(true);
  });
});
