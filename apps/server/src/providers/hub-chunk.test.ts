import { describe, expect, it } from 'vitest';
import { parseHubChunk } from './hub-chunk.js';

/** What the stream writers read of a chunk (HubChunk's fields), the rest left out. */
function asWritersRead(chunk: unknown): unknown {
  if (!chunk || typeof chunk !== 'object') return chunk;
  const { id, choices, error } = chunk as { id?: unknown; choices?: unknown; error?: unknown };
  const read = (choice: { index?: unknown; delta?: unknown; finish_reason?: unknown }) => ({ index: choice.index, delta: choice.delta, finish_reason: choice.finish_reason });
  return { id, error, choices: Array.isArray(choices) ? (choices as Parameters<typeof read>[0][]).map(read) : choices };
}

const parsed = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return undefined;
  }
};

const chunk = (choice: string, before = '"object":"chat.completion.chunk","created":1,"model":"gpt-4o-mini"', after = '') => `{"id":"chatcmpl-1",${before},"choices":[${choice}]${after}}`;
const text = (content: string, finish = 'null') => `{"index":0,"delta":{"content":"${content}"},"finish_reason":${finish}}`;

const PAYLOADS = [
  chunk(text('Hello')),
  chunk(text(' world, ünïcödé 😀 \u2028')),
  chunk(text('')),
  chunk(`{"index":0,"delta":{"content":"Hi"},"logprobs":null,"finish_reason":null}`, '"object":"chat.completion.chunk","created":1717000000,"model":"gpt-4o","system_fingerprint":"fp_1"'),
  chunk(text('x'), '"created":1.5e3,"object":"chat.completion.chunk","service_tier":null,"flag":true'),
  chunk(text('x'), '"object":"chat.completion.chunk"', ',"usage":null,"obfuscation":"abc"'),
  chunk(`{"index":2,"delta":{"content":"third choice"},"finish_reason":null}`),
  // What must be parsed: escapes, other deltas, finishes, objects, repeated keys, invalid JSON.
  chunk(text('a \\"quoted\\" word\\n')),
  chunk(text('done', '"stop"')),
  chunk(`{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}`),
  chunk(`{"index":0,"delta":{"reasoning_content":"hmm"},"finish_reason":null}`),
  chunk(`{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_1","function":{"name":"f","arguments":"{}"}}]},"finish_reason":null}`),
  chunk(text('x'), '"object":"chat.completion.chunk"', ',"usage":{"prompt_tokens":1}'),
  chunk(text('x'), '"object":"chat.completion.chunk"', ',"choices":null'),
  chunk(text('x'), '"object":"chat.completion.chunk"', ',"id":"other"'),
  chunk(text('x'), '"object":"chat.completion.chunk"', ',"error":"late"'),
  chunk(text('x'), '"created":01'),
  chunk(`{"index":01,"delta":{"content":"x"},"finish_reason":null}`),
  chunk(text('raw\ttab')),
  chunk(text('x'), '"object": "spaced"'),
  '{"error":{"message":"overloaded","type":"upstream_error"}}',
  'not json',
];

describe('a hub chunk as the stream writers read it', () => {
  it.each(PAYLOADS)('is what JSON.parse gives: %s', (payload) => {
    expect(asWritersRead(parseHubChunk(payload))).toEqual(asWritersRead(parsed(payload)));
  });
});

describe('a plain text chunk', () => {
  it('is read without parsing: only what the writers read is made', () => {
    expect(parseHubChunk(chunk(text('Hello')))).toEqual({ id: 'chatcmpl-1', choices: [{ index: 0, delta: { content: 'Hello' }, finish_reason: null }] });
  });
});
