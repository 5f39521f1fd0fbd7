import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../test/eventually.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { FakeOtlpCollector } from '../../test/fake-otlp-collector.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

describe('OpenTelemetry traces of relayed requests', () => {
  let f: RelayFixture;
  let collector: FakeOtlpCollector;
  let failing: FakeOpenAI;
  let working: FakeOpenAI;
  let failingChannel: number;
  let workingChannel: number;
  const logged: { level: string; fields: Record<string, unknown>; message?: string }[] = [];

  beforeAll(async () => {
    collector = new FakeOtlpCollector();
    const endpoint = await collector.start();
    failing = await new FakeOpenAI('failing').start();
    failing.behaviour = { fail: { status: 500, body: { error: { message: 'overloaded' } } } };
    working = await new FakeOpenAI('working').start();
    f = await relayFixture('sqlite', { OTEL_EXPORTER_OTLP_ENDPOINT: `${endpoint}/`, OTEL_SERVICE_NAME: 'tollgate-test' });
    failingChannel = await f.addChannel({ name: 'failing', base_url: failing.baseUrl, models: 'gpt-4o', priority: 10 });
    workingChannel = await f.addChannel({ name: 'working', base_url: working.baseUrl, models: 'gpt-4o', priority: 1 });
    await f.ctx.options.set('RetryTimes', '1');
    // The server's own log, captured: lines about a relayed request must name it.
    const capture = (level: string) => (fields: object | string, message?: string) =>
      void logged.push(typeof fields === 'string' ? { level, fields: {}, message: fields } : { level, fields: fields as Record<string, unknown>, ...(message ? { message } : {}) });
    f.ctx.log = { info: capture('info'), warn: capture('warn'), error: capture('error') };
  });
  afterAll(async () => {
    await f.close();
    await collector.close();
    await failing.stop();
    await working.stop();
  });

  it('exports a relay span with route, each upstream attempt and settle inside it, each carrying the request id', async () => {
    const key = await f.addKey(await f.addUser('traced', 1_000_000));
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] }),
    });
    expect(response.status).toBe(200);
    await response.text();
    const requestId = response.headers.get('x-oneapi-request-id') ?? '';
    expect(requestId).not.toBe('');
    await f.ctx.tracing.flush();

    expect(collector.paths[0]).toMatch(/^POST \/v1\/traces application\/json/);
    const spans = collector.spans.filter((s) => s.attributes['tollgate.request_id'] === requestId);
    expect(spans.map((s) => s.name).sort()).toEqual(['tollgate.relay', 'tollgate.route', 'tollgate.settle', 'tollgate.upstream', 'tollgate.upstream']);
    const root = spans.find((s) => s.name === 'tollgate.relay');
    expect(root?.service).toBe('tollgate-test');
    expect(root?.attributes).toMatchObject({ 'http.route': '/v1/chat/completions', 'tollgate.client_protocol': 'openai', 'gen_ai.request.model': 'gpt-4o', 'http.response.status_code': 200 });
    for (const child of spans.filter((s) => s !== root)) {
      expect(child.traceId).toBe(root?.traceId);
      expect(child.parentSpanId).toBe(root?.spanId);
    }
    expect(spans.find((s) => s.name === 'tollgate.route')?.attributes).toMatchObject({ 'tollgate.channel_id': failingChannel, 'gen_ai.request.model': 'gpt-4o' });
    const attempts = spans.filter((s) => s.name === 'tollgate.upstream').map((s) => s.attributes);
    expect(attempts).toContainEqual(expect.objectContaining({ 'tollgate.channel_id': failingChannel, 'http.response.status_code': 500, 'tollgate.upstream.failure': '5xx' }));
    expect(attempts).toContainEqual(expect.objectContaining({ 'tollgate.channel_id': workingChannel, 'http.response.status_code': 200 }));
    expect(spans.find((s) => s.name === 'tollgate.settle')?.attributes).toMatchObject({ 'gen_ai.usage.input_tokens': 10, 'gen_ai.usage.output_tokens': 5 });

    // The retry's warning is a line of this request: it names the request id, as Fastify's request logger does.
    const retry = logged.find((line) => line.message === 'upstream failed, retrying on another channel');
    expect(retry?.fields).toMatchObject({ reqId: requestId, channelId: failingChannel, next: workingChannel });
  });

  it('names the request in the line that says its failure disabled a channel', async () => {
    const revoked = await new FakeOpenAI('revoked').start();
    revoked.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', code: 'invalid_api_key' } } } };
    try {
      const channel = await f.addChannel({ name: 'revoked', base_url: revoked.baseUrl, models: 'gpt-4o-mini' });
      await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
      const key = await f.addKey(await f.addUser('revoker', 1_000_000));
      const response = await fetch(`${f.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
      });
      expect(response.status).toBe(401);
      const requestId = response.headers.get('x-oneapi-request-id');
      // The database write behind the disable is not awaited by the request: wait for its line.
      const line = await eventually(() => logged.find((l) => l.message?.includes('was disabled automatically')) ?? false);
      expect(line.fields).toMatchObject({ reqId: requestId, channelId: channel });
    } finally {
      await revoked.stop();
    }
  });

  it('ends the relay span of a refused request with its status', async () => {
    const response = await fetch(`${f.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-unknown', 'content-type': 'application/json' }, body: '{}' });
    expect(response.status).toBe(401);
    const requestId = response.headers.get('x-oneapi-request-id') ?? '';
    await f.ctx.tracing.flush();
    const spans = collector.spans.filter((s) => s.attributes['tollgate.request_id'] === requestId);
    expect(spans.map((s) => s.name)).toEqual(['tollgate.relay']);
    expect(spans[0]?.attributes['http.response.status_code']).toBe(401);
  });
});

describe('OTEL_TRACES_SAMPLER_ARG', () => {
  it('exports no span of a request the ratio leaves out (0: none)', async () => {
    const collector = new FakeOtlpCollector();
    const f = await relayFixture('sqlite', { OTEL_EXPORTER_OTLP_ENDPOINT: await collector.start(), OTEL_TRACES_SAMPLER_ARG: '0' });
    try {
      const response = await fetch(`${f.url}/v1/chat/completions`, { method: 'POST', headers: { authorization: 'Bearer sk-unknown', 'content-type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(401);
      await f.ctx.tracing.flush();
      expect(collector.spans).toEqual([]);
    } finally {
      await f.close();
      await collector.close();
    }
  });
});
