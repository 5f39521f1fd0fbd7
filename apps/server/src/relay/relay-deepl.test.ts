import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeDeepL } from '../../test/fake-deepl.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

describe.each(databaseKinds)('DeepL channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeDeepL;
  let spare: FakeDeepL;
  let channelId: number;
  let userId: number;
  let key: string;

  const statusOf = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  beforeAll(async () => {
    upstream = await new FakeDeepL('deepl-key:fx').start();
    spare = await new FakeDeepL('spare-key:fx').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'deepl-zh': 1, 'deepl-en': 1, 'deepl-ja': 1, 'deepl-de': 1 }));
    channelId = await f.addChannel({ type: 38, name: 'deepl', key: 'deepl-key:fx', base_url: upstream.baseUrl, models: 'deepl-zh,deepl-en,deepl-ja', priority: 10 });
    userId = await f.addUser('deepluser', 10_000_000);
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
    await f.ctx.options.set('RetryTimes', '0');
  });

  it('translates the last user message into the model language, answers it as a chat completion and bills it', async () => {
    const answer = await f.client(key).chat.completions.create({ model: 'deepl-ja', messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'Good morning' }] });
    expect(answer).toMatchObject({ object: 'chat.completion', model: 'deepl-ja' });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: '[JA] Good morning' }, finish_reason: 'stop' });
    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v2/translate');
    expect(sent?.headers.authorization).toBe('DeepL-Auth-Key deepl-key:fx');
    expect(sent?.json).toEqual({ text: ['Good morning'], target_lang: 'JA' });
    await f.flush();
    const log = await lastLog();
    expect(log).toMatchObject({ user_id: userId, model_name: 'deepl-ja', channel_id: channelId });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('serves a stream request as one chunk of translation, and bills it', async () => {
    const stream = await f.client(key).chat.completions.create({ model: 'deepl-zh', messages: [{ role: 'user', content: 'Hello' }], stream: true });
    const contents: string[] = [];
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      if (chunk.choices[0]?.delta.content) contents.push(chunk.choices[0].delta.content);
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
    }
    expect(contents).toEqual(['[ZH] Hello']);
    expect(finishes).toEqual(['stop']);
    await f.flush();
    const log = await lastLog();
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}?model=deepl-en`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, model: 'deepl-en' });
    expect(upstream.received.at(-1)?.json).toMatchObject({ target_lang: 'EN-US' });
  });

  it('retries a 429 on another channel', async () => {
    await f.ctx.options.set('RetryTimes', '1');
    const spareId = await f.addChannel({ type: 38, name: 'deepl-spare', key: 'spare-key:fx', base_url: spare.baseUrl, models: 'deepl-zh', priority: 1 });
    upstream.behaviour = { fail: { status: 429, body: { message: 'Too many requests' } } };
    const answer = await f.client(key).chat.completions.create({ model: 'deepl-zh', messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0]?.message.content).toBe('[ZH] Hi');
    expect(spare.received).toHaveLength(1);
    await f.app.inject({ method: 'DELETE', url: `/api/channel/${spareId}`, headers: { cookie: f.rootCookie } });
  });

  it('answers the exhausted character quota (456) as a 429 quota error and disables the channel', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const quotaId = await f.addChannel({ type: 38, name: 'deepl-quota', key: 'deepl-key:fx', base_url: spare.baseUrl, models: 'deepl-de' });
    spare.behaviour = { fail: { status: 456, body: { message: 'Quota Exceeded' } } };
    const failed = await f.client(key).chat.completions.create({ model: 'deepl-de', messages: [{ role: 'user', content: 'Hi' }] }).catch((error: unknown) => error);
    spare.behaviour = {};
    expect(failed).toMatchObject({ status: 429, type: 'insufficient_quota', code: 'insufficient_quota' });
    await expect.poll(() => statusOf(quotaId)).toBe(3);
  });

  it('disables the channel on a refused key when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ type: 38, name: 'deepl-bad', key: 'wrong', base_url: upstream.baseUrl, models: 'deepl-ja', priority: 20 });
    const failed = await f.client(key).chat.completions.create({ model: 'deepl-ja', messages: [{ role: 'user', content: 'Hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 403, type: 'authentication_error' });
    await expect.poll(() => statusOf(badId)).toBe(3);
  });
});
