import { describe, expect, it } from 'vitest';
import { hubStreamWriter } from './hub-stream-writer.js';
import { contentBlockDelta, contentBlockStop, MESSAGE_STOP, messageStart, sseEvent, textBlockStart } from './sse-event.js';

const context = { model: 'gpt-4o', requestId: 'req1', estimatedPromptTokens: () => 9, client: {} };
const chunk = (delta: Record<string, unknown>, finish: string | null = null) => JSON.stringify({ id: 'chatcmpl-1', choices: [{ index: 0, delta, finish_reason: finish }] });

/** The events a writer wrote, as [name, data] pairs. */
function events(text: string) {
  return text
    .split('\n\n')
    .filter(Boolean)
    .map((block) => {
      const [name, data] = block.split('\n');
      return [name?.slice('event: '.length), JSON.parse(data?.slice('data: '.length) ?? '{}') as Record<string, unknown>] as const;
    });
}

describe('the converted Anthropic stream', () => {
  it('opens a block per kind: thinking with its signature, redacted thinking, text, then each tool call', () => {
    const writer = hubStreamWriter(context);
    const out = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ reasoning_content: 'Hmm.' }),
      chunk({ thinking_signature: 'sig' }),
      chunk({ redacted_thinking: 'opaque' }),
      chunk({ content: 'Two calls.' }),
      chunk({ tool_calls: [{ index: 0, id: 'call_a', function: { name: 'a', arguments: '{"x"' } }] }),
      chunk({ tool_calls: [{ index: 0, function: { arguments: ':1}' } }] }),
      chunk({ tool_calls: [{ index: 1, id: 'call_b', function: { name: 'b', arguments: '{}' } }] }),
      chunk({}, 'tool_calls'),
      JSON.stringify({ id: 'chatcmpl-1', choices: [], usage: { prompt_tokens: 9, completion_tokens: 4 } }),
    ]
      .map((payload) => writer.chunk(payload))
      .join('');
    const written = events(out + writer.close({ promptTokens: 9, completionTokens: 4, cacheReadTokens: 2 }, true));
    expect(written.map(([name, data]) => `${name}${typeof data.index === 'number' ? data.index : ''}`)).toEqual([
      'message_start',
      'content_block_start0',
      'content_block_delta0',
      'content_block_delta0',
      'content_block_stop0',
      'content_block_start1',
      'content_block_stop1',
      'content_block_start2',
      'content_block_delta2',
      'content_block_stop2',
      'content_block_start3',
      'content_block_delta3',
      'content_block_delta3',
      'content_block_stop3',
      'content_block_start4',
      'content_block_delta4',
      'content_block_stop4',
      'message_delta',
      'message_stop',
    ]);
    expect(written[3]?.[1]).toMatchObject({ delta: { type: 'signature_delta', signature: 'sig' } });
    expect(written[5]?.[1]).toMatchObject({ content_block: { type: 'redacted_thinking', data: 'opaque' } });
    expect(written[10]?.[1]).toMatchObject({ content_block: { type: 'tool_use', id: 'call_a', name: 'a', input: {} } });
    expect(written[14]?.[1]).toMatchObject({ content_block: { type: 'tool_use', id: 'call_b', name: 'b' } });
    expect(written.at(-2)?.[1]).toEqual({ type: 'message_delta', delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { input_tokens: 7, cache_creation_input_tokens: 0, cache_read_input_tokens: 2, output_tokens: 4 } });
  });

  it('ends with the error event alone when the upstream fails mid-stream', () => {
    const writer = hubStreamWriter(context);
    const out = writer.chunk(chunk({ content: 'Hi' })) + writer.chunk(JSON.stringify({ error: { message: 'busy', type: 'server_error', code: 'overloaded' } }));
    const written = events(out + writer.close({ promptTokens: 9, completionTokens: 1 }, false));
    expect(written.map(([name]) => name)).toEqual(['message_start', 'content_block_start', 'content_block_delta', 'content_block_stop', 'error']);
    expect(written.at(-1)?.[1]).toEqual({ type: 'error', error: { type: 'overloaded_error', message: 'busy' } });
  });

  it('still writes a whole message when the upstream sent nothing', () => {
    const written = events(hubStreamWriter(context).close({ promptTokens: 9, completionTokens: 0 }, false));
    expect(written.map(([name]) => name)).toEqual(['message_start', 'message_delta', 'message_stop']);
    expect(written[0]?.[1]).toMatchObject({ message: { id: 'msg_req1', model: 'gpt-4o', usage: { input_tokens: 9 } } });
  });
});

describe('a content delta event written directly', () => {
  it('is byte for byte what the generic event writer makes of the same event', () => {
    for (const value of ['Hello', ' "quoted" \\ back', 'line\nbreak\ttab', '世界 👋', '\u2028\u0000', '{"city": "Par']) {
      for (const [kind, key] of [['text_delta', 'text'], ['thinking_delta', 'thinking'], ['input_json_delta', 'partial_json'], ['signature_delta', 'signature']] as const) {
        expect(contentBlockDelta(3, kind, key, value)).toBe(sseEvent({ type: 'content_block_delta', index: 3, delta: { type: kind, [key]: value } }));
      }
    }
  });
});

describe('the fixed events written directly', () => {
  it('are byte for byte what the generic event writer makes of the same events', () => {
    for (const index of [0, 7]) {
      expect(contentBlockStop(index)).toBe(sseEvent({ type: 'content_block_stop', index }));
      expect(textBlockStart(index)).toBe(sseEvent({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } }));
    }
    expect(MESSAGE_STOP).toBe(sseEvent({ type: 'message_stop' }));
    for (const [id, model, inputTokens] of [['msg_1', 'gpt-4o', 12], ['msg_"q"\\', 'qwen/qwen3 "max"\n世界', 0]] as const) {
      const usage = { input_tokens: inputTokens, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, output_tokens: 1 };
      const message = { id, type: 'message', role: 'assistant', model, content: [], stop_reason: null, stop_sequence: null, usage };
      expect(messageStart(id, model, inputTokens)).toBe(sseEvent({ type: 'message_start', message }));
    }
  });
});
