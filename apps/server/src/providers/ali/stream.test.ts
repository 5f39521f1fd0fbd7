import { describe, expect, it } from 'vitest';
import { firstChoices, parseStream } from '../../../test/parsed-stream.js';
import { dashScopeStreamParser } from './stream.js';

/** The frames of reference providers.md 8.4, byte for byte: no spaces after colons, a comment line, no [DONE]. */
const frame = (n: number, data: string) => `id:${n}\nevent:result\n:HTTP_STATUS/200\ndata:${data}\n\n`;
const choice = (content: string, finish: string) => `{"output":{"choices":[{"message":{"content":${JSON.stringify(content)},"role":"assistant"},"finish_reason":"${finish}"}]},`;
const usage = (output: number) => `"usage":{"total_tokens":${287 + output},"output_tokens":${output},"input_tokens":287},"request_id":"a1959ad1"}`;
const RECORDED = frame(1, choice('A single', 'null') + usage(3)) + frame(2, choice(' white pixel.', 'stop') + usage(9));
const CUMULATIVE = frame(1, choice('A single', 'null') + usage(3)) + frame(2, choice('A single white pixel.', 'stop') + usage(9));

function run(bytes: string, includeUsage: boolean, incremental = true) {
  const parser = dashScopeStreamParser({ model: 'qwen-max', created: 1700000000, includeUsage, incremental });
  return parseStream(parser, bytes);
}

describe('DashScope stream conversion', () => {
  it('turns the recorded frames into chunks, with the last cumulative usage and [DONE]', () => {
    const { events, forward, chunks } = run(RECORDED, true);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null },
      { index: 0, delta: { content: ' white pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks[0]).toMatchObject({ id: 'chatcmpl-a1959ad1', object: 'chat.completion.chunk', created: 1700000000, model: 'qwen-max' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 287, completion_tokens: 9, total_tokens: 296 } });
    expect(forward.filter((f) => f === '[DONE]')).toHaveLength(1);
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 287, completionTokens: 9, totalTokens: 296 });
  });

  it('diffs cumulative frames into deltas when incremental output is off', () => {
    const { chunks } = run(CUMULATIVE, false, false);
    expect(chunks.map((c) => ((c.choices as { delta: { content?: string } }[])[0]?.delta.content))).toEqual(['A single', ' white pixel.', undefined]);
  });

  it('forwards tool-call deltas and finishes with tool_calls', () => {
    const call = (delta: string) => `{"output":{"choices":[{"message":{"content":"","role":"assistant","tool_calls":[${delta}]},"finish_reason":"null"}]},"request_id":"r"}`;
    const bytes = frame(1, call('{"index":0,"id":"call_1","type":"function","function":{"name":"get_weather","arguments":"{\\"city\\":"}}')) + frame(2, call('{"index":0,"function":{"arguments":"\\"Paris\\"}"}}')) + frame(3, choice('', 'tool_calls') + usage(5));
    const { chunks } = run(bytes, false);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'get_weather', arguments: '{"city":' } }] }, finish_reason: null },
      { index: 0, delta: { content: '', tool_calls: [{ index: 0, function: { arguments: '"Paris"}' } }] }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
  });

  it('ends on an event:error frame with an OpenAI error chunk', () => {
    const bytes = frame(1, choice('A', 'null') + usage(1)) + 'id:2\nevent:error\n:HTTP_STATUS/400\ndata:{"code":"DataInspectionFailed","message":"Output data may contain inappropriate content.","request_id":"r"}\n\n';
    const { events, forward } = run(bytes, false);
    expect(JSON.parse(forward.at(-2) ?? '')).toEqual({ error: { message: 'Output data may contain inappropriate content.', type: 'invalid_request_error', code: 'content_filter' } });
    expect(events.filter((e) => e.done)).toHaveLength(1);
  });
});
