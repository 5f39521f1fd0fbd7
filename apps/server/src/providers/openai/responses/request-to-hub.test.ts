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
    [{ tools: [{ type: 'file_search', vector_store_ids: ['vs_1'] }] }, 'file_search'],
    [{ tools: [{ type: 'local_shell' }] }, 'local_shell'],
    [{ tool_choice: { type: 'web_search_preview' } }, 'web_search_preview'],
    [{ input: [{ type: 'item_reference', id: 'msg_1' }] }, 'msg_1'],
    [{ input: [{ role: 'user', content: [{ type: 'input_file', file_id: 'file-1' }] }] }, 'file-1'],
    [{ conversation: 'conv_1' }, 'conversation'],
  ])('makes what only OpenAI holds or runs nativeOnly, naming it (%j)', (fields, named) => {
    expect(readResponsesRequest({ model: 'm', input: 'hi', ...fields }).nativeOnly).toContain(named);
  });

  it('reads max_output_tokens as the reservation and the hub max_tokens', () => {
    expect(readResponsesRequest({ model: 'm', input: 'hi', max_output_tokens: 64 })).toMatchObject({ maxTokens: 64, hub: { max_tokens: 64 } });
  });
});
