import type Anthropic from '@anthropic-ai/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anthropicClient } from '../../test/anthropic-client.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { FAKE_SIGNATURE, FAKE_THINKING, FakeAnthropicNative } from '../../test/fake-anthropic-native.js';
import { FakeOpenAITools } from '../../test/fake-openai-tools.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const SONNET = 'claude-sonnet-4-6';
const HAIKU = 'claude-haiku-4-5-20251001';
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/x8AAwMCAO+ip1sAAAAASUVORK5CYII=';
const BETAS = ['claude-code-20250219', 'interleaved-thinking-2025-05-14', 'fine-grained-tool-streaming-2025-05-14'];
const EPHEMERAL = { type: 'ephemeral' as const };

/** What Claude Code sends in a session: cached system blocks, many tools, thinking with signed history, tool results, an image. */
const TOOLS = Array.from({ length: 22 }, (_, i) => ({
  name: `tool_${i}`,
  description: `Tool number ${i}`,
  input_schema: { type: 'object' as const, properties: { arg: { type: 'string' } }, required: ['arg'] },
  ...(i === 21 ? { cache_control: EPHEMERAL } : {}),
}));

const SESSION = {
  model: SONNET,
  max_tokens: 16000,
  system: [
    { type: 'text' as const, text: "You are Claude Code, Anthropic's official CLI for Claude." },
    { type: 'text' as const, text: 'Follow the project instructions.', cache_control: EPHEMERAL },
  ],
  tools: TOOLS,
  thinking: { type: 'enabled' as const, budget_tokens: 4000 },
  metadata: { user_id: 'user_abc_account__session_123' },
  messages: [
    { role: 'user' as const, content: [{ type: 'text' as const, text: '<system-reminder>Be careful.</system-reminder>' }, { type: 'text' as const, text: 'Fix the bug in app.ts' }] },
    {
      role: 'assistant' as const,
      content: [
        { type: 'thinking' as const, thinking: 'I should read the file.', signature: 'sig-one' },
        { type: 'text' as const, text: "I'll read it." },
        { type: 'tool_use' as const, id: 'toolu_01A', name: 'tool_0', input: { arg: 'app.ts' } },
      ],
    },
    { role: 'user' as const, content: [{ type: 'tool_result' as const, tool_use_id: 'toolu_01A', content: [{ type: 'text' as const, text: 'const a = 1;' }] }] },
    {
      role: 'assistant' as const,
      content: [
        { type: 'thinking' as const, thinking: 'Now a screenshot.', signature: 'sig-two' },
        { type: 'redacted_thinking' as const, data: 'redacted-abc' },
        { type: 'tool_use' as const, id: 'toolu_01B', name: 'tool_1', input: { arg: 'screen' } },
      ],
    },
    {
      role: 'user' as const,
      content: [
        { type: 'tool_result' as const, tool_use_id: 'toolu_01B', content: 'permission denied', is_error: true },
        { type: 'image' as const, source: { type: 'base64' as const, media_type: 'image/png' as const, data: PNG } },
        { type: 'text' as const, text: 'Here is the screenshot instead.', cache_control: EPHEMERAL },
      ],
    },
  ],
};

/** Claude Code's small side request (a title, a summary) on haiku. */
const TITLE = { model: HAIKU, max_tokens: 512, system: [{ type: 'text' as const, text: 'Write a 5-word title.' }], messages: [{ role: 'user' as const, content: 'Fix the bug in app.ts' }] };

