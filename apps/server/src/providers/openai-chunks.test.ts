import { describe, expect, it } from 'vitest';
import { chatChunk } from './openai-chunks.js';

/** The chunk as built from objects, which chatChunk's text must equal byte for byte. */
const asObjects = (head: { id: string; created: number; model: string }, delta: Record<string, unknown>, finishReason: string | null = null, index = 0, logprobs?: unknown) =>
  JSON.stringify({ id: head.id, object: 'chat.completion.chunk', created: head.created, model: head.model, choices: [{ index, delta, ...(logprobs ? { logprobs } : {}), finish_reason: finishReason }] });

describe('chatChunk', () => {
  const head = { id: 'msg_01 "quoted" \\ ü', created: 1_795_963_538, model: 'claude-sonnet-4-5\n' };
  it.each([
    ['a content delta', [{ content: 'Hello "there"\n' }]],
    ['the first delta', [{ role: 'assistant', content: '' }]],
    ['a tool call', [{ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'f', arguments: '{"a":1}' } }] }]],
    ['the finish of a second choice', [{}, 'stop', 1]],
    ['with log probabilities', [{ content: 'x' }, null, 0, { content: [{ token: 'x', logprob: -0.1 }] }]],
    ['with a delta member left undefined', [{ content: 'x', refusal: undefined }]],
  ] as const)('writes %s as JSON.stringify of the chunk does', (_name, args) => {
    const [delta, finishReason, index, logprobs] = args as unknown as [Record<string, unknown>, string | null | undefined, number | undefined, unknown];
    const text = chatChunk(head, delta, finishReason ?? null, index ?? 0, logprobs);
    expect(text).toBe(asObjects(head, delta, finishReason ?? null, index ?? 0, logprobs));
    expect(JSON.parse(text)).toMatchObject({ id: head.id, model: head.model });
  });

  it('writes a number that is not finite as null, as JSON does', () => {
    expect(chatChunk({ ...head, created: Number.NaN }, {})).toBe(asObjects({ ...head, created: Number.NaN }, {}));
  });
});
