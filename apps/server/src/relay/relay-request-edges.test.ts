import type http from 'node:http';
import net from 'node:net';
import { performance } from 'node:perf_hooks';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { MAX_JSON_DEPTH } from './json-depth.js';

const GPT = 'gpt-4o-mini';
const BODY_LIMIT = 64 * 1024 * 1024;

/** The client-protocol endpoints, each with a minimal valid request for a model. */
const ENDPOINTS = {
  chat: { path: () => '/v1/chat/completions', body: (model: string) => ({ model, messages: [{ role: 'user', content: 'hi' }] }) },
  messages: { path: () => '/v1/messages', body: (model: string) => ({ model, max_tokens: 16, messages: [{ role: 'user', content: 'hi' }] }) },
  responses: { path: () => '/v1/responses', body: (model: string) => ({ model, input: 'hi' }) },
  gemini: { path: (model: string) => `/v1beta/models/${model}:generateContent`, body: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) },
  geminiStream: { path: (model: string) => `/v1beta/models/${model}:streamGenerateContent?alt=sse`, body: () => ({ contents: [{ role: 'user', parts: [{ text: 'hi' }] }] }) },
} as const;

/** An error body in any of the three shapes: OpenAI's and Anthropic's `error.message`, Google's `error.message` and `error.status`. */
interface ErrorBody {
  type?: string;
  error?: { message?: string; type?: string; code?: unknown; status?: string };
}

const nested = (levels: number): unknown => {
  let value: unknown = 'leaf';
  for (let i = 0; i < levels; i += 1) value = { a: value };
  return value;
};

/** 1 GiB of zeros as about 1 MiB of gzip: one 16 MiB member, repeated (a gzip stream may hold many members). */
function gzipBomb(): Buffer {
  const member = zlib.gzipSync(Buffer.alloc(16 * 1024 * 1024), { level: 9 });
  return Buffer.concat(Array.from({ length: 64 }, () => member));
}

