import Anthropic from '@anthropic-ai/sdk';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { anthropicClient, postMessages, weatherTool } from '../../test/anthropic-client.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FAKE_COUNT, FAKE_SIGNATURE, FAKE_THINKING, FakeAnthropicNative, NATIVE_TOOL_USE_ID, NATIVE_USAGE } from '../../test/fake-anthropic-native.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const SONNET = 'claude-sonnet-4-6';
/** An Anthropic channel's model the client names by another name. */
const ALIAS = 'team-sonnet';
const GPT = 'gpt-4o-mini';
const BETA = 'interleaved-thinking-2025-05-14,fine-grained-tool-streaming-2025-05-14';

// Passthrough: the Anthropic SDK's own requests reach Anthropic as it sent them, and its answers come back as they were.
describe.each(databaseKinds)('Anthropic clients on an Anthropic channel (passthrough) on %s', (kind) => {
  let f: RelayFixture;
  let anthropic: FakeAnthropicNative;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;
  let channelId: number;

  beforeAll(async () => {
    anthropic = await new FakeAnthropicNative('claude').start();
    openai = await new FakeOpenAI('openai').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [SONNET]: 1.5, [ALIAS]: 1.5, [GPT]: 1 }));
    channelId = await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: anthropic.baseUrl, models: `${SONNET},${ALIAS}`, model_mapping: JSON.stringify({ [ALIAS]: SONNET }) });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    userId = await f.addUser('claudeclient', 10_000_000);
    key = await f.addKey(userId);
  });
  afterAll(async () => {
    await f.close();
    await anthropic.stop();
    await openai.stop();
  });
  afterEach(() => {
    anthropic.behaviour = {};
  });

  const usedQuota = async () => (await f.ctx.db.selectFrom('users').select('used_quota').where('id', '=', userId).executeTakeFirstOrThrow()).used_quota;
  const logCount = async () => {
    await f.flush();
    return (await f.ctx.db.selectFrom('logs').select('id').where('user_id', '=', userId).execute()).length;
  };

  it('passes messages.create through byte for byte with the beta header, answers it unchanged and bills cache tokens', async () => {
    const before = await usedQuota();
    anthropic.behaviour = { thinking: true };
    const params = {
      model: SONNET,
      max_tokens: 2048,
      system: [{ type: 'text' as const, text: 'Be brief.', cache_control: { type: 'ephemeral' as const } }],
      messages: [{ role: 'user' as const, content: 'hi' }],
      thinking: { type: 'enabled' as const, budget_tokens: 1024 },
      metadata: { user_id: 'user-42' },
    };
    const answer = await anthropicClient(f, key).messages.create(params, { headers: { 'anthropic-beta': BETA, 'anthropic-version': '2023-06-01' } });
    expect(answer).toEqual({
      id: 'msg_native01',
      type: 'message',
      role: 'assistant',
      model: SONNET,
      content: [
        { type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE },
        { type: 'text', text: 'Hello from claude' },
      ],
      stop_reason: 'end_turn',
      stop_sequence: null,
      usage: NATIVE_USAGE,
    });

    const sent = anthropic.received.at(-1);
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.body).toBe(JSON.stringify(params));
    expect(sent?.headers).toMatchObject({ 'x-api-key': 'sk-ant-upstream', 'anthropic-version': '2023-06-01', 'anthropic-beta': BETA });
    expect(sent?.headers.authorization).toBeUndefined();

    await f.flush();
    const log = await lastConsumeLog(f);
    // The prompt is every input token: 20 read fresh, 100 written to the cache, 300 read from it.
    expect(log).toMatchObject({ model_name: SONNET, channel_id: channelId, prompt_tokens: 420, completion_tokens: 8 });
    expect(log.quota).toBeGreaterThan(0);
    expect((await usedQuota()) - before).toBe(log.quota);
    expect(JSON.parse(log.other ?? '{}')).toMatchObject({ cache_read_tokens: 300, cache_write_tokens: 100 });
  });

  it('streams messages.stream through as the upstream sent it, and bills message_start and message_delta usage', async () => {
    const before = await usedQuota();
    anthropic.behaviour = { thinking: true };
    const stream = anthropicClient(f, key).messages.stream({ model: SONNET, max_tokens: 2048, messages: [{ role: 'user', content: 'hi' }], thinking: { type: 'enabled', budget_tokens: 1024 } });
    const message = await stream.finalMessage();
    expect(message.content).toEqual([
      { type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE },
      { type: 'text', text: 'Hello from claude' },
    ]);
    expect(message.usage).toMatchObject(NATIVE_USAGE);

    const raw = await postMessages(f, key, { model: SONNET, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect(raw.headers.get('content-type')).toContain('text/event-stream');
    expect(await raw.text()).toBe(anthropic.lastStream);
    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log).toMatchObject({ prompt_tokens: 420, completion_tokens: 8 });
    expect(Boolean(log.is_stream)).toBe(true);
    expect((await usedQuota()) - before).toBe(2 * log.quota);
  });

  it('round-trips a tool call, the tool_result going up unchanged', async () => {
    const client = anthropicClient(f, key);
    const first = await client.messages.create({ model: SONNET, max_tokens: 256, tools: [weatherTool], messages: [{ role: 'user', content: 'Weather in Paris?' }] });
    expect(first.stop_reason).toBe('tool_use');
    expect(first.content).toEqual([{ type: 'tool_use', id: NATIVE_TOOL_USE_ID, name: 'get_weather', input: { city: 'Paris' } }]);
    const turns = [
      { role: 'user' as const, content: 'Weather in Paris?' },
      { role: 'assistant' as const, content: first.content },
      { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: NATIVE_TOOL_USE_ID, content: '{"temp_c":18}', is_error: false }] },
    ];
    const second = await client.messages.create({ model: SONNET, max_tokens: 256, tools: [weatherTool], messages: turns });
    expect(second.content).toEqual([{ type: 'text', text: 'Hello from claude' }]);
    expect(anthropic.received.at(-1)?.json?.messages).toEqual(turns);
  });

  it("maps a model alias: only the body's model changes", async () => {
    const answer = await anthropicClient(f, key, { authToken: true }).messages.create({ model: ALIAS, max_tokens: 64, temperature: 0.3, messages: [{ role: 'user', content: 'hi' }] } as Anthropic.MessageCreateParamsNonStreaming);
    expect(answer.model).toBe(SONNET);
    expect(anthropic.received.at(-1)?.json).toEqual({ model: SONNET, max_tokens: 64, temperature: 0.3, messages: [{ role: 'user', content: 'hi' }] });
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: SONNET, prompt_tokens: 420 });
  });

  it('accepts ?beta=true, as the SDK’s beta namespace sends it', async () => {
    const answer = await anthropicClient(f, key).beta.messages.create({ model: SONNET, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }], betas: ['context-1m-2025-08-07'] });
    expect(answer.content).toEqual([{ type: 'text', text: 'Hello from claude' }]);
    expect(anthropic.received.at(-1)).toMatchObject({ path: '/v1/messages', headers: { 'anthropic-beta': 'context-1m-2025-08-07' } });
  });

  it('counts tokens on the channel, or locally when no channel takes Anthropic natively, unbilled', async () => {
    const before = await logCount();
    const client = anthropicClient(f, key);
    expect(await client.messages.countTokens({ model: SONNET, messages: [{ role: 'user', content: 'how many tokens?' }] })).toEqual({ input_tokens: FAKE_COUNT });
    expect(anthropic.received.at(-1)?.path).toBe('/v1/messages/count_tokens');
    const local = await client.messages.countTokens({ model: GPT, system: 'Be brief.', messages: [{ role: 'user', content: 'how many tokens?' }] });
    expect(local.input_tokens).toBeGreaterThan(3);
    expect(await logCount()).toBe(before);
  });

  it('refuses a bad key with authentication_error, a model no channel serves with not_found_error', async () => {
    const bad = await anthropicClient(f, 'nosuchkey').messages.create({ model: SONNET, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(bad).toBeInstanceOf(Anthropic.AuthenticationError);
    expect((bad as InstanceType<typeof Anthropic.AuthenticationError>).error).toMatchObject({ type: 'error', error: { type: 'authentication_error' } });
    const missing = await anthropicClient(f, key).messages.create({ model: 'claude-nonexistent', max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(Anthropic.NotFoundError);
    expect((missing as InstanceType<typeof Anthropic.NotFoundError>).error).toMatchObject({ type: 'error', error: { type: 'not_found_error', message: expect.stringContaining('claude-nonexistent') as unknown } });
  });

  it.each([
    [{ model: SONNET, messages: [{ role: 'user', content: 'hi' }] }, 'max_tokens: Field required'],
    [{ model: SONNET, max_tokens: 10, messages: 'hi' }, 'messages: Input should be a valid list'],
    [{ model: SONNET, max_tokens: 10, messages: [{ role: 'tool', content: 'hi' }] }, "messages.0.role: Input should be 'user', 'assistant' or 'system'"],
    [{ model: SONNET, max_tokens: 10, messages: [{ role: 'user', content: [{ type: 'image', source: { type: 'base64', data: 'AA==' } }] }] }, 'messages.0.content.0.source.media_type: Field required'],
    ['{"model":', 'There was an issue with your request body: it is not valid JSON'],
  ])('refuses a malformed body with invalid_request_error naming the field, charging nothing (%#)', async (body, message) => {
    const before = await usedQuota();
    const logs = await logCount();
    const response = await postMessages(f, key, body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message } });
    expect(await usedQuota()).toBe(before);
    expect(await logCount()).toBe(logs);
  });

  it('answers an upstream refusal in Anthropic’s shape and status', async () => {
    anthropic.behaviour = { fail: { status: 400, body: { type: 'error', error: { type: 'invalid_request_error', message: 'thinking.budget_tokens: too small' } } } };
    const refused = await anthropicClient(f, key).messages.create({ model: SONNET, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(Anthropic.BadRequestError);
    expect((refused as InstanceType<typeof Anthropic.BadRequestError>).error).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('thinking.budget_tokens: too small') as unknown } });
    anthropic.behaviour = { fail: { status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } } };
    const overloaded = await postMessages(f, key, { model: SONNET, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });
    expect(overloaded.status).toBe(529);
    expect(await overloaded.json()).toMatchObject({ type: 'error', error: { type: 'overloaded_error' } });
  });

  it('lists models in Anthropic’s shape for clients that send anthropic-version', async () => {
    const page = await anthropicClient(f, key).models.list();
    expect(page.data.map((model) => model.id)).toEqual(expect.arrayContaining([SONNET, GPT]));
    expect(page.data[0]).toMatchObject({ type: 'model', display_name: expect.any(String) as unknown, created_at: expect.any(String) as unknown });
    expect(await anthropicClient(f, key).models.retrieve(SONNET)).toEqual({ type: 'model', id: SONNET, display_name: SONNET, created_at: '2021-07-20T10:40:00Z' });
    const openAIShape = await (await fetch(`${f.url}/v1/models`, { headers: { authorization: `Bearer sk-${key}` } })).json();
    expect(openAIShape).toMatchObject({ object: 'list' });
  });
});
