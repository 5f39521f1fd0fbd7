import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RelayReply } from '../relay-exchange.js';
import { DirectReply, DirectRequest } from './direct-exchange.js';

/** What each case does to a reply: the relay's own calls (status, type, headers, send). */
const CASES: Record<string, (reply: RelayReply) => void> = {
  'a Buffer with a type': (reply) => reply.status(200).type('application/json').send(Buffer.from('{"a":1}')),
  'a Buffer without a type': (reply) => reply.status(201).send(Buffer.from('bytes')),
  'a string without a type': (reply) => reply.status(200).send('plain text'),
  'a string with a JSON type': (reply) => reply.type('application/json').send('{"a":"é"}'),
  'a string with a JSON type and a charset': (reply) => reply.type('application/json; charset=latin1').send('{}'),
  'a string with another type': (reply) => reply.type('text/event-stream').send('data: x\n\n'),
  'an object': (reply) => reply.status(429).headers({ 'Retry-After': '3', 'x-ratelimit-limit-requests': 1 }).send({ error: { message: 'slow down', code: 'rate_limit_exceeded' } }),
  'an object with a JSON type': (reply) => reply.status(400).type('application/problem+json').send({ type: 'error' }),
  'nothing': (reply) => reply.status(200).send(),
  'nothing, 204': (reply) => reply.status(204).send(),
};

const NAMES = Object.keys(CASES);

interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

async function answerOf(url: string): Promise<Answer> {
  const response = await fetch(url, { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } });
  const headers = Object.fromEntries([...response.headers].filter(([name]) => !['date', 'connection', 'keep-alive', 'x-oneapi-request-id'].includes(name)));
  return { status: response.status, headers, body: await response.text() };
}

describe("a direct route's reply", () => {
  let fastify: FastifyInstance;
  let direct: http.Server;
  const address = (server: http.Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  beforeAll(async () => {
    fastify = Fastify();
    NAMES.forEach((name, i) => fastify.post(`/${i}`, async (_request, reply) => CASES[name]?.(reply)));
    await fastify.listen({ port: 0, host: '127.0.0.1' });
    direct = http.createServer((req, res) => {
      const act = CASES[NAMES[Number((req.url ?? '').slice(1))] ?? ''];
      req.resume().on('end', () => act?.(new DirectReply(res, new DirectRequest(req, Buffer.alloc(0), { url: req.url ?? '', clientAddress: () => '', log: () => fastify.log }))));
    });
    await new Promise<void>((resolve) => direct.listen(0, '127.0.0.1', resolve));
  });
  afterAll(async () => {
    await fastify.close();
    await new Promise((resolve) => direct.close(resolve));
  });

  it.each(NAMES)('is written as Fastify writes it: %s', async (name) => {
    const path = `/${NAMES.indexOf(name)}`;
    const [expected, actual] = await Promise.all([answerOf(`${address(fastify.server)}${path}`), answerOf(`${address(direct)}${path}`)]);
    expect(actual).toEqual(expected);
  });

  it('starts with the request id, which it names the request by', async () => {
    const response = await fetch(`${address(direct)}/${NAMES.indexOf('an object')}`, { method: 'POST', body: '{}' });
    expect(response.headers.get('x-oneapi-request-id')).toMatch(/^\d{20,}$/);
  });
});
