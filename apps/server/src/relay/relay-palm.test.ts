import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel, testEveryChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { FakePalm } from '../../test/fake-palm.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'PaLM-2';

describe.each(databaseKinds)('PaLM 2 channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakePalm(),
    modelRatio: { [MODEL]: 1 },
    channel: (upstream) => ({ type: 11, name: 'palm', key: upstream.key, base_url: upstream.baseUrl, models: MODEL }),
    username: 'palmuser',
  });

  it('converts a chat completion to generateMessage and back, counts the tokens locally, bills and logs', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 0.2 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from palm' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v1beta2/models/chat-bison-001:generateMessage');
    expect(sent?.json).toEqual({ prompt: { context: 'Be brief.', messages: [{ author: '0', content: 'hi' }] }, temperature: 0.2 });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('answers a filtered conversation as a content_filter finish', async () => {
    suite.upstream.behaviour = { filtered: true };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.finish_reason).toBe('content_filter');
  });

  it('tells a streaming client that the channel cannot stream, before any upstream call', async () => {
    const calls = suite.upstream.received.length;
    expect(await chatError(suite.client(), MODEL, { stream: true })).toMatchObject({ status: 400, code: 'stream_not_supported' });
    expect(suite.upstream.received).toHaveLength(calls);
  });

  it('routes a stream past the PaLM channel to another channel of the model that can stream', async () => {
    const openai = await new FakeOpenAI('openai').start();
    const otherId = await suite.f.addChannel({ type: 1, name: 'streams', base_url: openai.baseUrl, models: MODEL, priority: -1 });
    try {
      const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
      expect((await readChatStream(stream)).text).toBe('part0 part1 part2 ');
      expect(openai.received).toHaveLength(1);
      const plain = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
      expect(plain.choices[0]?.message.content).toBe('Hello from palm');
    } finally {
      await suite.f.removeChannel(otherId);
      await openai.stop();
    }
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from palm', model: MODEL });
  });

  it('answers a Google rate limit as 429 and keeps the channel', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 429, body: { error: { code: 429, message: 'Resource has been exhausted (e.g. check quota).', status: 'RESOURCE_EXHAUSTED' } } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 429, type: 'rate_limit_error' });
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('disables a channel whose key Google calls invalid when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 11, name: 'palm-bad', key: `bad-${kind}`, base_url: suite.upstream.baseUrl, models: MODEL });
    expect(await testChannel(suite.f, badId, MODEL)).toMatchObject({ success: false, message: expect.stringContaining('API key not valid') as unknown });
    // Testing that one channel only reports; a run over every channel applies the health rules.
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.Enabled);
    await testEveryChannel(suite.f);
    expect(await channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
