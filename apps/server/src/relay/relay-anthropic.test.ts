import { ChannelStatus } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { chatError } from '../../test/chat-error.js';
import { channelStatus, testChannel } from '../../test/channel-checks.js';
import { readChatStream } from '../../test/chat-stream.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { providerSuite } from '../../test/provider-suite.js';
import { weatherTool, weatherToolRoundTrip } from '../../test/weather-tool.js';

const MODEL = 'claude-3-5-sonnet-20241022';

describe.each(databaseKinds)('Anthropic channels through the official OpenAI SDK on %s', (kind) => {
  const suite = providerSuite(kind, {
    upstream: () => new FakeAnthropic('claude'),
    channel: (upstream) => ({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: upstream.baseUrl, models: MODEL }),
    username: 'claudeuser',
  });
  const quota = async () => (await suite.f.ctx.db.selectFrom('users').select('quota').where('id', '=', suite.userId).executeTakeFirstOrThrow()).quota;

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const before = await quota();
    const answer = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 1.5 });
    expect(answer).toMatchObject({ id: 'msg_fake01', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from claude' }, finish_reason: 'stop' });

    const sent = suite.upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers).toMatchObject({ 'x-api-key': 'sk-ant-upstream', 'anthropic-version': '2023-06-01' });
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.json).toEqual({ model: MODEL, max_tokens: 4096, temperature: 1, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });

    await suite.f.flush();
    // claude-3-5-sonnet: model ratio 1.5, completion ratio 5: (12 + 6 x 5) x 1.5 = 63.
    expect(before - (await quota())).toBe(63);
    expect(await lastConsumeLog(suite.f)).toMatchObject({ user_id: suite.userId, model_name: MODEL, channel_id: suite.channelId, quota: 63, prompt_tokens: 12, completion_tokens: 6 });
  });

  it('streams the converted chunks with usage in the last one, and bills the stream', async () => {
    const stream = await suite.client().chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } }, { headers: { 'anthropic-version': '2023-01-01' } });
    const read = await readChatStream(stream);
    expect(new Set(read.chunks.map((chunk) => chunk.id))).toEqual(new Set(['msg_fake02']));
    expect(read.text).toBe('Hello from claude');
    expect(read.finishReasons).toEqual(['stop']);
    expect(read.usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ stream: true });
    // The client's own anthropic-version header wins over the default.
    expect(suite.upstream.received.at(-1)?.headers['anthropic-version']).toBe('2023-01-01');
    await suite.f.flush();
    const log = await lastConsumeLog(suite.f);
    expect(log).toMatchObject({ quota: 63, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean(log.is_stream)).toBe(true);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as a tool_result', async () => {
    const trip = await weatherToolRoundTrip(suite.client(), suite.upstream, { model: MODEL, tool_choice: 'required' });
    expect(trip.first?.finish_reason).toBe('tool_calls');
    expect(trip.call).toEqual({ id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(trip.firstSent?.json).toMatchObject({ tools: [{ name: 'get_weather', input_schema: weatherTool.function.parameters }], tool_choice: { type: 'any' } });
    expect(JSON.parse(trip.streamed.toolArguments)).toEqual({ city: 'Paris' });
    expect(trip.second?.message.content).toBe('Paris: {"temp_c":18}');
    expect((trip.secondSent?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', content: '{"temp_c":18}' }] },
    ]);
  });

  it('refuses endpoints the protocol does not serve before calling the upstream', async () => {
    const before = suite.upstream.received.length;
    await expect(suite.client().embeddings.create({ model: MODEL, input: 'hi' })).rejects.toMatchObject({ status: 400, code: 'mode_not_supported' });
    expect(suite.upstream.received.length).toBe(before);
  });

  it('passes the channel test through the adaptor', async () => {
    expect(await testChannel(suite.f, suite.channelId)).toMatchObject({ success: true, message: 'Hello from claude', model: MODEL });
    expect(suite.upstream.received.at(-1)?.json).toMatchObject({ model: MODEL, max_tokens: 4096 });
  });

  it('answers an upstream 401 in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await suite.enableAutoDisable();
    suite.upstream.behaviour = { fail: { status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } } };
    expect(await chatError(suite.client(), MODEL)).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(() => channelStatus(suite.f, suite.channelId)).toBe(ChannelStatus.AutoDisabled);
  });
});
