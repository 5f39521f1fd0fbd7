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
  ])('refuses %j naming %s', (body, field) => {
    expect(() => readMessagesRequest(body as never)).toThrow(InvalidRequest);
    try {
      readMessagesRequest(body as never);
    } catch (error) {
      expect((error as InvalidRequest).field).toBe(field);
    }
  });
});
