import { describe, expect, it } from 'vitest';
import { InvalidRequest } from './invalid-request.js';
import { readMessagesRequest } from './request-to-hub.js';

const base = { model: 'claude-haiku-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
const tool = { name: 'f', input_schema: { type: 'object' } };

describe('an Anthropic request read as the hub', () => {
  it.each([
    [{ type: 'auto' }, { tool_choice: 'auto' }],
    [{ type: 'any', disable_parallel_tool_use: true }, { tool_choice: 'required', parallel_tool_calls: false }],
    [{ type: 'tool', name: 'f' }, { tool_choice: { type: 'function', function: { name: 'f' } } }],
    [{ type: 'none' }, { tool_choice: 'none' }],
  ])('maps tool_choice %j', (choice, hub) => {
    expect(readMessagesRequest({ ...base, tools: [tool], tool_choice: choice }).hub).toMatchObject(hub);
  });

  it('keeps thinking, top_k and cache breakpoints as the hub extensions, and the count request without max_tokens', () => {
    const { hub } = readMessagesRequest({
      ...base,
      thinking: { type: 'enabled', budget_tokens: 2000 },
      top_k: 5,
      tools: [{ ...tool, cache_control: { type: 'ephemeral' } }],
      messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'text', media_type: 'text/plain', data: 'notes' }, title: 'N', cache_control: { type: 'ephemeral', ttl: '1h' } }] }],
    });
    expect(hub).toMatchObject({ thinking: { type: 'enabled', budget_tokens: 2000 }, top_k: 5, tools: [{ cache_control: { type: 'ephemeral' } }] });
    expect(hub.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'N\n\nnotes', cache_control: { type: 'ephemeral', ttl: '1h' } }] }]);
    const { model: _model, max_tokens: _max, ...count } = base;
    expect(readMessagesRequest({ model: 'm', ...count }, true)).toMatchObject({ maxTokens: 0, hub: { model: 'm' } });
  });

  it("keeps a system turn at its place, maps output_config.effort to reasoning_effort, and carries web search as the hub's, and leaves out what only Anthropic reads", () => {
    const read = readMessagesRequest({
      ...base,
      system: 'You are an agent.',
      messages: [
        { role: 'user', content: 'hi' },
        { role: 'system', content: [{ type: 'text', text: '<system-reminder>Be careful.</system-reminder>' }] },
        { role: 'user', content: 'go on' },
      ],
      thinking: { type: 'adaptive' },
      output_config: { effort: 'max' },
      context_management: { edits: [{ type: 'clear_thinking_20251015', keep: 'all' }] },
      metadata: { user_id: JSON.stringify({ device_id: 'd'.repeat(64), session_id: 's' }) },
      tools: [tool, { type: 'web_search_20250305', name: 'web_search', max_uses: 5 }],
    });
    expect(read.hub.messages).toEqual([
      { role: 'system', content: 'You are an agent.' },
      { role: 'user', content: 'hi' },
      { role: 'system', content: '<system-reminder>Be careful.</system-reminder>' },
      { role: 'user', content: 'go on' },
    ]);
    expect(read.hub).toMatchObject({ thinking: { type: 'adaptive' }, reasoning_effort: 'high', web_search: { max_uses: 5 } });
    expect(read.hub).not.toHaveProperty('user');
    expect(read.leftOut).toEqual(['context_management', 'metadata.user_id']);
    expect(read.nativeOnly).toBeUndefined();
    expect(readMessagesRequest({ ...base, tools: [{ type: 'web_search_20250305', name: 'web_search' }], tool_choice: { type: 'tool', name: 'web_search' } }).nativeOnly).toContain('web_search');
    expect(readMessagesRequest({ ...base, thinking: { type: 'disabled' }, output_config: { effort: 'low' } }).hub).not.toHaveProperty('reasoning_effort');
  });

  it('takes tools, tool choices and thinking modes newer than Tollgate, and leaves them out of a conversion by name', () => {
    const read = readMessagesRequest({ ...base, tools: [tool, { type: 'mcp_toolset', mcp_server_name: 'files' }], tool_choice: { type: 'auto_v2' }, thinking: { type: 'auto' } });
    expect(read.leftOut).toEqual(['tool:mcp_toolset', 'tool_choice', 'thinking']);
    expect(read.hub).not.toHaveProperty('thinking');
    expect(read.hub).not.toHaveProperty('tool_choice');
    expect(read.hub.tools).toHaveLength(1);
  });

  it('makes what only Anthropic serves native-only', () => {
    const url = { ...base, messages: [{ role: 'user', content: [{ type: 'document', source: { type: 'url', url: 'https://x/a.pdf' } }] }] };
    expect(readMessagesRequest(url).nativeOnly).toContain('document by url');
  });

  it.each([
    [{ ...base, model: undefined }, 'model'],
    [{ ...base, max_tokens: 0 }, 'max_tokens'],
    [{ ...base, messages: [] }, 'messages'],
    [{ ...base, messages: [{ role: 'user', content: [{ type: 'tool_result' }] }] }, 'messages.0.content.0.tool_use_id'],
    [{ ...base, system: [{ type: 'image' }] }, 'system.0'],
    [{ ...base, tools: [{ name: 'f' }] }, 'tools.0.input_schema'],
    [{ ...base, tool_choice: { type: 'tool' } }, 'tool_choice.name'],
    [{ ...base, thinking: { type: 'enabled' } }, 'thinking.budget_tokens'],
    [{ ...base, stop_sequences: 'END' }, 'stop_sequences'],
    [{ ...base, messages: [{ role: 'tool', content: 'hi' }] }, 'messages.0.role'],
    [{ ...base, output_config: { effort: 3 } }, 'output_config.effort'],
  ])('refuses %j naming %s', (body, field) => {
    expect(() => readMessagesRequest(body as never)).toThrow(InvalidRequest);
    try {
      readMessagesRequest(body as never);
    } catch (error) {
      expect((error as InvalidRequest).field).toBe(field);
    }
  });
});
