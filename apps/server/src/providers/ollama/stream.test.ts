import { describe, expect, it } from 'vitest';
import { firstChoices, parseStream } from '../../../test/parsed-stream.js';
import { ollamaStreamParser } from './stream.js';

/** The NDJSON stream of reference providers.md 16 (Ollama's docs), as the upstream sends it. */
const RECORDED = [
  '{"model":"llama3.2","created_at":"2023-08-04T08:52:19.385406455-07:00","message":{"role":"assistant","content":"A single"},"done":false}',
  '{"model":"llama3.2","created_at":"2023-08-04T08:52:19.4Z","message":{"role":"assistant","content":" white pixel."},"done":false}',
  '{"model":"llama3.2","created_at":"2023-08-04T19:22:45.499127Z","message":{"role":"assistant","content":""},"done_reason":"stop","done":true,"total_duration":4883583458,"load_duration":1334875,"prompt_eval_count":26,"prompt_eval_duration":342546000,"eval_count":282,"eval_duration":4535599000}',
];
const TOOL_CALL = '{"model":"llama3.2","message":{"role":"assistant","content":"","tool_calls":[{"function":{"name":"get_weather","arguments":{"city":"Paris"}}}]},"done":false}';
const ndjson = (lines: string[]) => lines.map((line) => `${line}\n`).join('');

function run(bytes: string, includeUsage: boolean) {
  const parser = ollamaStreamParser({ model: 'llama3.2', created: 1700000000, includeUsage });
  return parseStream(parser, bytes);
}

describe('Ollama stream conversion', () => {
  it('turns the recorded NDJSON lines into OpenAI chunks with usage and [DONE]', () => {
    const { events, forward, chunks } = run(ndjson(RECORDED), true);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks[0]).toMatchObject({ object: 'chat.completion.chunk', created: 1700000000, model: 'llama3.2' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 26, completion_tokens: 282, total_tokens: 308 } });
    expect(forward.at(-1)).toBe('[DONE]');
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 26, completionTokens: 282, totalTokens: 308 });
  });

  it('sends a tool call as one complete tool_call delta and finishes with tool_calls', () => {
    const { chunks } = run(ndjson([TOOL_CALL, RECORDED[2] ?? '']), false);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
  });

  it('forwards a mid-stream {"error"} line as an OpenAI error chunk and ends the stream', () => {
    const { events, forward } = run(ndjson([RECORDED[0] ?? '', '{"error":"an error was encountered while running the model"}', RECORDED[2] ?? '']), false);
    expect(JSON.parse(forward.at(-1) ?? '')).toEqual({ error: { message: 'an error was encountered while running the model', type: 'server_error', code: 'server_error' } });
    expect(events.filter((e) => e.done)).toHaveLength(1);
  });
});
