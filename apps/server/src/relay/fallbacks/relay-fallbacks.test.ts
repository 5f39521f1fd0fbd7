import { LogType, parseLogOther } from '@tollgate/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { postMessages } from '../../../test/anthropic-client.js';
import { lastConsumeLog } from '../../../test/consume-log.js';
import { databaseKinds } from '../../../test/databases.js';
import { FakeAnthropic } from '../../../test/fake-anthropic.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { postGemini } from '../../../test/gemini-client.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

/** Fallbacks across models through the real HTTP surface: an Anthropic and an OpenAI channel, one failing. */
describe.each(databaseKinds)('fallbacks across models on %s', (kind) => {
  let f: RelayFixture;
  let anthropic: FakeAnthropic;
  let openai: FakeOpenAI;
  let refusing: FakeOpenAI;
  let key: string;
  let userId: number;
  let claudeChannel: number;
  let gptChannel: number;
  let smallChannel: number;

  beforeAll(async () => {
    anthropic = await new FakeAnthropic('anthropic').start();
    openai = await new FakeOpenAI('openai').start();
    refusing = await new FakeOpenAI('small').start();
    f = await relayFixture(kind);
    userId = await f.addUser('fallback', 100_000_000);
    key = await f.addKey(userId);
    // Prices of their own: the fallback must be billed at the model that answered, not the one asked for.
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'fb-claude': 15, 'fb-gpt': 0.5, 'fb-small': 2, 'fb-nowhere': 1 }));
    claudeChannel = await f.addChannel({ type: 14, name: 'claude', key: 'sk-ant', base_url: anthropic.baseUrl, models: 'fb-claude' });
    gptChannel = await f.addChannel({ name: 'gpt', base_url: openai.baseUrl, models: 'fb-gpt' });
    smallChannel = await f.addChannel({ name: 'small', base_url: refusing.baseUrl, models: 'fb-small' });
  });
  afterAll(async () => {
    await f.close();
    await anthropic.stop();
    await openai.stop();
    await refusing.stop();
  });
  afterEach(async () => {
    anthropic.behaviour = {};
    openai.behaviour = {};
    refusing.behaviour = {};
    await f.ctx.options.set('ModelFallbacks', '{}');
  });

  const chains = (rules: Record<string, unknown>, group = '*') => f.ctx.options.set('ModelFallbacks', JSON.stringify({ [group]: rules }));
  const chat = (model: string, extra: Record<string, unknown> = {}) =>
    fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }], ...extra }),
    });
  const anthropicDown = () => (anthropic.behaviour = { fail: { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } });
  const quotaOf = async () => (await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;
  const lastErrorLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', LogType.Error).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('answers an OpenAI client from the next model when every channel of an Anthropic model fails, billed at the model that answered', async () => {
    // What fb-gpt costs when asked for directly: the fallback must cost the same.
    expect((await chat('fb-gpt')).status).toBe(200);
    await f.flush();
    const direct = await lastConsumeLog(f);
    const before = await quotaOf();

    await chains({ 'fb-claude': { chain: ['fb-gpt'] } });
    anthropicDown();
    const response = await chat('fb-claude');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    expect(response.headers.get('x-tollgate-fallback-chain')).toBe('fb-claude,fb-gpt');
    const body = (await response.json()) as { model: string; choices: { message: { content: string } }[] };
    expect(body.model).toBe('fb-gpt');
    expect(body.choices[0]?.message.content).toBe('Hello from openai');
    expect(openai.received.at(-1)?.json).toMatchObject({ model: 'fb-gpt' });

    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ model_name: 'fb-gpt', channel_id: gptChannel, quota: direct.quota });
    expect(parseLogOther(log.other).fallback).toEqual([{ model: 'fb-claude', channels: [claudeChannel], status: 529, trigger: 'failure' }]);
    expect(parseLogOther(log.other).model_ratio).toBe(0.5);
    // The failed model is never billed: the balance went down by the answering model's charge alone.
    expect(before - (await quotaOf())).toBe(direct.quota);
  });

  it('converts an Anthropic client falling back to an OpenAI channel, and answers in the Messages shape', async () => {
    await chains({ 'fb-claude': { chain: ['fb-gpt'] } });
    anthropicDown();
    const response = await postMessages(f, key, { model: 'fb-claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    const body = (await response.json()) as { type: string; model: string; content: { type: string; text: string }[] };
    expect(body).toMatchObject({ type: 'message', model: 'fb-gpt', content: [{ type: 'text', text: 'Hello from openai' }] });
    expect(openai.received.at(-1)?.json).toMatchObject({ model: 'fb-gpt', messages: [{ role: 'user', content: 'hi' }] });
  });

  it('falls back an OpenAI client from a failing OpenAI model to an Anthropic one, converted', async () => {
    await chains({ 'fb-gpt': { chain: ['fb-claude'] } });
    openai.behaviour = { fail: { status: 503, body: { error: { message: 'down', type: 'server_error' } } } };
    const response = await chat('fb-gpt');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { model: string; choices: { message: { content: string } }[] };
    expect(body.model).toBe('fb-claude');
    expect(body.choices[0]?.message.content).toBe('Hello from anthropic');
    expect(anthropic.received.at(-1)?.json).toMatchObject({ model: 'fb-claude' });
  });

  it('converts a Gemini client falling back from an Anthropic model to an OpenAI one, the model in the path replaced', async () => {
    await chains({ 'fb-claude': { chain: ['fb-gpt'] } });
    anthropicDown();
    const response = await postGemini(f, key, '/v1beta/models/fb-claude:generateContent', { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    const body = (await response.json()) as { modelVersion?: string; candidates: { content: { parts: { text: string }[] } }[] };
    expect(body.candidates[0]?.content.parts[0]?.text).toBe('Hello from openai');
    expect(body.modelVersion).toBe('fb-gpt');
    expect(openai.received.at(-1)?.json).toMatchObject({ model: 'fb-gpt' });
  });

  it('falls back a stream before its first byte, and the stream names the model that answered', async () => {
    await chains({ 'fb-claude': { chain: ['fb-gpt'] } });
    anthropicDown();
    const response = await chat('fb-claude', { stream: true });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    const text = await response.text();
    const chunks = text.split('\n\n').filter((event) => event.startsWith('data: {')).map((event) => JSON.parse(event.slice(6)) as { model: string });
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect(chunk.model).toBe('fb-gpt');
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log.model_name).toBe('fb-gpt');
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('goes on from a model no enabled channel serves, as from one whose channels fail', async () => {
    await chains({ 'fb-nowhere': { chain: ['fb-gpt'] } });
    const response = await chat('fb-nowhere');
    expect(response.status).toBe(200);
    expect(response.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    await f.flush();
    expect(parseLogOther((await lastConsumeLog(f)).other).fallback).toEqual([{ model: 'fb-nowhere', channels: [], status: 404, trigger: 'failure' }]);
  });

  it('answers the refusal of the model asked for when no model of its chain has a channel, listing each model once', async () => {
    await chains({ 'fb-nowhere': { chain: ['fb-elsewhere'] } });
    const response = await chat('fb-nowhere');
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'model_not_found', message: expect.stringContaining('fb-nowhere') } });
    await f.flush();
    expect(parseLogOther((await lastErrorLog()).other)).toMatchObject({
      channels: [],
      fallback: [
        { model: 'fb-nowhere', channels: [], status: 404, trigger: 'failure' },
        { model: 'fb-elsewhere', channels: [], status: 404 },
      ],
    });
  });

  it('falls back on a context-length error only when that trigger is on', async () => {
    refusing.behaviour = { fail: { status: 400, body: { error: { message: "This model's maximum context length is 8192 tokens.", type: 'invalid_request_error', code: 'context_length_exceeded' } } } };
    await chains({ 'fb-small': { chain: ['fb-gpt'] } });
    const off = await chat('fb-small');
    expect(off.status).toBe(400);
    expect(off.headers.get('x-tollgate-fallback-model')).toBeNull();

    await chains({ 'fb-small': { chain: ['fb-gpt'], on: ['context_length'] } });
    const on = await chat('fb-small');
    expect(on.status).toBe(200);
    expect(on.headers.get('x-tollgate-fallback-model')).toBe('fb-gpt');
    await f.flush();
    expect(parseLogOther((await lastConsumeLog(f)).other).fallback).toEqual([{ model: 'fb-small', channels: [smallChannel], status: 400, trigger: 'context_length' }]);
  });

  it("reads Anthropic's prompt-too-long refusal as a context-length error", async () => {
    anthropic.behaviour = { fail: { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'prompt is too long: 210000 tokens > 200000 maximum' } } } };
    await chains({ 'fb-claude': { chain: ['fb-gpt'] } });
    expect((await postMessages(f, key, { model: 'fb-claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] })).status).toBe(400);
    await chains({ 'fb-claude': { chain: ['fb-gpt'], on: ['context_length'] } });
    const on = await postMessages(f, key, { model: 'fb-claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(on.status).toBe(200);
    expect(((await on.json()) as { model: string }).model).toBe('fb-gpt');
  });

  it('falls back on a content-policy refusal only when that trigger is on', async () => {
    refusing.behaviour = { fail: { status: 400, body: { error: { message: 'Your request was rejected by our safety system.', type: 'invalid_request_error', code: 'content_policy_violation' } } } };
    await chains({ 'fb-small': { chain: ['fb-gpt'], on: ['context_length'] } });
    expect((await chat('fb-small')).status).toBe(400);
    await chains({ 'fb-small': { chain: ['fb-gpt'], on: ['content_policy'] } });
    const on = await chat('fb-small');
    expect(on.status).toBe(200);
    expect(((await on.json()) as { model: string }).model).toBe('fb-gpt');
  });

  it('answers the last failure in the client protocol when the whole chain fails, and the error log lists every model and channel', async () => {
    await chains({ 'fb-claude': { chain: ['fb-small', 'fb-gpt'] } });
    anthropicDown();
    refusing.behaviour = { fail: { status: 500, body: { error: { message: 'small is down', type: 'server_error' } } } };
    openai.behaviour = { fail: { status: 500, body: { error: { message: 'gpt is down', type: 'server_error' } } } };
    const response = await postMessages(f, key, { model: 'fb-claude', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(response.status).toBe(500);
    expect(response.headers.get('x-tollgate-fallback-chain')).toBe('fb-claude,fb-small,fb-gpt');
    expect(await response.json()).toMatchObject({ type: 'error', error: { message: expect.stringContaining('gpt is down') } });
    await f.flush();
    const log = await lastErrorLog();
    expect(parseLogOther(log.other)).toMatchObject({
      status: 500,
      channels: [claudeChannel, smallChannel, gptChannel],
      fallback: [
        { model: 'fb-claude', channels: [claudeChannel], status: 529, trigger: 'failure' },
        { model: 'fb-small', channels: [smallChannel], status: 500, trigger: 'failure' },
        { model: 'fb-gpt', channels: [gptChannel], status: 500 },
      ],
    });
  });

  it('leaves a request whose group and model have no chain as it was', async () => {
    await chains({ 'fb-claude': { chain: ['fb-gpt'] } }, 'vip');
    anthropicDown();
    const response = await chat('fb-claude');
    expect(response.status).toBe(529);
    expect(response.headers.get('x-tollgate-fallback-chain')).toBeNull();
    await f.flush();
    expect(parseLogOther((await lastErrorLog()).other)).toEqual({ protocol: 'openai', status: 529, channels: [claudeChannel] });
  });

  it('refuses a malformed ModelFallbacks with a 400 naming the field, keeping the value in force', async () => {
    const put = (value: unknown) => f.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: f.rootCookie }, payload: { key: 'ModelFallbacks', value: typeof value === 'string' ? value : JSON.stringify(value) } });
    const cases: [unknown, string][] = [
      ['not json', 'ModelFallbacks'],
      [{ '*': { a: { chain: [] } } }, 'ModelFallbacks.*.a.chain'],
      [{ '*': { a: { chain: ['a'] } } }, 'ModelFallbacks.*.a.chain.0'],
      [{ '*': { a: { chain: [1] } } }, 'ModelFallbacks.*.a.chain.0'],
      [{ '*': { a: { chain: ['b'], on: ['timeout'] } } }, 'ModelFallbacks.*.a.on.0'],
      [{ '*': { a: { chain: ['b'] }, b: { chain: ['a'] } } }, 'ModelFallbacks.*.a.chain'],
      [{ '*': { a: { chain: ['b'], when: 'always' } } }, 'ModelFallbacks.*.a.when'],
      [{ '*': ['a'] }, 'ModelFallbacks.*'],
    ];
    for (const [value, field] of cases) {
      const response = await put(value);
      expect(response.statusCode, JSON.stringify(value)).toBe(400);
      expect(response.json()).toMatchObject({ success: false, field });
    }
    expect(f.ctx.options.str('ModelFallbacks')).toBe('{}');
    const good = await put({ '*': { 'fb-claude': { chain: ['fb-gpt'], on: ['failure', 'context_length'] } } });
    expect(good.json()).toMatchObject({ success: true });
  });
});
