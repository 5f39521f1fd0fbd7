import { describe, expect, it } from 'vitest';
import { parseStream } from '../../../test/parsed-stream.js';
import { anthropicStreamParser } from './stream.js';

/** The stream bytes of reference providers.md 2.4 (a real recording), as the upstream sends them. */
const RECORDED = [
  ['message_start', '{"type":"message_start","message":{"model":"claude-sonnet-4-5-20250929","id":"msg_01QC4g3HwBThD4BaNtBckFDJ","type":"message","role":"assistant","content":[],"stop_reason":null,"stop_sequence":null,"usage":{"input_tokens":412,"cache_creation_input_tokens":0,"cache_read_input_tokens":0,"output_tokens":1}}}'],
  ['content_block_start', '{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}'],
  ['ping', '{"type": "ping"}'],
  ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"A single white pixel."}}'],
  ['content_block_stop', '{"type":"content_block_stop","index":0}'],
  ['content_block_start', '{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_01KFbKqPYSuAKujiL6mTfzYA","name":"get_weather","input":{}}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":""}}'],
  ['content_block_delta', '{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\\"city\\": \\"Paris\\"}"}}'],
  ['content_block_stop', '{"type":"content_block_stop","index":1}'],
  ['message_delta', '{"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":null},"usage":{"output_tokens":47}}'],
  ['message_stop', '{"type":"message_stop"}'],
]
  .map(([event, data]) => `event: ${event}\ndata: ${data}\n\n`)
  .join('');

function run(bytes: string, includeUsage: boolean) {
  const parser = anthropicStreamParser({ model: 'requested-model', created: 1700000000, includeUsage });
  return parseStream(parser, bytes);
}

describe('Anthropic stream conversion', () => {
  it('turns the recorded text and tool_use events into OpenAI chunks with usage', () => {
    const { events, forward, chunks } = run(RECORDED, true);
    const deltas = chunks.map((c) => (c.choices as { delta: unknown; finish_reason: unknown }[])[0]);
    expect(deltas).toEqual([
      { index: 0, delta: { role: 'assistant', content: '' }, finish_reason: null },
      { index: 0, delta: { content: 'A single white pixel.' }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, id: 'toolu_01KFbKqPYSuAKujiL6mTfzYA', type: 'function', function: { name: 'get_weather', arguments: '' } }] }, finish_reason: null },
      { index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: '{"city": "Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
      undefined,
    ]);
    expect(chunks[0]).toMatchObject({ id: 'msg_01QC4g3HwBThD4BaNtBckFDJ', object: 'chat.completion.chunk', created: 1700000000, model: 'claude-sonnet-4-5-20250929' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 412, completion_tokens: 47, total_tokens: 459 } });
    expect(forward.at(-1)).toBe('[DONE]');
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.{"city": "Paris"}');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 412, completionTokens: 47, totalTokens: 459 });
  });

  it("does not take a web search's query for a client tool call", () => {
    const events = [
      ['message_start', '{"type":"message_start","message":{"id":"msg_s","model":"claude-sonnet-4-6","usage":{"input_tokens":20,"output_tokens":1}}}'],
      ['content_block_start', '{"type":"content_block_start","index":0,"content_block":{"type":"server_tool_use","id":"srvtoolu_1","name":"web_search","input":{}}}'],
      ['content_block_delta', '{"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\\"query\\": \\"news\\"}"}}'],
      ['content_block_stop', '{"type":"content_block_stop","index":0}'],
      ['content_block_start', '{"type":"content_block_start","index":1,"content_block":{"type":"web_search_tool_result","tool_use_id":"srvtoolu_1","content":[]}}'],
      ['content_block_stop', '{"type":"content_block_stop","index":1}'],
      ['content_block_start', '{"type":"content_block_start","index":2,"content_block":{"type":"text","text":""}}'],
      ['content_block_delta', '{"type":"content_block_delta","index":2,"delta":{"type":"text_delta","text":"The news."}}'],
      ['message_delta', '{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":9}}'],
      ['message_stop', '{"type":"message_stop"}'],
    ]
      .map(([event, data]) => `event: ${event}\ndata: ${data}\n\n`)
      .join('');
    const { chunks } = run(events, false);
    expect(JSON.stringify(chunks)).not.toContain('tool_calls');
    expect(chunks.map((chunk) => (chunk.choices as { delta: { content?: string } }[])[0]?.delta.content ?? '').join('')).toBe('The news.');
  });

  it('reports usage to the relay without a usage chunk when the client did not ask for one', () => {
    const { events, chunks } = run(RECORDED, false);
    expect(chunks.every((c) => (c.choices as unknown[]).length === 1)).toBe(true);
    expect(events.find((e) => e.done)?.usage?.completionTokens).toBe(47);
  });

  it('maps max_tokens to length and lets the later input count of message_delta win', () => {
    const bytes = RECORDED.replace('"stop_reason":"tool_use","stop_sequence":null},"usage":{', '"stop_reason":"max_tokens","stop_sequence":null},"usage":{"input_tokens":500,');
    const { chunks } = run(bytes, true);
    expect(chunks.at(-2)).toMatchObject({ choices: [{ finish_reason: 'length' }] });
    expect(chunks.at(-1)).toMatchObject({ usage: { prompt_tokens: 500, completion_tokens: 47 } });
  });

  it('forwards a mid-stream error as an OpenAI error chunk and ends the stream', () => {
    const cut = RECORDED.slice(0, RECORDED.indexOf('event: content_block_stop'));
    const bytes = `${cut}event: error\ndata: {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}\n\n${RECORDED}`;
    const { events, forward } = run(bytes, false);
    expect(JSON.parse(forward.at(-1) ?? '')).toEqual({ error: { message: 'Overloaded', type: 'server_error', code: 'overloaded' } });
    expect(events.filter((e) => e.done)).toHaveLength(1);
  });

  it('still reports usage when the upstream breaks off before message_stop', () => {
    const { events, forward } = run(RECORDED.slice(0, RECORDED.indexOf('event: message_stop')), false);
    expect(forward).not.toContain('[DONE]');
    expect(events.at(-1)).toMatchObject({ done: false, usage: { promptTokens: 412, completionTokens: 47 } });
  });
});
