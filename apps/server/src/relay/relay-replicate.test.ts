import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeReplicate } from '../../test/fake-replicate.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'meta/meta-llama-3-8b-instruct';
const IMAGE_MODEL = 'black-forest-labs/flux-schnell';

describe.each(databaseKinds)('Replicate channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeReplicate('replicate'),
    modelRatio: { [MODEL]: 1, [IMAGE_MODEL]: 1 },
    channel: (upstream) => ({ type: 46, name: 'replicate', key: 'r8_fake', base_url: `${upstream.baseUrl}/v1/models/`, models: `${MODEL},${IMAGE_MODEL}` }),
    username: 'r8user',
  });
  let spare: FakeReplicate;
  beforeAll(async () => {
    spare = await new FakeReplicate('spare').start();
  });
  afterAll(() => spare.stop());

  it('creates a prediction, polls it to completion, bills the reported tokens and logs them', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 64, temperature: 0.5 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from replicate' }, finish_reason: 'stop' });
    const created = suite.upstream.received.find((r) => r.method === 'POST');
    expect(created).toMatchObject({ path: `/v1/models/${MODEL}/predictions`, json: { input: { prompt: 'hi', system_prompt: 'Be brief.', max_tokens: 64, temperature: 0.5 } } });
    expect(suite.upstream.received.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(3);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, prompt_tokens: 12, completion_tokens: 3 });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('follows urls.stream, re-frames the output events into chunks with usage, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from replicate');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    expect(suite.upstream.received.at(-3)?.json).toMatchObject({ stream: true });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: MODEL, prompt_tokens: 12, completion_tokens: 3 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('generates images: the prediction polled to completion, its URLs in OpenAI shape, billed per image', async () => {
    const answer = await suite.client().images.generate({ model: IMAGE_MODEL, prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(answer.data?.map((d) => d.url)).toEqual([expect.stringMatching(/^https:\/\/replicate\.delivery\/replicate\/pred\d+-0\.webp$/), expect.stringMatching(/-1\.webp$/)]);
    expect(suite.upstream.received.find((r) => r.method === 'POST' && r.path.includes('flux'))?.json).toEqual({ input: { prompt: 'a cat', num_outputs: 2, aspect_ratio: '1:1' } });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ model_name: IMAGE_MODEL, channel_id: suite.channelId });
    expect(log.quota).toBeGreaterThan(0);
  });

  it('answers a failed prediction as an upstream error', async () => {
    suite.upstream.behaviour = { failPrediction: 'CUDA out of memory', pendingPolls: 0 };
    const failed = await chatError(suite.client(), MODEL);
    expect(failed).toMatchObject({ status: 500, message: expect.stringContaining('CUDA out of memory') as unknown });
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from replicate', model: MODEL });
  });

  it('retries a 429 on another channel', async () => {
    await suite.f.ctx.options.set('RetryTimes', '1');
    const spareId = await suite.f.addChannel({ type: 46, name: 'replicate-spare', key: 'r8_fake', base_url: spare.baseUrl, models: MODEL, priority: 1 });
    suite.upstream.behaviour = { fail: { status: 429, body: { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status: 429 } } };
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spare');
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
    await suite.f.removeChannel(spareId);
  });

  it('answers an auth error in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', message: expect.stringContaining('You did not pass a valid authentication token') as unknown });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
