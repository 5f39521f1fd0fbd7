import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeReplicate } from '../../test/fake-replicate.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'meta/meta-llama-3-8b-instruct';
const IMAGE_MODEL = 'black-forest-labs/flux-schnell';

describe.each(databaseKinds)('Replicate channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeReplicate;
  let spare: FakeReplicate;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeReplicate('replicate').start();
    spare = await new FakeReplicate('spare').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, [IMAGE_MODEL]: 1 }));
    channelId = await f.addChannel({ type: 46, name: 'replicate', key: 'r8_fake', base_url: `${upstream.baseUrl}/v1/models/`, models: `${MODEL},${IMAGE_MODEL}` });
    userId = await f.addUser('r8user', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
    await spare.stop();
  });
  afterEach(async () => {
    upstream.behaviour = {};
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
  });

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('creates a prediction, polls it to completion, bills the reported tokens and logs them', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], max_tokens: 64, temperature: 0.5 });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 3, total_tokens: 15 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from replicate' }, finish_reason: 'stop' });
    const created = upstream.received.find((r) => r.method === 'POST');
    expect(created).toMatchObject({ path: `/v1/models/${MODEL}/predictions`, json: { input: { prompt: 'hi', system_prompt: 'Be brief.', max_tokens: 64, temperature: 0.5 } } });
    expect(upstream.received.filter((r) => r.method === 'GET').length).toBeGreaterThanOrEqual(3);
    await f.flush();
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, prompt_tokens: 12, completion_tokens: 3 });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('follows urls.stream, re-frames the output events into chunks with usage, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } });
    let text = '';
    let usage;
    const finishes: string[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
    }
    expect(text).toBe('Hello from replicate');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 3 });
    expect(upstream.received.at(-3)?.json).toMatchObject({ stream: true });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: MODEL, prompt_tokens: 12, completion_tokens: 3 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('generates images: the prediction polled to completion, its URLs in OpenAI shape, billed per image', async () => {
    const answer = await f.client(key).images.generate({ model: IMAGE_MODEL, prompt: 'a cat', n: 2, size: '1024x1024' });
    expect(answer.data?.map((d) => d.url)).toEqual([expect.stringMatching(/^https:\/\/replicate\.delivery\/replicate\/pred\d+-0\.webp$/), expect.stringMatching(/-1\.webp$/)]);
    expect(upstream.received.find((r) => r.method === 'POST' && r.path.includes('flux'))?.json).toEqual({ input: { prompt: 'a cat', num_outputs: 2, aspect_ratio: '1:1' } });
    await f.flush();
    expect(await lastLog()).toMatchObject({ model_name: IMAGE_MODEL, channel_id: channelId });
    expect((await lastLog()).quota).toBeGreaterThan(0);
  });

  it('answers a failed prediction as an upstream error', async () => {
    upstream.behaviour = { failPrediction: 'CUDA out of memory', pendingPolls: 0 };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 500, message: expect.stringContaining('CUDA out of memory') as unknown });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${encodeURIComponent(MODEL)}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from replicate', model: MODEL });
  });

  it('retries a 429 on another channel', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    const spareId = await f.addChannel({ type: 46, name: 'replicate-spare', key: 'r8_fake', base_url: spare.baseUrl, models: MODEL, priority: 1 });
    upstream.behaviour = { fail: { status: 429, body: { title: 'Request was throttled', detail: 'Request was throttled. Expected available in 1 second.', status: 429 } } };
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spare');
    expect(await statusOf(channelId)).toBe(1);
    await f.app.inject({ method: 'DELETE', url: `/api/channel/${spareId}`, headers: { cookie: f.rootCookie } });
    await f.ctx.options.set('RetryTimes', '0');
  });

  it('answers an auth error in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { title: 'Unauthenticated', detail: 'You did not pass a valid authentication token', status: 401 } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key', message: expect.stringContaining('You did not pass a valid authentication token') as unknown });
    await expect.poll(() => statusOf(channelId)).toBe(3);
  });
});
