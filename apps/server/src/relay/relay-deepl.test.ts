import { ChannelStatus } from '@tollgate/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeDeepL } from '../../test/fake-deepl.js';
import { providerSuite } from '../../test/provider-suite.js';

describe.each(databaseKinds)('DeepL channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeDeepL('deepl-key:fx'),
    modelRatio: { 'deepl-zh': 1, 'deepl-en': 1, 'deepl-ja': 1, 'deepl-de': 1 },
    channel: (upstream) => ({ type: 38, name: 'deepl', key: 'deepl-key:fx', base_url: upstream.baseUrl, models: 'deepl-zh,deepl-en,deepl-ja', priority: 10 }),
    username: 'deepluser',
  });
  let spare: FakeDeepL;
  beforeAll(async () => {
    spare = await new FakeDeepL('spare-key:fx').start();
  });
  afterAll(() => spare.stop());

  it('translates the last user message into the model language, answers it as a chat completion and bills it', async () => {
    const answer = await suite.client().chat.completions.create({ model: 'deepl-ja', messages: [{ role: 'system', content: 'ignored' }, { role: 'user', content: 'Good morning' }] });
    expect(answer).toMatchObject({ object: 'chat.completion', model: 'deepl-ja' });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: '[JA] Good morning' }, finish_reason: 'stop' });
    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v2/translate');
    expect(sent?.headers.authorization).toBe('DeepL-Auth-Key deepl-key:fx');
    expect(sent?.json).toEqual({ text: ['Good morning'], target_lang: 'JA' });
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ user_id: suite.userId, model_name: 'deepl-ja', channel_id: suite.channelId });
    expect(log.completion_tokens).toBeGreaterThan(0);
    expect(log.quota).toBeGreaterThan(0);
  });

  it('serves a stream request as one chunk of translation, and bills it', async () => {
    const stream = await suite.client().chat.completions.create({ model: 'deepl-zh', messages: [{ role: 'user', content: 'Hello' }], stream: true });
    const read = await readChatStream(stream);
    expect(read.chunks.map((chunk) => chunk.choices[0]?.delta.content).filter(Boolean)).toEqual(['[ZH] Hello']);
    expect(read.finishReasons).toEqual(['stop']);
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(Boolean(log.is_stream)).toBe(true);
    expect(log.completion_tokens).toBeGreaterThan(0);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId, 'deepl-en')).toMatchObject({ success: true, model: 'deepl-en' });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ target_lang: 'EN-US' });
  });

  it('retries a 429 on another channel', async () => {
    await suite.f.ctx.options.set('RetryTimes', '1');
    const spareId = await suite.f.addChannel({ type: 38, name: 'deepl-spare', key: 'spare-key:fx', base_url: spare.baseUrl, models: 'deepl-zh', priority: 1 });
    suite.upstream.behaviour = { fail: { status: 429, body: { message: 'Too many requests' } } };
    const answer = await suite.client().chat.completions.create({ model: 'deepl-zh', messages: [{ role: 'user', content: 'Hi' }] });
    expect(answer.choices[0]?.message.content).toBe('[ZH] Hi');
    expect(spare.received).toHaveLength(1);
    await suite.f.removeChannel(spareId);
  });

  it('answers the exhausted character quota (456) as a 429 quota error and disables the channel', async () => {
    await suite.enableAutoDisable();
    const quotaId = await suite.f.addChannel({ type: 38, name: 'deepl-quota', key: 'deepl-key:fx', base_url: spare.baseUrl, models: 'deepl-de' });
    spare.behaviour = { fail: { status: 456, body: { message: 'Quota Exceeded' } } };
    const failed = await chatError(suite.client(), 'deepl-de');
    spare.behaviour = {};
    expect(failed).toMatchObject({ status: 429, type: 'insufficient_quota', code: 'insufficient_quota' });
    await expect.poll(() => channelStatus(suite.f, quotaId)).toBe(ChannelStatus.AutoDisabled);
  });

  it('disables the channel on a refused key when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    const badId = await suite.f.addChannel({ type: 38, name: 'deepl-bad', key: 'wrong', base_url: suite.upstream.baseUrl, models: 'deepl-ja', priority: 20 });
    expect(await chatError(suite.client(), 'deepl-ja')).toMatchObject({ status: 403, type: 'authentication_error' });
    await expect.poll(() => channelStatus(suite.f, badId)).toBe(ChannelStatus.AutoDisabled);
  });
});
