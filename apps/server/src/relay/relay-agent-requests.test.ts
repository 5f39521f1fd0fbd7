import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentRequest } from '../../test/agent-requests.js';
import { lastConsumeLog } from '../../test/consume-log.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeAnthropic } from '../../test/fake-anthropic.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeOpenAITools } from '../../test/fake-openai-tools.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';
import { sseEvents } from '../../test/anthropic-client.js';

/**
 * The first request of each coding agent, as the agent sent it (recorded from the real CLIs into
 * test/fixtures/agents/), through each conversion that failed it before: Claude Code's `system` turn,
 * adaptive thinking, effort and context_management on OpenAI and Gemini channels; Codex's namespace and
 * web_search tools on Anthropic and Gemini channels. Each is served, what it loses is named, and it is billed.
 */
const GPT = 'gpt-5.2';
const GEMINI = 'gemini-3-pro-preview';
const CLAUDE = 'claude-sonnet-4-6';

interface ChatSent {
  messages: { role: string; content: unknown }[];
  tools: { function: { name: string } }[];
  reasoning_effort?: string;
  context_management?: unknown;
}

describe.each(databaseKinds)('the agents’ own requests through conversion on %s', (kind) => {
  let f: RelayFixture;
  let openai: FakeOpenAITools;
  let anthropic: FakeAnthropic;
  let gemini: FakeGemini;
  let key: string;

  beforeAll(async () => {
    openai = await new FakeOpenAITools('openai').start();
    anthropic = await new FakeAnthropic('claude').start();
    gemini = await new FakeGemini('gemini').start();
    f = await relayFixture(kind);
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [GPT]: 1, [GEMINI]: 1, [CLAUDE]: 1.5 }));
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: GPT });
    await f.addChannel({ type: 24, name: 'gemini', key: 'gemini-key', base_url: gemini.baseUrl, models: GEMINI });
    await f.addChannel({ type: 14, name: 'anthropic', key: 'sk-ant', base_url: anthropic.baseUrl, models: CLAUDE });
    key = await f.addKey(await f.addUser('agentuser', 100_000_000));
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([openai.stop(), anthropic.stop(), gemini.stop()]);
  });

  const send = (fixture: Parameters<typeof agentRequest>[0], model: string, path?: string, edit?: (body: Record<string, unknown>) => void) => {
    const recorded = agentRequest(fixture, model);
    edit?.(recorded.body);
    const headers = { ...recorded.headers, authorization: `Bearer sk-${key}`, 'x-goog-api-key': `sk-${key}` };
    return fetch(`${f.url}${path ?? recorded.url}`, { method: 'POST', headers, body: JSON.stringify(recorded.body) });
  };

  it("serves Claude Code's request for a non-Claude model on an OpenAI channel: system turns in place, effort as reasoning_effort", async () => {
    const response = await send('claude-code', GPT);
    expect(response.status).toBe(200);
    const events = sseEvents(await response.text());
    expect(events.at(-1)?.event).toBe('message_stop');
    expect(response.headers.get('x-tollgate-dropped')).toBe('context_management, metadata.user_id, cache_control');

    const sent = openai.received.at(-1)?.json as unknown as ChatSent;
    const recorded = agentRequest('claude-code', GPT).body as { messages: { role: string }[]; tools: unknown[] };
    expect(sent.messages.map((message) => message.role)).toEqual(['system', ...recorded.messages.map((message) => message.role)]);
    expect(recorded.messages.some((message) => message.role === 'system')).toBe(true);
    expect(sent.tools).toHaveLength(recorded.tools.length);
    expect(sent.tools.map((tool) => tool.function.name)).toContain('Bash');
    expect(sent.reasoning_effort).toBe('high');
    expect(sent).not.toHaveProperty('context_management');
    expect(sent).not.toHaveProperty('thinking');

    await f.flush();
    const log = await lastConsumeLog(f);
    expect(log.model_name).toBe(GPT);
    expect(JSON.parse(log.other ?? '')).toMatchObject({ protocol: 'anthropic', dropped: ['context_management', 'metadata.user_id', 'cache_control'] });
  });

  it('serves the same request on a Gemini channel, the effort as its thinking level and the system turns in its system instruction', async () => {
    const response = await send('claude-code', GEMINI);
    expect(response.status).toBe(200);
    expect(sseEvents(await response.text()).at(-1)?.event).toBe('message_stop');
    const sent = gemini.received.at(-1)?.json as { systemInstruction: { parts: { text: string }[] }; generationConfig: { thinkingConfig?: unknown } };
    expect(sent.generationConfig.thinkingConfig).toEqual({ thinkingLevel: 'HIGH', includeThoughts: true });
    expect(sent.systemInstruction.parts[0]?.text).toContain('Available agent types');
  });

  it("serves Codex's request for a Claude model on an Anthropic channel: namespace tools flattened, web_search as Anthropic's own", async () => {
    const response = await send('codex', CLAUDE);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('event: response.completed');
    expect(response.headers.get('x-tollgate-dropped')).toBe('prompt_cache_key, client_metadata');
    const sent = anthropic.received.at(-1)?.json as { tools: { name: string; type?: string }[] };
    const names = sent.tools.map((tool) => tool.name);
    expect(names).toContain('exec_command');
    expect(names).toContain('multi_agent_v1__spawn_agent');
    expect(sent.tools.at(-1)).toEqual({ type: 'web_search_20250305', name: 'web_search' });
  });

  it("serves Codex's request on a Gemini channel, where web search cannot join function tools: left out and named", async () => {
    const response = await send('codex', GEMINI);
    expect(response.status).toBe(200);
    await response.text();
    expect(response.headers.get('x-tollgate-dropped')).toBe('prompt_cache_key, client_metadata, tool:web_search');
    const sent = gemini.received.at(-1)?.json as { tools: Record<string, unknown>[] };
    expect(sent.tools.map((tool) => Object.keys(tool))).toEqual([['functionDeclarations']]);
  });

  it("gives a call of a namespace's tool back to Codex under its own name and namespace", async () => {
    const response = await send('codex', CLAUDE, undefined, (body) => {
      const tools = body.tools as { type: string; name?: string; tools?: { name: string }[] }[];
      const namespace = tools.find((tool) => tool.type === 'namespace');
      // The fake Anthropic upstream calls the first tool it is offered: the namespace's first tool.
      body.tools = [namespace, ...tools.filter((tool) => tool !== namespace)];
    });
    const text = await response.text();
    const done = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)) as { type: string; item?: Record<string, unknown> })
      .find((event) => event.type === 'response.output_item.done' && event.item?.type === 'function_call');
    expect(done?.item).toMatchObject({ type: 'function_call', namespace: 'multi_agent_v1', name: 'close_agent', arguments: '{"city": "Paris"}' });
  });

  it("serves Gemini CLI's request on an OpenAI channel, its parametersJsonSchema tools as functions", async () => {
    const response = await send('gemini-cli', GPT, `/v1beta/models/${GPT}:streamGenerateContent?alt=sse`);
    expect(response.status).toBe(200);
    await response.text();
    const sent = openai.received.at(-1)?.json as unknown as ChatSent;
    expect(sent.tools.map((tool) => tool.function.name)).toContain('run_shell_command');
    expect(sent.messages[0]?.role).toBe('system');
  });
});
