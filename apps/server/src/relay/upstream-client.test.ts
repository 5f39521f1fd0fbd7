import { EventEmitter, once } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServerResponse } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { isPushed, type BodySink, type PushedBody } from '../providers/upstream-response.js';
import { ClientHangup } from './client-hangup.js';
import { UpstreamClient } from './upstream-client.js';

/**
 * The upstream client against a real HTTP server: answers read whole or chunk by chunk, a slow reader
 * holding the upstream back instead of buffering its answer, and every way a call is called off (the
 * client hanging up before or during the answer, the reader giving up, the upstream breaking off).
 */
const BIG = 16 * 1024 * 1024;
const received: string[] = [];
const closed: string[] = [];
const finished: string[] = [];

const server = http.createServer((req, res) => {
  const path = req.url ?? '';
  received.push(path);
  res.on('close', () => (res.writableFinished ? finished : closed).push(path));
  if (path === '/chunks') {
    res.writeHead(200, { 'content-type': 'text/plain', 'X-Upstream': 'yes' });
    res.write('one,');
    setTimeout(() => res.end('two'), 20);
  } else if (path === '/big' || path === '/big?push' || path === '/forever') {
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    const piece = Buffer.alloc(64 * 1024, 1);
    let sent = 0;
    const pump = () => {
      while (path === '/forever' || sent < BIG) {
        sent += piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  } else if (path === '/slow-headers') {
    setTimeout(() => res.end('late'), 2_000);
  } else if (path === '/empty') {
    res.writeHead(200, { 'content-type': 'text/plain' }).end();
  } else if (path === '/headers-then-break') {
    res.writeHead(200, { 'content-type': 'text/plain' }).flushHeaders();
    setTimeout(() => res.destroy(), 20);
  } else if (path === '/break') {
    res.writeHead(200, { 'content-type': 'text/plain' });
    res.write('partial');
    setTimeout(() => res.destroy(), 20);
  } else {
    res.writeHead(404).end();
  }
});
let base = '';
const client = new UpstreamClient({ timeoutSeconds: 0 });

beforeAll(async () => {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await client.close();
  server.closeAllConnections();
  server.close();
});

const get = (path: string, signal?: AbortSignal | ClientHangup) => client.send({ url: `${base}${path}`, method: 'GET', headers: {}, signal });
// No signal says that a held-back upstream stays held back: the two tests that assert it give it this long to break loose.
const holdBackMs = 300;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A sink that writes down what it is told, and a promise of its end or failure. */
function recordingSink() {
  const seen: string[] = [];
  let done: () => void = () => {};
  const ended = new Promise<void>((resolve) => (done = resolve));
  const sink: BodySink = {
    data: (chunk) => void seen.push(`data ${chunk.toString()}`),
    end: () => {
      seen.push('end');
      done();
    },
    fail: (error) => {
      seen.push(`fail ${error.message}`);
      done();
    },
  };
  return { sink, seen, ended };
}

/** A client connection whose hang-up the test decides. */
function clientConnection() {
  const raw = Object.assign(new EventEmitter(), { writableFinished: false });
  return { hangup: new ClientHangup(raw as unknown as ServerResponse), hangUp: () => raw.emit('close') };
}

describe('UpstreamClient', () => {
  it('answers with the status, lower-cased headers and the whole body', async () => {
    const response = await get('/chunks');
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-upstream']).toBe('yes');
    expect(await response.body.text()).toBe('one,two');
    expect((await (await get('/chunks')).body.bytes()).toString()).toBe('one,two');
  });

  it('hands the body over chunk by chunk, in order', async () => {
    const chunks: string[] = [];
    for await (const chunk of (await get('/chunks')).body) chunks.push(Buffer.from(chunk).toString());
    expect(chunks).toEqual(['one,', 'two']);
  });

  it('holds a slow reader’s upstream back instead of buffering the answer, and loses nothing', async () => {
    const response = await get('/big');
    await sleep(holdBackMs);
    expect(finished).not.toContain('/big');
    let size = 0;
    for await (const chunk of response.body) size += chunk.length;
    expect(size).toBe(BIG);
    await eventually(() => finished.includes('/big'));
  });

  it('aborts the upstream request when the reader stops early', async () => {
    const response = await get('/forever');
    for await (const chunk of response.body) if (chunk.length > 0) break;
    await eventually(() => closed.includes('/forever'));
  });

  it('aborts the upstream request when the client hangs up before the answer', async () => {
    const { hangup, hangUp } = clientConnection();
    const pending = get('/slow-headers', hangup);
    // The client hangs up once the call is at the upstream, before its answer.
    await eventually(() => received.includes('/slow-headers'));
    hangUp();
    await expect(pending).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
    await eventually(() => closed.includes('/slow-headers'));
  });

  it('fails the body’s reader when the client hangs up during the answer', async () => {
    const { hangup, hangUp } = clientConnection();
    const response = await get('/chunks', hangup);
    const reading = response.body.text();
    hangUp();
    await expect(reading).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('refuses a call whose cancellation has already fired, without sending it', async () => {
    const { hangup, hangUp } = clientConnection();
    hangUp();
    await expect(get('/slow-headers?never', hangup)).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
    await expect(get('/chunks', AbortSignal.abort())).rejects.toMatchObject({ code: 'UND_ERR_ABORTED' });
  });

  it('fails the reader when the upstream breaks off mid-answer, rather than ending quietly', async () => {
    const response = await get('/break');
    const chunks: Buffer[] = [];
    const read = async () => {
      for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
    };
    await expect(read()).rejects.toThrow();
    expect(Buffer.concat(chunks).toString()).toBe('partial');
  });

  it('pushes the body to a sink, the chunks that came before it first, and says once how it ended', async () => {
    const response = await get('/chunks');
    const body = response.body as PushedBody;
    expect(isPushed(body)).toBe(true);
    expect(await body.firstBytes()).toBe(true);
    // The first chunk was waited for, not taken: the sink gets it.
    const { sink, seen, ended } = recordingSink();
    body.pipeTo(sink);
    await ended;
    expect(seen).toEqual(['data one,', 'data two', 'end']);
  });

  it('holds a paused sink’s upstream back instead of buffering the answer, and loses nothing when it resumes', async () => {
    const body = (await get('/big?push')).body as PushedBody;
    let size = 0;
    let paused = false;
    let ended = false;
    body.pipeTo({
      data(chunk) {
        size += chunk.length;
        if (!paused && size >= 1024 * 1024) {
          paused = true;
          body.pause();
        }
      },
      end: () => (ended = true),
      fail: (error) => {
        throw error;
      },
    });
    await eventually(() => paused);
    const whilePaused = size;
    await sleep(holdBackMs);
    // A chunk or two may still land after the pause; the upstream's 16 MB are not read.
    expect(size - whilePaused).toBeLessThan(2 * 1024 * 1024);
    expect(finished).not.toContain('/big?push');
    body.resume();
    await eventually(() => ended);
    expect(size).toBe(BIG);
  });

  it('tells a sink that the upstream broke off mid-answer, after what it sent', async () => {
    const body = (await get('/break')).body as PushedBody;
    const { sink, seen, ended } = recordingSink();
    body.pipeTo(sink);
    await ended;
    expect(seen[0]).toBe('data partial');
    expect(seen.slice(1)).toEqual([expect.stringMatching(/^fail /)]);
  });

  it('says whether a body brought bytes before it ended, and fails if it broke off before any', async () => {
    expect(await ((await get('/chunks')).body as PushedBody).firstBytes()).toBe(true);
    expect(await ((await get('/empty')).body as PushedBody).firstBytes()).toBe(false);
    await expect(((await get('/headers-then-break')).body as PushedBody).firstBytes()).rejects.toThrow();
  });

  it('makes the hang-up’s AbortSignal only when asked, already aborted if the client has left', () => {
    const { hangup, hangUp } = clientConnection();
    const signal = hangup.signal;
    expect(signal.aborted).toBe(false);
    hangUp();
    expect(signal.aborted).toBe(true);
    const late = clientConnection();
    late.hangUp();
    expect(late.hangup.signal.aborted).toBe(true);
  });
});