describe('A Claude Code session replayed through passthrough and conversion', () => {
  let f: RelayFixture;
  let anthropic: FakeAnthropicNative;
  let converting: FakeAnthropicNative;
  let openai: FakeOpenAITools;
  const keys: Record<string, string> = {};

  beforeAll(async () => {
    anthropic = await new FakeAnthropicNative('claude').start();
    converting = await new FakeAnthropicNative('claude-converted').start();
    openai = await new FakeOpenAITools('openai').start();
    f = await relayFixture('sqlite');
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [SONNET]: 1.5, [HAIKU]: 0.5 }));
    const models = `${SONNET},${HAIKU}`;
    await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant-upstream', base_url: anthropic.baseUrl, models, group: 'native' });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models, group: 'openai' });
    // An Anthropic channel that declares no native protocol: the hub carries thinking, signatures and cache breakpoints.
    await f.addChannel({ type: 14, name: 'anthropic-hub', key: 'sk-ant-hub', base_url: converting.baseUrl, models, group: 'hub', config: JSON.stringify({ native_protocols: 'none' }) });
    for (const group of ['native', 'openai', 'hub']) keys[group] = await f.addKey(await f.addUser(`cc${group}`, 10_000_000, group));
    converting.behaviour = { thinking: true };
    anthropic.behaviour = { thinking: true };
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([anthropic.stop(), converting.stop(), openai.stop()]);
  });

  const session = (group: string) => anthropicClient(f, keys[group] ?? '').beta.messages.stream({ ...SESSION, betas: BETAS } as Anthropic.Beta.MessageCreateParamsStreaming);
  const title = (group: string) => anthropicClient(f, keys[group] ?? '').beta.messages.create({ ...TITLE, betas: BETAS });

  it('passes the session through to Anthropic exactly, betas and all, and relays the answer', async () => {
    const answer = await session('native').finalMessage();
    expect(answer.content).toEqual([
      { type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE },
      { type: 'text', text: 'Hello from claude' },
    ]);
    const sent = anthropic.received.at(-1);
    expect(sent?.path).toBe('/v1/messages');
    expect(sent?.headers['anthropic-beta']).toBe(BETAS.join(','));
    expect(sent?.json).toEqual({ ...SESSION, stream: true });

    expect((await title('native')).content).toEqual([{ type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE }, { type: 'text', text: 'Hello from claude' }]);
    expect(anthropic.received.at(-1)?.json).toEqual(TITLE);
    await f.flush();
    expect(await lastConsumeLog(f)).toMatchObject({ model_name: HAIKU, prompt_tokens: 420, completion_tokens: 8 });
  });

  it('converts the session to an OpenAI channel: plain OpenAI messages, tools and results, and answers in Anthropic’s shape', async () => {
    const answer = await session('openai').finalMessage();
    expect(answer).toMatchObject({ role: 'assistant', model: SONNET, content: [{ type: 'text', text: 'Paris: const a = 1;' }], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 5 } });
    const sent = openai.received.at(-1)?.json ?? {};
    expect(sent).toMatchObject({ model: SONNET, max_tokens: 16000, stream: true, user: SESSION.metadata.user_id });
    expect(sent).not.toHaveProperty('thinking');
    expect(sent.tools).toHaveLength(22);
    expect((sent.tools as unknown[])[21]).toEqual({ type: 'function', function: { name: 'tool_21', description: 'Tool number 21', parameters: TOOLS[21]?.input_schema } });
    expect(sent.messages).toEqual([
      { role: 'system', content: [{ type: 'text', text: SESSION.system[0]?.text }, { type: 'text', text: SESSION.system[1]?.text }] },
      { role: 'user', content: [{ type: 'text', text: '<system-reminder>Be careful.</system-reminder>' }, { type: 'text', text: 'Fix the bug in app.ts' }] },
      { role: 'assistant', content: "I'll read it.", tool_calls: [{ id: 'toolu_01A', type: 'function', function: { name: 'tool_0', arguments: '{"arg":"app.ts"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_01A', content: 'const a = 1;' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'toolu_01B', type: 'function', function: { name: 'tool_1', arguments: '{"arg":"screen"}' } }] },
      { role: 'tool', tool_call_id: 'toolu_01B', content: 'permission denied' },
      { role: 'user', content: [{ type: 'image_url', image_url: { url: `data:image/png;base64,${PNG}` } }, { type: 'text', text: 'Here is the screenshot instead.' }] },
    ]);

    expect(await title('openai')).toMatchObject({ content: [{ type: 'text', text: 'Hello from openai' }] });
    expect(openai.received.at(-1)?.json).toEqual({ model: HAIKU, messages: [{ role: 'system', content: 'Write a 5-word title.' }, { role: 'user', content: 'Fix the bug in app.ts' }], max_tokens: 512 });
  });

  it('converts the session through the hub to an Anthropic channel keeping thinking signatures, cache breakpoints and failed tool runs', async () => {
    const answer = await session('hub').finalMessage();
    expect(answer.content).toEqual([
      { type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE },
      { type: 'text', text: 'Hello from claude-converted' },
    ]);
    const sent = converting.received.at(-1)?.json ?? {};
    expect(sent).toMatchObject({ model: SONNET, max_tokens: 16000, thinking: SESSION.thinking, stream: true, metadata: SESSION.metadata });
    expect(sent.system).toEqual(SESSION.system);
    expect((sent.tools as unknown[])[21]).toEqual(TOOLS[21]);
    expect(sent.messages).toEqual([
      SESSION.messages[0],
      { role: 'assistant', content: SESSION.messages[1]?.content },
      { role: 'user', content: [{ type: 'tool_result', tool_use_id: 'toolu_01A', content: 'const a = 1;' }] },
      { role: 'assistant', content: SESSION.messages[3]?.content },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_01B', content: 'permission denied', is_error: true },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: PNG } },
          { type: 'text', text: 'Here is the screenshot instead.', cache_control: EPHEMERAL },
        ],
      },
    ]);
    const titled = await title('hub');
    expect(titled.content).toEqual([{ type: 'thinking', thinking: FAKE_THINKING, signature: FAKE_SIGNATURE }, { type: 'text', text: 'Hello from claude-converted' }]);
    expect(converting.received.at(-1)?.headers['anthropic-beta']).toBe(BETAS.join(','));
  });
});
