import type OpenAI from 'openai';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'claude-3-5-sonnet-20241022';
const weatherTool: OpenAI.ChatCompletionTool = {
  type: 'function',
  function: { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
};

describe.each(databaseKinds)('Anthropic channels through the official OpenAI SDK on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeAnthropic;
  let channelId: number;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeAnthropic('claude').start();
    f = await relayFixture(kind);
    channelId = await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: upstream.baseUrl, models: MODEL });
    userId = await f.addUser('claudeuser', 10_000_000);
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

  const lastLog = () => f.ctx.db.selectFrom('logs').selectAll().where('type', '=', 2).orderBy('id', 'desc').executeTakeFirstOrThrow();

  it('converts a chat completion both ways, bills it and logs it', async () => {
    const before = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'hi' }], temperature: 1.5 });
    expect(answer).toMatchObject({ id: 'msg_fake01', object: 'chat.completion', model: MODEL, usage: { prompt_tokens: 12, completion_tokens: 6, total_tokens: 18 } });
    expect(answer.choices[0]).toMatchObject({ message: { role: 'assistant', content: 'Hello from claude' }, finish_reason: 'stop' });

    const sent = upstream.received.at(-1);
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers).toMatchObject({ 'x-api-key': 'sk-ant-upstream', 'anthropic-version': '2023-06-01' });
    expect(sent?.headers.authorization).toBeUndefined();
    expect(sent?.json).toEqual({ model: MODEL, max_tokens: 4096, temperature: 1, system: 'Be brief.', messages: [{ role: 'user', content: [{ type: 'text', text: 'hi' }] }] });

    await f.flush();
    // claude-3-5-sonnet: model ratio 1.5, completion ratio 5: (12 + 6 x 5) x 1.5 = 63.
    const after = await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow();
    expect(before.quota - after.quota).toBe(63);
    expect(await lastLog()).toMatchObject({ user_id: userId, model_name: MODEL, channel_id: channelId, quota: 63, prompt_tokens: 12, completion_tokens: 6 });
  });

  it('streams the converted chunks with usage in the last one, and bills the stream', async () => {
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true, stream_options: { include_usage: true } }, { headers: { 'anthropic-version': '2023-01-01' } });
    let text = '';
    let usage;
    const finishes: (string | null | undefined)[] = [];
    for await (const chunk of stream) {
      text += chunk.choices[0]?.delta.content ?? '';
      if (chunk.choices[0]?.finish_reason) finishes.push(chunk.choices[0].finish_reason);
      if (chunk.usage) usage = chunk.usage;
      expect(chunk.id).toBe('msg_fake02');
    }
    expect(text).toBe('Hello from claude');
    expect(finishes).toEqual(['stop']);
    expect(usage).toMatchObject({ prompt_tokens: 12, completion_tokens: 6 });
    expect(upstream.received.at(-1)?.json).toMatchObject({ stream: true });
    // The client's own anthropic-version header wins over the default.
    expect(upstream.received.at(-1)?.headers['anthropic-version']).toBe('2023-01-01');
    await f.flush();
    expect(await lastLog()).toMatchObject({ quota: 63, prompt_tokens: 12, completion_tokens: 6 });
    expect(Boolean((await lastLog()).is_stream)).toBe(true);
  });

  it('round-trips a tool call: the call comes back as tool_calls, the result goes up as a tool_result', async () => {
    const client = f.client(key);
    const ask: OpenAI.ChatCompletionMessageParam = { role: 'user', content: 'Weather in Paris?' };
    const first = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], tool_choice: 'required' });
    const call = first.choices[0]?.message.tool_calls?.[0];
    expect(first.choices[0]?.finish_reason).toBe('tool_calls');
    expect(call).toEqual({ id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } });
    expect(upstream.received.at(-1)?.json).toMatchObject({ tools: [{ name: 'get_weather', input_schema: weatherTool.function.parameters }], tool_choice: { type: 'any' } });

    const streamed = await client.chat.completions.create({ model: MODEL, messages: [ask], tools: [weatherTool], stream: true });
    let args = '';
    for await (const chunk of streamed) for (const delta of chunk.choices[0]?.delta.tool_calls ?? []) args += delta.function?.arguments ?? '';
    expect(JSON.parse(args)).toEqual({ city: 'Paris' });

    const second = await client.chat.completions.create({
      model: MODEL,
      tools: [weatherTool],
      messages: [ask, { role: 'assistant', content: null, tool_calls: call ? [call] : [] }, { role: 'tool', tool_call_id: call?.id ?? '', content: '{"temp_c":18}' }],
    });
    expect(second.choices[0]?.message.content).toBe('Paris: {"temp_c":18}');
    expect((upstream.received.at(-1)?.json?.messages as unknown[]).slice(1)).toEqual([
      { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', name: 'get_weather', input: { city: 'Paris' } }] },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', content: '{"temp_c":18}' }] },
    ]);
  });

  it('refuses endpoints the protocol does not serve before calling the upstream', async () => {
    const before = upstream.received.length;
    await expect(f.client(key).embeddings.create({ model: MODEL, input: 'hi' })).rejects.toMatchObject({ status: 400, code: 'mode_not_supported' });
    expect(upstream.received.length).toBe(before);
  });

  it('passes the channel test through the adaptor', async () => {
    const result = await f.app.inject({ method: 'GET', url: `/api/channel/test/${channelId}`, headers: { cookie: f.rootCookie } });
    expect(result.json()).toMatchObject({ success: true, message: 'Hello from claude', model: MODEL });
    expect(upstream.received.at(-1)?.json).toMatchObject({ model: MODEL, max_tokens: 4096 });
  });

  it('answers an upstream 401 in OpenAI shape and disables the channel when auto-disable is on', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    upstream.behaviour = { fail: { status: 401, body: { type: 'error', error: { type: 'authentication_error', message: 'invalid x-api-key' } } } };
    const failed = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(failed).toMatchObject({ status: 401, type: 'authentication_error', code: 'invalid_api_key' });
    await expect.poll(async () => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', channelId).executeTakeFirstOrThrow()).status).toBe(3);
  });
});
