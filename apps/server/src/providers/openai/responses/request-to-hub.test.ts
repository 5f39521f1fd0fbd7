import { describe, expect, it } from 'vitest';
import { readResponsesRequest } from './request-to-hub.js';

describe('readResponsesRequest', () => {
  it("carries a reasoning item's summary to the assistant turn it precedes, and drops its encrypted content", () => {
    const { hub, nativeOnly } = readResponsesRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'hi' },
        { type: 'reasoning', summary: [{ type: 'summary_text', text: 'Think.' }], encrypted_content: 'opaque' },
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: 'Let me check.' }] },
        { type: 'function_call', call_id: 'c1', name: 'f', arguments: '{}' },
        { type: 'function_call', call_id: 'c2', name: 'g', arguments: '{"a":1}' },
        { type: 'function_call_output', call_id: 'c1', output: [{ type: 'input_text', text: 'one' }] },
        { type: 'function_call_output', call_id: 'c2', output: 'two' },
      ],
    });
    expect(nativeOnly).toBeUndefined();
    expect(hub.messages).toEqual([
      { role: 'user', content: 'hi' },
      {
        role: 'assistant',
        content: 'Let me check.',
        reasoning_content: 'Think.',
        tool_calls: [
          { id: 'c1', type: 'function', function: { name: 'f', arguments: '{}' } },
          { id: 'c2', type: 'function', function: { name: 'g', arguments: '{"a":1}' } },
        ],
      },
      { role: 'tool', tool_call_id: 'c1', content: 'one' },
      { role: 'tool', tool_call_id: 'c2', content: 'two' },
    ]);
    expect(JSON.stringify(hub)).not.toContain('opaque');
  });

  it.each([
    [{ tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }], tool_choice: 'required' }, 'forces a tool'],
    [{ tool_choice: { type: 'web_search_preview' } }, 'web_search_preview'],
    [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, 'msg_1'],
    [{ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] }, 'file-1'],
    [{ conversation: 'conv_1' }, 'conversation'],
  ])('makes what only OpenAI holds or runs nativeOnly, naming it (%j)', (fields, named) => {
    expect(readResponsesRequest({ model: 'm', input: 'hi', ...fields }).nativeOnly).toContain(named);
  });

  it("carries web search as the hub's, and leaves out the other built-in tools it is offered and the fields only OpenAI reads, naming them", () => {
    const read = readResponsesRequest({
      model: 'm',
      input: [{ role: 'user', content: 'hi' }, { type: 'web_search_call', id: 'ws_1', status: 'completed' }],
      tools: [{ type: 'web_search', external_web_access: true }, { type: 'local_shell' }, { type: 'function', name: 'f', parameters: {} }],
      store: false,
      include: ['reasoning.encrypted_content'],
      prompt_cache_key: 'k',
      client_metadata: { a: 'b' },
    });
    expect(read.nativeOnly).toBeUndefined();
    expect(read.leftOut).toEqual(['prompt_cache_key', 'client_metadata', 'input[1] (web_search_call)', 'tool:local_shell']);
    expect(read.hub.web_search).toEqual({});
    expect(read.hub.tools).toEqual([{ type: 'function', function: { name: 'f', parameters: {} } }]);
  });

  it("offers a namespace's tools as functions named <namespace>__<name>, and names its calls in the history so", () => {
    const { hub, leftOut } = readResponsesRequest({
      model: 'm',
      input: [
        { role: 'user', content: 'spawn one' },
        { type: 'function_call', call_id: 'c1', namespace: 'multi_agent_v1', name: 'spawn_agent', arguments: '{}' },
        { type: 'function_call_output', call_id: 'c1', output: 'ok' },
      ],
      tools: [{ type: 'namespace', name: 'multi_agent_v1', description: 'Sub-agents', tools: [{ type: 'function', name: 'spawn_agent', parameters: { type: 'object' } }, { type: 'custom', name: 'note' }] }],
      tool_choice: { type: 'function', namespace: 'multi_agent_v1', name: 'spawn_agent' },
    });
    expect(leftOut).toBeUndefined();
    expect((hub.tools as { function: { name: string } }[]).map((tool) => tool.function.name)).toEqual(['multi_agent_v1__spawn_agent', 'multi_agent_v1__note']);
    expect(hub.tool_choice).toEqual({ type: 'function', function: { name: 'multi_agent_v1__spawn_agent' } });
    expect((hub.messages as { tool_calls?: { function: { name: string } }[] }[])[1]?.tool_calls?.[0]?.function.name).toBe('multi_agent_v1__spawn_agent');
  });

  it('reads max_output_tokens as the reservation and the hub max_tokens', () => {
    expect(readResponsesRequest({ model: 'm', input: 'hi', max_output_tokens: 64 })).toMatchObject({ maxTokens: 64, hub: { max_tokens: 64 } });
  });
});