describe('request edges: encodings, nesting, unknown models, malformed URLs', () => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let key: string;
  let userId: number;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('edges').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1 }));
    await f.addChannel({ name: 'edges', base_url: upstream.baseUrl, models: GPT });
    userId = await f.addUser('edgesuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const post = (path: string, body: Buffer | string, headers: Record<string, string> = {}) =>
    fetch(`${f.url}${path}`, { method: 'POST', body, headers: { authorization: `Bearer sk-${key}`, 'x-api-key': `sk-${key}`, 'content-type': 'application/json', ...headers } });
  const usedQuota = async () => {
    await f.flush();
    return (await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  };

  describe('compressed bodies', () => {
    it.each([
      ['gzip', zlib.gzipSync],
      ['deflate', zlib.deflateSync],
      ['br', zlib.brotliCompressSync],
    ] as const)('decodes a %s body and relays what it holds', async (encoding, compress) => {
      const response = await post('/v1/chat/completions', compress(JSON.stringify(ENDPOINTS.chat.body(GPT))), { 'content-encoding': encoding });
      expect(response.status).toBe(200);
      expect(upstream.received.at(-1)?.json).toMatchObject({ model: GPT, messages: [{ role: 'user', content: 'hi' }] });
      // The upstream is sent the decoded body, without the client's encoding.
      expect(upstream.received.at(-1)?.headers['content-encoding']).toBeUndefined();
    });

    it('decodes a gzip body on the Anthropic and Gemini endpoints too', async () => {
      expect((await post(ENDPOINTS.messages.path(), zlib.gzipSync(JSON.stringify(ENDPOINTS.messages.body(GPT))), { 'content-encoding': 'gzip' })).status).toBe(200);
      expect((await post(ENDPOINTS.gemini.path(GPT), zlib.gzipSync(JSON.stringify(ENDPOINTS.gemini.body())), { 'content-encoding': 'gzip' })).status).toBe(200);
    });

    it('refuses a body that is not the gzip it claims, or is cut short, with a 400 in the protocol, charging nothing', async () => {
      const before = await usedQuota();
      const notGzip = await post('/v1/chat/completions', JSON.stringify(ENDPOINTS.chat.body(GPT)), { 'content-encoding': 'gzip' });
      expect(notGzip.status).toBe(400);
      expect(((await notGzip.json()) as ErrorBody).error).toMatchObject({ code: 'invalid_body_encoding', message: expect.stringMatching(/not valid gzip/) });

      const whole = zlib.gzipSync(JSON.stringify(ENDPOINTS.messages.body(GPT)));
      const truncated = await post('/v1/messages', whole.subarray(0, whole.length - 12), { 'content-encoding': 'gzip' });
      expect(truncated.status).toBe(400);
      expect((await truncated.json()) as ErrorBody).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringMatching(/not valid gzip/) } });

      const gemini = await post(ENDPOINTS.gemini.path(GPT), Buffer.from('not gzip'), { 'content-encoding': 'gzip' });
      expect(gemini.status).toBe(400);
      expect(((await gemini.json()) as ErrorBody).error).toMatchObject({ status: 'INVALID_ARGUMENT' });
      expect(await usedQuota()).toBe(before);
    });

    it('refuses an encoding it cannot decode with a 415 naming it', async () => {
      const response = await post('/v1/chat/completions', 'x', { 'content-encoding': 'zstd' });
      expect(response.status).toBe(415);
      expect(((await response.json()) as ErrorBody).error?.message).toMatch(/content-encoding "zstd" is not supported/);
    });

    it('refuses a gzip bomb with a 413 as soon as it passes the body limit, without blocking other requests or holding its size', async () => {
      const bomb = gzipBomb();
      expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
      const rssBefore = process.memoryUsage().rss;
      let peakRss = rssBefore;
      const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 5);
      const started = performance.now();
      const refused = post('/v1/chat/completions', bomb, { 'content-encoding': 'gzip' });
      // The event loop keeps serving while the bomb is decoded.
      const statusTimes: number[] = [];
      for (let i = 0; i < 5; i += 1) {
        const asked = performance.now();
        expect((await fetch(`${f.url}/api/status`)).status).toBe(200);
        statusTimes.push(performance.now() - asked);
      }
      const response = await refused;
      clearInterval(sampler);
      expect(response.status).toBe(413);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: 'request_too_large', message: expect.stringMatching(`more than ${BODY_LIMIT} bytes`) });
      expect(performance.now() - started).toBeLessThan(10_000);
      expect(Math.max(...statusTimes)).toBeLessThan(1000);
      // At most the limit (64 MiB) is held, with room for the collector's lag; inflated whole it was 1 GiB.
      expect(peakRss - rssBefore).toBeLessThan(400 * 1024 * 1024);
    });
  });

  describe('nesting', () => {
    it.each(Object.keys(ENDPOINTS) as (keyof typeof ENDPOINTS)[])('refuses a body nested deeper than the limit on %s with a 400 naming it, charging nothing', async (name) => {
      const before = await usedQuota();
      const endpoint = ENDPOINTS[name];
      const response = await post(endpoint.path(GPT), JSON.stringify({ ...endpoint.body(GPT), metadata_x: nested(MAX_JSON_DEPTH + 10) }));
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain(`nested more than ${MAX_JSON_DEPTH} levels deep`);
      expect(await usedQuota()).toBe(before);
    });

    it('refuses 2,200 levels in a tool schema as well, and keeps serving', async () => {
      const body = { ...ENDPOINTS.messages.body(GPT), tools: [{ name: 'f', input_schema: nested(2200) }] };
      expect((await post('/v1/messages', JSON.stringify(body))).status).toBe(400);
      expect((await post('/v1/messages', JSON.stringify(ENDPOINTS.messages.body(GPT)))).status).toBe(200);
    });
  });

  describe('a model no channel serves', () => {
    it.each([
      ['chat', 404, (body: ErrorBody) => expect(body.error).toMatchObject({ code: 'model_not_found', type: 'invalid_request_error' })],
      ['responses', 404, (body: ErrorBody) => expect(body.error).toMatchObject({ code: 'model_not_found' })],
      ['messages', 404, (body: ErrorBody) => expect(body).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })],
      ['gemini', 404, (body: ErrorBody) => expect(body.error).toMatchObject({ status: 'NOT_FOUND' })],
      ['geminiStream', 404, (body: ErrorBody) => expect(body.error).toMatchObject({ status: 'NOT_FOUND' })],
    ] as const)('is a 404 in the protocol on %s, which SDKs do not retry', async (name, status, check) => {
      const endpoint = ENDPOINTS[name];
      const response = await post(endpoint.path('no-such-model'), JSON.stringify(endpoint.body('no-such-model')));
      expect(response.status).toBe(status);
      const body = (await response.json()) as ErrorBody;
      check(body);
      expect(JSON.stringify(body)).toContain('no available channel for model no-such-model');
    });
  });

  describe('URLs the router or the HTTP parser refuses', () => {
    it('answers a malformed percent-encoding in the path in the protocol of the path', async () => {
      const openai = await fetch(`${f.url}/v1/models/%ED%A0%80`, { headers: { authorization: `Bearer sk-${key}` } });
      expect(openai.status).toBe(400);
      expect(((await openai.json()) as ErrorBody).error).toMatchObject({ code: 'invalid_url', type: 'invalid_request_error' });
      expect(openai.headers.get('x-oneapi-request-id')).toBeTruthy();

      const gemini = await post('/v1beta/models/%ED%A0%80:generateContent', '{}');
      expect(gemini.status).toBe(400);
      expect(((await gemini.json()) as ErrorBody).error).toMatchObject({ status: 'INVALID_ARGUMENT', message: expect.stringMatching(/malformed percent-encoding/) });

      const console = await fetch(`${f.url}/api/user/%ED%A0%80`);
      expect(console.status).toBe(400);
      expect(await console.json()).toMatchObject({ success: false, message: expect.stringMatching(/malformed percent-encoding/) });
    });

    it('takes a model name longer than 100 characters in the path, as fine-tunes and Bedrock ARNs have', async () => {
      const longModel = `ft:gpt-4o-mini-2024-07-18:my-organisation-with-a-long-name:${'x'.repeat(80)}:9a8b7c6d`;
      const response = await post(ENDPOINTS.gemini.path(longModel), JSON.stringify(ENDPOINTS.gemini.body()));
      expect(response.status).toBe(404);
      expect(JSON.stringify(await response.json())).toContain(`no available channel for model ${longModel}`);
    });

    it('answers a path segment over the parameter limit with a 414 in the protocol', async () => {
      const response = await fetch(`${f.url}/v1/models/${'m'.repeat(5000)}`, { headers: { authorization: `Bearer sk-${key}` } });
      expect(response.status).toBe(414);
      expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: 'uri_too_long' });
    });

    /** Sends raw bytes and reads the answer to the end: the parser's refusals close the connection. */
    const rawRequest = (text: string) =>
      new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
        const socket = net.connect(Number(new URL(f.url).port), '127.0.0.1', () => socket.write(text));
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const answer = Buffer.concat(chunks).toString('latin1');
          const [head = '', body = ''] = answer.split('\r\n\r\n');
          const [statusLine = '', ...lines] = head.split('\r\n');
          const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
          resolve({ status: Number(statusLine.split(' ')[1]), headers, body });
        });
      });

    it('answers a 20 KB URL with a 414 in the protocol of its path', async () => {
      const answer = await rawRequest(`GET /v1beta/models/${'g'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(answer.status).toBe(414);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 414, status: 'INVALID_ARGUMENT' } });
      expect(answer.headers['x-oneapi-request-id']).toBeTruthy();
      const openai = await rawRequest(`GET /v1/models/${'m'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`);
      expect(openai.status).toBe(414);
      expect(JSON.parse(openai.body)).toMatchObject({ error: { code: 'uri_too_long', type: 'invalid_request_error' } });
    });

    it("answers a body over the limit with a 413 in the protocol, with a code of its own rather than Fastify's", async () => {
      const answer = await rawRequest(`POST /v1/chat/completions HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${BODY_LIMIT + 1}\r\n\r\n{}`);
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'request_too_large', type: 'invalid_request_error' } });
    });

    it('answers headers over the size limit with a 431 in the protocol of the path', async () => {
      const answer = await rawRequest(`POST /v1/messages HTTP/1.1\r\nHost: x\r\nx-padding: ${'p'.repeat(20_000)}\r\n\r\n`);
      expect(answer.status).toBe(431);
      expect(JSON.parse(answer.body)).toMatchObject({ type: 'error', error: { message: expect.stringMatching(/headers are larger/) } });
    });
  });
});
