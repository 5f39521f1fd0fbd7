import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { FakePalm } from '../../test/fake-palm.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'PaLM-2';

describe.each(databaseKinds)('PaLM 2 channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakePalm;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakePalm().start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    channelId = await f.addChannel({ type: 11, name: 'palm', key: upstream.key, base_url: upstream.baseUrl, models: MODEL });
    userId = await f.addUser('palmuser', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('converts a chat completion to generateMessage and back, counts the tokens locally, bills and logs', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from palm' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v1beta2/models/chat-bison-001:generateMessage');
    expect(sent?.json).toEqual({ prompt: { context: 'Be brief.', messages: [{ author: '0', content: 'hi' }] }, temperature: 0.2 });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('answers a filtered conversation as a content_filter finish', async () => {
    upstream.behaviour = { filtered: true };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.finish_reason).toBe('content_filter');
  });

  it('tells a streaming client that the channel cannot stream, before any upstream call', async () => {
    const calls = upstream.received.length;
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, code: 'stream_not_supported' });
    expect(upstream.received).toHaveLength(calls);
  });

  it('routes a stream past the PaLM channel to another channel of the model that can stream', async () => {
    const openai = await new FakeOpenAI('openai').start();
    const otherId = await f.addChannel({ type: 1, name: 'streams', base_url: openai.baseUrl, models: MODEL, priority: -1 });
    try {
      const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
      let text = '';
      for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
      expect(text).toBe('part0 part1 part2 ');
      expect(openai.received).toHaveLength(1);
      const plain = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(plain.choices[0]?.message.content).toBe('Hello from palm');
    } finally {
      await f.app.inject({ method: 'DELETE', url: `/api/channel/${otherId}`, headers: { cookie: f.rootCookie } });
      await openai.stop();
    }
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from palm', model: MODEL });
  });

  it('answers a Google rate limit as 429 and keeps the channel', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 429, body: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(1);
  });

  it('disables a channel whose key Google calls invalid when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 11, name: 'palm-bad', key: `bad-${kind}`, base_url: upstream.baseUrl, models: MODEL });
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${badId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: false, message: expect.stringContaining('API key not valid') as unknown });
    expect((await f.ctx.db.selectFrom('channels').select('status').where('id', '=', badId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
