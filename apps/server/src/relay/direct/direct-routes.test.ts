import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';
import { openAIProtocol } from '../../providers/openai/ingress/protocol.js';
import { RelayError } from '../relay-error.js';
import { DirectRoutes } from './direct-routes.js';

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Headers that differ between any two answers, or between a socket and Fastify's injection. */
const PER_CONNECTION = ['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-oneapi-request-id'];

/** An answer with its request id (in headers and error messages) made a placeholder, so two answers compare. */
function comparable(status: number, headers: Record<string, string>, body: string): Answer {
  const id = headers['x-oneapi-request-id'] ?? '';
  const placeholder = (text: string) => (id ? text.replaceAll(id, '<request id>') : text);
  // Request ids differ in length by a digit or two, and so then do the bodies that name one.
  const lengthVaries = id !== '' && body.includes(id);
  return {
    status,
    headers: Object.fromEntries(Object.entries(headers).flatMap(([name, value]) => (PER_CONNECTION.includes(name) ? [] : [[name, lengthVaries && name === 'content-length' ? '<length>' : placeholder(value)]]))),
    body: placeholder(body),
  };
}

describe('the relay routes served without Fastify', () => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let key: string;
  let taken: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('direct').start();
    f = await relayFixture('sqlite');
    await f.addChannel({ name: 'direct', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
    const userId = await f.addUser('direct', 100_000_000);
    key = await f.addKey(userId);
    taken = vi.spyOn(DirectRoutes.prototype, 'serve');
  });
  afterAll(async () => {
    taken.mockRestore();
    await f.close();
    await upstream.stop();
  });

  /** The request sent over a socket, and whether the direct routes took it; `chunked` sends the body without a length. */
  async function overSocket(path: string, body: string, headers: Record<string, string>, chunked = false): Promise<Answer & { direct: boolean }> {
    const sent = chunked ? new Blob([body]).stream() : body;
    const response = await fetch(`${f.url}${path}`, { method: 'POST', headers, body: sent, ...(chunked ? { duplex: 'half' } : {}) } as RequestInit);
    const answer = comparable(response.status, Object.fromEntries(response.headers), await response.text());
    return { ...answer, direct: taken.mock.results.at(-1)?.value === true };
  }

  /** The same request through Fastify's routes (an injection never reaches the server's request event). */
  async function throughFastify(path: string, body: string, headers: Record<string, string>): Promise<Answer> {
    const response = await f.app.inject({ method: 'POST', url: path, headers, payload: body });
    return comparable(response.statusCode, response.headers as Record<string, string>, response.body);
  }

  const chat = (fields: Record<string, unknown> = {}) => JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], ...fields });
  const openAI = (apiKey = key) => ({ authorization: `Bearer sk-${apiKey}`, 'content-type': 'application/json' });

  const SAME_ANSWERS: [string, string, () => string, () => Record<string, string>][] = [
    ['a chat completion', '/v1/chat/completions', () => chat(), () => openAI()],
    ['a streamed chat completion', '/v1/chat/completions', () => chat({ stream: true }), () => openAI()],
    ['an Anthropic message converted to the OpenAI channel', '/v1/messages?beta=true', () => JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 50, messages: [{ role: 'user', content: 'hi' }] }), () => ({ 'x-api-key': `sk-${key}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' })],
    ['a streamed Responses request', '/v1/responses', () => JSON.stringify({ model: 'gpt-4o-mini', input: 'hi', stream: true }), () => openAI()],
    ['a key the relay does not know', '/v1/chat/completions', () => chat(), () => openAI('unknown')],
    ['an Anthropic request without a key', '/v1/messages', () => JSON.stringify({ model: 'gpt-4o-mini', max_tokens: 5, messages: [] }), () => ({ 'content-type': 'application/json' })],
    ['a body that is not JSON', '/v1/chat/completions', () => '{"model":', () => openAI()],
    ['a model no channel serves', '/v1/embeddings', () => JSON.stringify({ model: 'no-such-model', input: 'hi' }), () => openAI()],
  ];

  it.each(SAME_ANSWERS)('answers %s as its Fastify route does', async (_name, path, body, headers) => {
    const direct = await overSocket(path, body(), headers());
    expect(direct.direct).toBe(true);
    const { direct: _taken, ...answer } = direct;
    expect(answer).toEqual(await throughFastify(path, body(), headers()));
  });

  it('refuses a key over its rate limit with the same status, headers and error as Fastify', async () => {
    let users = 0;
    const limited = async () => {
      users += 1;
      const userId = await f.addUser(`limited${users}`, 100_000_000);
      return f.addKey(userId, { limits: { rpm_limit: 1, tpm_limit: 0, concurrency_limit: 0 } });
    };
    const [first, second] = [await limited(), await limited()];
    expect((await overSocket('/v1/chat/completions', chat(), openAI(first))).status).toBe(200);
    expect((await throughFastify('/v1/chat/completions', chat(), openAI(second))).status).toBe(200);
    const refused = await overSocket('/v1/chat/completions', chat(), openAI(first));
    expect(refused.direct).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    const { direct: _taken, ...answer } = refused;
    const fastify = await throughFastify('/v1/chat/completions', chat(), openAI(second));
    // The reset times count down between the two requests.
    const withoutResets = (a: Answer) => ({ ...a, headers: Object.fromEntries(Object.entries(a.headers).filter(([name]) => !/reset|retry-after/.test(name))) });
    expect(withoutResets(answer)).toEqual(withoutResets(fastify));
  });

  it('tells the client address as Fastify does, through the trusted proxy on loopback', async () => {
    const userId = await f.addUser('subnet', 100_000_000);
    const subnetKey = await f.addKey(userId, { subnet: '10.0.0.0/8' });
    const from = (address: string) => ({ ...openAI(subnetKey), 'x-forwarded-for': address });
    const inside = await overSocket('/v1/chat/completions', chat(), from('10.1.2.3'));
    expect(inside).toMatchObject({ direct: true, status: 200 });
    const outside = await overSocket('/v1/chat/completions', chat(), from('192.168.1.1'));
    expect(outside).toMatchObject({ direct: true, status: 403 });
    const { direct: _taken, ...answer } = outside;
    expect(answer).toEqual(await throughFastify('/v1/chat/completions', chat(), from('192.168.1.1')));
  });

  it.each([
    ['a browser, which gets CORS headers', '/v1/chat/completions', { origin: 'https://app.example' }, false],
    ['a body of unknown length', '/v1/chat/completions', {}, true],
    ['a path with a trailing slash', '/v1/chat/completions/', {}, false],
    ['a NUL in the query string, which a hook refuses', '/v1/chat/completions?x=%00', {}, false],
  ])('leaves %s to Fastify', async (_name, path, extra, chunked) => {
    const { direct, ...answer } = await overSocket(path, chat(), { ...openAI(), ...extra }, chunked);
    expect(direct).toBe(false);
    expect(answer).toEqual(await throughFastify(path, chat(), { ...openAI(), ...extra }));
  });

  it('has left the browser its CORS headers', async () => {
    const answer = await overSocket('/v1/chat/completions', chat(), { ...openAI(), origin: 'https://app.example' });
    expect(answer).toMatchObject({ status: 200, headers: { 'access-control-allow-origin': 'https://app.example' } });
  });
});

describe('direct routes on a server of their own', () => {
  const silent = pino({ level: 'silent' });
  let server: http.Server;
  let url: string;
  const direct = new DirectRoutes({ bodyLimit: 100, clientAddress: (raw) => raw.socket.remoteAddress ?? '', log: () => silent });
  direct.post('/v1/echo', openAIProtocol, async (request, reply) => {
    if ((request.query as { fail?: string }).fail) throw new RelayError(418, 'asked to fail', 'teapot');
    reply.type('application/json').send({ body: String(request.body), query: request.query, route: request.routeOptions.url });
    // A second answer is not written.
    reply.send('again');
  });
  // A handler that throws before its first await.
  direct.post('/v1/throws', openAIProtocol, () => {
    throw new RelayError(409, 'thrown at once', 'conflict');
  });

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (!direct.serve(req, res)) res.end('fallback');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  const post = (path: string, body = 'hello', method = 'POST') => fetch(`${url}${path}`, { method, body: method === 'GET' ? null : body, headers: { 'content-type': 'text/plain' } }).then((r) => r.text());

  it('serves its path with the body and the query string, and nothing else', async () => {
    expect(JSON.parse(await post('/v1/echo?a=1&a=2&b=x'))).toEqual({ body: 'hello', query: { a: ['1', '2'], b: 'x' }, route: '/v1/echo' });
    expect(await post('/v1/echo', '', 'GET')).toBe('fallback');
    expect(await post('/v1/other')).toBe('fallback');
    expect(await post('/v1/echo', 'x'.repeat(101))).toBe('fallback');
  });

  it("answers a handler's failure in its protocol's shape, thrown at once or after an await", async () => {
    expect(JSON.parse(await post('/v1/echo?fail=1'))).toMatchObject({ error: { message: expect.stringContaining('asked to fail'), code: 'teapot' } });
    const thrown = await fetch(`${url}/v1/throws`, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
    expect(thrown.status).toBe(409);
    expect(await thrown.json()).toMatchObject({ error: { code: 'conflict' } });
  });

  it('takes nothing once closed', async () => {
    direct.close();
    expect(await post('/v1/echo')).toBe('fallback');
  });
});
