import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeCoze } from '../../test/fake-coze.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'bot-7379462189365198898';

describe.each(databaseKinds)('Coze channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeCoze('coze', 'pat_token'),
    modelRatio: { [MODEL]: 1, 'bot-other': 1 },
    channel: (upstream) => ({ type: 34, name: 'coze', key: 'pat_token', base_url: upstream.baseUrl, config: JSON.stringify({ user_id: 'u-123' }), models: MODEL }),
    username: 'cozeuser',
  });

  it('asks the bot the last user message with the history, answers its reply, counts the tokens and bills them', async () => {
    const answer = await suite.client().chat.completions.create({
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
    const sent = suite.upstream.received.at(-1);
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
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId });
    expect(log.prompt_tokens).toBeGreaterThan(0);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the answer frames as chunks without the follow-up, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    const read = await readChatStream(stream);
    expect(read.text).toBe('Hello from coze');
    expect(read.finishReasons).toEqual(['stop']);
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ query: 'hi', stream: true });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('raises an error event of the stream in the SDK', async () => {
    suite.upstream.behaviour = { streamError: { code: 5000, msg: 'bot run failed' } };
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    await expect(readChatStream(stream)).rejects.toThrow('bot run failed');
  });

  it('answers an in-band error of an HTTP 200 body as the error it is', async () => {
    suite.upstream.behaviour = { inBandError: { code: 4000, msg: 'invalid parameter' } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 400, type: 'invalid_request_error' });
  });

  it('names the API version Tollgate speaks when Coze answers the v2 endpoint as missing', async () => {
    suite.upstream.behaviour = { fail: { status: 404, body: '404 page not found' } };
    const error = (await chatError(suite.client(), MODEL)) as { status: number; message: string };
    expect(error.status).toBe(404);
    expect(error.message).toContain("Tollgate speaks Coze's chat API v2 (/open_api/v2/chat), as one-api does, and not v3 (/v3/chat)");
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: 'Hello from coze', model: MODEL });
  });

  it('disables the channel on an invalid token when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 34, name: 'coze-bad', key: 'wrong', base_url: suite.upstream.baseUrl, models: 'bot-other' });
    expect(await chatError(suite.client(), 'bot-other')).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });
});
