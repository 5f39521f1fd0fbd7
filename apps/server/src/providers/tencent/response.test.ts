import { describe, expect, it } from 'vitest';
import type { StreamEvent } from '../adaptor.js';
import { toEmbeddingList, toEmbeddingRequest } from './embeddings.js';
import { toChatCompletion } from './response.js';
import { hunyuanStreamParser } from './stream.js';
import type { HunyuanAnswer } from './wire-types.js';

/** The non-stream answer of reference providers.md 11.4 (a tool call), unwrapped from `Response`. */
const TOOL_ANSWER = JSON.parse(
  '{"Response":{"RequestId":"r-1","Note":"以上内容为AI生成，不代表开发者立场，请勿删除或修改本标记","Id":"hy-1","Created":1717000000,"Choices":[{"FinishReason":"tool_calls","Message":{"Role":"assistant","Content":"","ToolCalls":[{"Id":"call_abc","Type":"function","Function":{"Name":"get_weather","Arguments":"{\\"city\\":\\"Paris\\"}"}}]}}],"Usage":{"PromptTokens":40,"CompletionTokens":12,"TotalTokens":52}}}',
) as { Response: HunyuanAnswer };

/** Stream events as the reference describes them: no wrapper, Delta, FinishReason "" until the end, Usage on each. */
const event = (content: string, finish: string, completion: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ Note: '…', Id: 'hy-2', Created: 1717000001, Choices: [{ Delta: { Role: 'assistant', Content: content, ...extra }, FinishReason: finish }], Usage: { PromptTokens: 40, CompletionTokens: completion, TotalTokens: 40 + completion } });

describe('Hunyuan answers as chat.completion (reference providers.md 11.4)', () => {
  it('converts the tool-call answer with its ids and usage', () => {
    expect(toChatCompletion(TOOL_ANSWER.Response, 'hunyuan-pro', 1)).toEqual({
      id: 'chatcmpl-hy-1',
      object: 'chat.completion',
      created: 1717000000,
      model: 'hunyuan-pro',
      choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [{ id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
      usage: { prompt_tokens: 40, completion_tokens: 12, total_tokens: 52 },
    });
  });

  it.each([
    ['stop', 'stop'],
    ['length', 'length'],
    ['sensitive', 'content_filter'],
    ['', 'stop'],
  ])('maps FinishReason %j to %s', (reason, expected) => {
    const answer = { Choices: [{ FinishReason: reason, Message: { Role: 'assistant', Content: 'x' } }] };
    expect(toChatCompletion(answer, 'm', 1).choices[0]).toMatchObject({ message: { content: 'x' }, finish_reason: expected });
  });

  it('converts embeddings both ways, in index order', () => {
    expect(toEmbeddingRequest({ input: 'a' })).toEqual({ InputList: ['a'] });
    const list = toEmbeddingList({ Data: [{ Embedding: [2], Index: 1 }, { Embedding: [1], Index: 0 }], Usage: { PromptTokens: 2, TotalTokens: 2 } }, 'hunyuan-embedding', 'float');
    expect(list).toEqual({ object: 'list', data: [{ object: 'embedding', index: 0, embedding: [1] }, { object: 'embedding', index: 1, embedding: [2] }], model: 'hunyuan-embedding', usage: { prompt_tokens: 2, total_tokens: 2 } });
  });
});

describe('Hunyuan stream as OpenAI chunks', () => {
  const run = (events: string[], includeUsage: boolean) => {
    const parser = hunyuanStreamParser({ model: 'hunyuan-lite', created: 1, includeUsage });
    const results: StreamEvent[] = events.map((data) => parser.event(data));
    const forwarded = results.flatMap((result) => result.forward);
    const chunks = forwarded.filter((data) => data !== '[DONE]').map((data) => JSON.parse(data) as Record<string, unknown>);
    return { parser, results, chunks, forwarded };
  };

  it('streams deltas, finishes on the first non-empty FinishReason with the last usage, and adds [DONE]', () => {
    const { results, chunks, forwarded } = run([event('A single', '', 2), event(' white pixel.', '', 5), event('', 'stop', 5)], true);
    expect(chunks.map((chunk) => chunk.choices)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: 'A single' }, finish_reason: null }],
      [{ index: 0, delta: { content: ' white pixel.' }, finish_reason: null }],
      [{ index: 0, delta: { content: '' }, finish_reason: 'stop' }],
      [],
    ]);
    expect(chunks[0]).toMatchObject({ id: 'chatcmpl-hy-2', object: 'chat.completion.chunk', model: 'hunyuan-lite' });
    expect(chunks.at(-1)?.usage).toEqual({ prompt_tokens: 40, completion_tokens: 5, total_tokens: 45 });
    expect(forwarded.at(-1)).toBe('[DONE]');
    expect(results.map((result) => result.text).join('')).toBe('A single white pixel.');
    expect(results.at(-1)).toMatchObject({ done: true, usage: { promptTokens: 40, completionTokens: 5, totalTokens: 45 } });
  });

  it('streams tool calls as tool_call deltas and finishes with tool_calls', () => {
    const calls = { ToolCalls: [{ Id: 'call_abc', Type: 'function', Index: 0, Function: { Name: 'get_weather', Arguments: '{"city":"Paris"}' } }] };
    const { chunks } = run([event('', 'tool_calls', 9, calls)], false);
    expect(chunks.map((chunk) => chunk.choices)).toEqual([
      [{ index: 0, delta: { role: 'assistant', content: '', tool_calls: [{ index: 0, id: 'call_abc', type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] }, finish_reason: 'tool_calls' }],
    ]);
  });

  it('ends with an error chunk on an Error event, and reports usage seen when cut short', () => {
    const failed = run([JSON.stringify({ Error: { Code: 'LimitExceeded', Message: 'too many' } })], false);
    expect(failed.chunks).toEqual([{ error: { message: 'too many (LimitExceeded)', type: 'rate_limit_error', code: 'rate_limit_exceeded' } }]);
    const cut = run([event('A', '', 1)], false);
    expect(cut.parser.end?.()).toEqual({ forward: [], text: '', usage: { promptTokens: 40, completionTokens: 1, totalTokens: 41 } });
  });
});
