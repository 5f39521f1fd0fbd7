import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeSpark } from '../../../test/fake-spark.js';
import type { UpstreamIo } from '../adaptor.js';
import { signedSparkUrl } from './signed-url.js';
import { sparkExchange } from './websocket-exchange.js';

const SECRET = 'secret';
const API_KEY = 'key';
const FRAME = Buffer.from(JSON.stringify({ header: { app_id: 'A' }, parameter: { chat: { domain: 'lite' } }, payload: { message: { text: [{ role: 'user', content: 'hi' }] } } }));

describe('Spark websocket exchange', () => {
  let fake: FakeSpark;
  beforeAll(async () => {
    fake = await new FakeSpark(SECRET, API_KEY).start();
  });
  afterAll(() => fake.stop());

  const built = (secret = SECRET) => ({ url: signedSparkUrl(fake.baseUrl, '/v1.1/chat', { apiSecret: secret, apiKey: API_KEY }, new Date()), headers: {}, body: FRAME });
  const io = (overrides: Partial<UpstreamIo> = {}): UpstreamIo => ({ send: () => Promise.reject(new Error('no HTTP here')), signal: new AbortController().signal, timeoutMs: 0, ...overrides });

  it('collects a non-stream answer as NDJSON lines, one per frame', async () => {
    fake.behaviour = {};
    const response = await sparkExchange(built(), false, io());
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/x-ndjson');
    const lines = (await response.body.text()).trim().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as { header: { status: number } }).header.status)).toEqual([0, 1, 2]);
  });

  it('streams frames as they arrive and closes the socket when the body is dropped', async () => {
    fake.behaviour = { stall: true };
    const response = await sparkExchange(built(), true, io());
    expect(response.statusCode).toBe(200);
    const first = await response.body[Symbol.asyncIterator]().next();
    expect(Buffer.from(first.value as Uint8Array).toString('utf8')).toContain('Hello ');
    response.body.destroy();
    await expect.poll(() => fake.openSockets).toBe(0);
  });

  it('answers a refused handshake with its status, as an auth error', async () => {
    const response = await sparkExchange(built('wrong'), true, io());
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(await response.body.text())).toEqual({ error: { message: 'Spark refused the connection (HTTP 401): HMAC signature cannot be verified', type: 'authentication_error', code: 'invalid_api_key' } });
  });

  it('answers an error first frame with the status of its code', async () => {
    fake.behaviour = { inBandError: { code: 11200, message: 'auth no license' } };
    const response = await sparkExchange(built(), true, io());
    expect(response.statusCode).toBe(401);
    expect(JSON.parse(await response.body.text())).toMatchObject({ error: { type: 'authentication_error', message: 'Spark error 11200: auth no license' } });
  });

  it('gives up with a 504 when no frame comes in time, and closes the socket', async () => {
    fake.behaviour = { stall: true };
    const response = await sparkExchange(built(), false, io({ timeoutMs: 150 }));
    expect(response.statusCode).toBe(504);
    await expect.poll(() => fake.openSockets).toBe(0);
  });

  it('closes the socket when the client leaves, and rejects before any answer', async () => {
    fake.behaviour = { stall: true };
    const controller = new AbortController();
    const pending = sparkExchange(built(), false, io({ signal: controller.signal }));
    await expect.poll(() => fake.openSockets).toBe(1);
    controller.abort(new Error('client left'));
    await expect(pending).rejects.toThrow('client left');
    await expect.poll(() => fake.openSockets).toBe(0);
  });

  it('fails like a network error when nothing listens', async () => {
    await expect(sparkExchange({ ...built(), url: 'ws://127.0.0.1:1/v1.1/chat' }, false, io())).rejects.toThrow();
  });
});
