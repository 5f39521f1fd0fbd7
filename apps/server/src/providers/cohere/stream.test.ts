import { describe, expect, it } from 'vitest';
import { firstChoices, parseStream } from '../../../test/parsed-stream.js';
import { cohereStreamParser } from './stream.js';

/** The NDJSON stream of reference providers.md 12.1, as the upstream sends it. */
const RECORDED = [
  '{"is_finished":false,"event_type":"stream-start","generation_id":"6f3e"}',
  '{"is_finished":false,"event_type":"text-generation","text":"A single"}',
  '{"is_finished":false,"event_type":"text-generation","text":" white pixel."}',
  '{"is_finished":true,"event_type":"stream-end","finish_reason":"COMPLETE","response":{"response_id":"r","text":"A single white pixel.","generation_id":"6f3e","finish_reason":"COMPLETE","meta":{"billed_units":{"input_tokens":12,"output_tokens":4},"tokens":{"input_tokens":507,"output_tokens":5}}}}',
];
const TOOL_CALLS = '{"is_finished":false,"event_type":"tool-calls-generation","text":"I will look up the weather.","tool_calls":[{"name":"get_weather","parameters":{"city":"Paris"}}]}';
const ndjson = (lines: string[]) => lines.map((line) => `${line}\n`).join('');

function run(bytes: string, includeUsage: boolean) {
  const parser = cohereStreamParser({ model: 'command-r', created: 1700000000, includeUsage });
  return parseStream(parser, bytes);
}

describe('Cohere stream conversion', () => {
  it('turns the recorded NDJSON events into OpenAI chunks with billed usage and [DONE]', () => {
    const { events, forward, chunks } = run(ndjson(RECORDED), true);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(new Set(chunks.map((c) => c.id))).toEqual(new Set(['chatcmpl-6f3e']));
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', created: 1700000000, model: 'command-r' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 12, completion_tokens: 4, total_tokens: 16 } });
    expect(forward.at(-1)).toBe('[DONE]');
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 12, completionTokens: 4, totalTokens: 16 });
  });

  it('sends whole tool calls as one tool_call delta and finishes with tool_calls, without usage unasked', () => {
    const { chunks } = run(ndjson([RECORDED[0] ?? '', TOOL_CALLS, RECORDED[3] ?? '']), false);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
  });

  it('ignores search and citation events and anything after stream-end', () => {
    const extra = ['{"event_type":"search-queries-generation","search_queries":[{"text":"paris weather"}]}', '{"event_type":"citation-generation","citations":[]}'];
    const { events } = run(ndjson([RECORDED[0] ?? '', ...extra, RECORDED[1] ?? '', RECORDED[3] ?? '', RECORDED[2] ?? '']), false);
    expect(events.map((e) => e.text).join('')).toBe('A single');
    expect(events.filter((e) => e.done)).toHaveLength(1);
  });
});
