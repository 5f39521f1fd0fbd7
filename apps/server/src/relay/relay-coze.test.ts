import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeCoze } from '../../test/fake-coze.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'bot-7379462189365198898';

describe.each(databaseKinds)('Coze channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeCoze;
  let channelId: number;
  let userId: number;
  let key: string;

  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    upstream = await new FakeCoze('coze', 'pat_token').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1, 'bot-other': 1 }));
    channelId = await f.addChannel({ type: 34, name: 'coze', key: 'pat_token', base_url: upstream.baseUrl, config: JSON.stringify({ user_id: 'u-123' }), models: MODEL });
    userId = await f.addUser('cozeuser', 10_000_000);
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

  it('asks the bot the last user message with the history, answers its reply, counts the tokens and bills them', async () => {
    const answer = await f.client(key).chat.completions.create({
      model: MODEL,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: 'Hello!' },
        { role: 'user', content: 'what can you do?' },
      ],
    });
    expect(answer).toMatchObject({ object: 'chat.completion', model: MODEL });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from coze' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/open_api/v2/chat');
    expect(sent?.headers.authorization).toBe('Bearer pat_token');
    expect(sent?.json).toEqual({
      bot_id: '7379462189365198898',
      user: 'u-123',
      query: 'what can you do?',
      stream: false,
      chat_history: [
        { role: 'user', content: 'hi', content_type: 'text' },
        { role: 'assistant', type: 'answer', content: 'Hello!', content_type: 'text' },
      ],
    });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the answer frames as chunks without the follow-up, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    let text = '';
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(text).toBe('Hello from coze');
    expect(finishes).toEqual(['stop']);
    expect(upstream.received.at(-1)?.json).toMatchObject({ query: 'hi', stream: true });
    await f.flush();
    const log = await lastLog();
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('raises an error event of the stream in the SDK', async () => {
    upstream.behaviour = { streamError: { code: 5000, msg: 'bot run failed' } };
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const read = async () => {
      for await (const chunk of stream) void chunk;
    };
    await expect(read()).rejects.toThrow('bot run failed');
  });

  it('answers an in-band error of an HTTP 200 body as the error it is', async () => {
    upstream.behaviour = { inBandError: { code: 4000, msg: 'invalid parameter' } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from coze', model: MODEL });
  });

  it('disables the channel on an invalid token when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 34, name: 'coze-bad', key: 'wrong', base_url: upstream.baseUrl, models: 'bot-other' });
    const failed = await f.client(key).chat.completions.create({ model: 'bot-other', messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => statusOf(badId)).toBe(3);
    expect(await statusOf(channelId)).toBe(1);
  });
});
