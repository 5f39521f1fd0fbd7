import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeAiProxyLibrary } from '../../test/fake-aiproxy.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'gpt-3.5-turbo';
const REFERENCES = '\n\n参考文档：\n1. [Handbook](https://kb.example/handbook)';

describe.each(databaseKinds)('AI Proxy library channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeAiProxyLibrary;
  let channelId: number;
  let userId: number;
  let key: string;

  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    upstream = await new FakeAiProxyLibrary('aip-key').start();
    f = await relayFixture(kind);
    channelId = await f.addChannel({ type: 21, name: 'library', key: 'aip-key', base_url: upstream.baseUrl, other: 'lib-42', models: MODEL, priority: 10 });
    userId = await f.addUser('libraryuser', 10_000_000);
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

  it('asks the library the last user message, answers with the references, counts and bills it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'How do I start?' }] });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: `Answer from library lib-42${REFERENCES}` }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/api/library/ask');
    expect(sent?.headers.authorization).toBe('Bearer aip-key');
    expect(sent?.json).toEqual({ model: MODEL, query: 'How do I start?', libraryId: 'lib-42', stream: false });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('streams the answer, then the references, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'How do I start?' }], stream: true });
    let text = '';
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(text).toBe(`Answer from library lib-42${REFERENCES}`);
    expect(finishes).toEqual(['stop']);
    await f.flush();
    const log = await lastLog();
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('answers an in-band error of an HTTP 200 body as an upstream error', async () => {
    upstream.behaviour = { inBandError: { errCode: 1001, message: 'library not found' } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 500, message: expect.stringContaining('library not found') as unknown });
    expect(await statusOf(channelId)).toBe(1);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=${MODEL}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: `Answer from library lib-42${REFERENCES}`, model: MODEL });
  });

  it('disables the channel on a refused key when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 21, name: 'library-bad', key: 'wrong', base_url: upstream.baseUrl, other: 'lib-42', models: MODEL, priority: 20 });
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error' });
    await expect.poll(() => statusOf(badId)).toBe(3);
  });
});
