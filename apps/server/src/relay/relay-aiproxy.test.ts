import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAiProxyLibrary } from '../../test/fake-aiproxy.js';
import { providerSuite } from '../../test/provider-suite.js';

const MODEL = 'gpt-3.5-turbo';
const REFERENCES = '\n\n参考文档：\n1. [Handbook](https://kb.example/handbook)';

describe.each(databaseKinds)('AI Proxy library channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeAiProxyLibrary('aip-key'),
    channel: (upstream) => ({ type: 21, name: 'library', key: 'aip-key', base_url: upstream.baseUrl, other: 'lib-42', models: MODEL, priority: 10 }),
    username: 'libraryuser',
  });

  it('asks the library the last user message, answers with the references, counts and bills it', async () => {
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'How do I start?' }] });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: `Answer from library lib-42${REFERENCES}` }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/api/library/ask');
    expect(sent?.headers.authorization).toBe('Bearer aip-key');
    expect(sent?.json).toEqual({ model: MODEL, query: 'How do I start?', libraryId: 'lib-42', stream: false });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the answer, then the references, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'How do I start?' }], stream: true });
    const read = await readChatStream(stream);
    expect(read.text).toBe(`Answer from library lib-42${REFERENCES}`);
    expect(read.finishReasons).toEqual(['stop']);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('answers an in-band error of an HTTP 200 body as an upstream error', async () => {
    suite.upstream.behaviour = { inBandError: { errCode: 1001, message: 'library not found' } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 500, message: expect.stringContaining('library not found') as unknown });
    expect(await channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.Enabled);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, MODEL)).toMatchObject({ success: true, message: `Answer from library lib-42${REFERENCES}`, model: MODEL });
  });

  it('disables the channel on a refused key when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 21, name: 'library-bad', key: 'wrong', base_url: suite.upstream.baseUrl, other: 'lib-42', models: MODEL, priority: 20 });
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error' });
    await expect.poll(() => channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
