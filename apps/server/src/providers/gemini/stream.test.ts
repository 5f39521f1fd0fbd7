import { describe, expect, it } from 'vitest';
import { firstChoices, parseStream } from '../../../test/parsed-stream.js';
import { geminiStreamParser } from './stream.js';

/** The stream bytes of reference providers.md 3.4 (a curl capture of the real API), with \r\n\r\n separators. */
const RECORDED = [
  '{"candidates": [{"content": {"parts": [{"text": "A single white"}],"role": "model"},"index": 0}],"usageMetadata": {"promptTokenCount": 271,"candidatesTokenCount": 3,"totalTokenCount": 274,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 13},{"modality": "IMAGE","tokenCount": 258}]},"modelVersion": "gemini-2.5-flash","responseId": "AdVRaMmDCYekqtsPrb_-iAw"}',
  '{"candidates": [{"content": {"parts": [{"text": " pixel."}],"role": "model"},"finishReason": "STOP","index": 0}],"usageMetadata": {"promptTokenCount": 271,"candidatesTokenCount": 6,"totalTokenCount": 277,"promptTokensDetails": [{"modality": "TEXT","tokenCount": 13},{"modality": "IMAGE","tokenCount": 258}]},"modelVersion": "gemini-2.5-flash","responseId": "AdVRaMmDCYekqtsPrb_-iAw"}',
];
const sse = (payloads: string[]) => payloads.map((data) => `data: ${data}\r\n\r\n`).join('');

/** A function call arrives whole in one event (reference 3.4), here after a text delta. */
const TOOL_CALL = [
  '{"candidates":[{"content":{"parts":[{"text":"Checking."}],"role":"model"},"index":0}],"responseId":"r2"}',
  '{"candidates":[{"content":{"parts":[{"functionCall":{"name":"get_weather","args":{"city":"Paris"}}}],"role":"model"},"finishReason":"STOP","index":0}],"usageMetadata":{"promptTokenCount":20,"candidatesTokenCount":5,"totalTokenCount":25},"responseId":"r2"}',
];

function run(bytes: string, includeUsage: boolean) {
  const parser = geminiStreamParser({ model: 'gemini-2.5-flash', created: 1700000000, includeUsage });
  return parseStream(parser, bytes);
}

describe('Gemini stream conversion', () => {
  it('turns the recorded events into OpenAI chunks, closes with usage and [DONE]', () => {
    const { events, forward, chunks } = run(sse(RECORDED), true);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'A single white' }, finish_reason: null },
      { index: 0, delta: { content: ' pixel.' }, finish_reason: null },
      { index: 0, delta: {}, finish_reason: 'stop' },
      undefined,
    ]);
    expect(chunks[0]).toMatchObject({ id: 'chatcmpl-AdVRaMmDCYekqtsPrb_-iAw', object: 'chat.completion.chunk', created: 1700000000, model: 'gemini-2.5-flash' });
    expect(chunks.at(-1)).toMatchObject({ choices: [], usage: { prompt_tokens: 271, completion_tokens: 6, total_tokens: 277 } });
    expect(forward.at(-1)).toBe('[DONE]');
    expect(events.map((e) => e.text).join('')).toBe('A single white pixel.');
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 271, completionTokens: 6, totalTokens: 277 });
  });

  it('sends a function call as one complete tool_call delta and finishes with tool_calls', () => {
    const { chunks, events } = run(sse(TOOL_CALL), false);
    expect(firstChoices(chunks)).toEqual([
      { index: 0, delta: { role: 'assistant', content: 'Checking.' }, finish_reason: null },
      {
        index: 0,
        delta: { content: '', tool_calls: [{ index: 0, id: expect.stringMatching(/^call_/), type: 'function', function: { name: 'get_weather', arguments: '{"city":"Paris"}' } }] },
        finish_reason: null,
      },
      { index: 0, delta: {}, finish_reason: 'tool_calls' },
    ]);
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 20, completionTokens: 5, totalTokens: 25 });
  });

  it('maps MAX_TOKENS to length and reports no usage when the upstream gave none', () => {
    const { chunks, events } = run(sse(['{"candidates":[{"content":{"parts":[{"text":"cut"}]},"finishReason":"MAX_TOKENS"}]}']), false);
    expect(chunks.at(-1)).toMatchObject({ choices: [{ finish_reason: 'length' }] });
    expect(events.find((e) => e.done)?.usage).toBeUndefined();
  });

  it('forwards a mid-stream Google error as an OpenAI error chunk and ends the stream', () => {
    const error = '{"error":{"code":503,"message":"The model is overloaded.","status":"UNAVAILABLE"}}';
    const { events, forward } = run(sse([RECORDED[0] ?? '', error, RECORDED[1] ?? '']), false);
    expect(JSON.parse(forward.at(-1) ?? '')).toEqual({ error: { message: 'The model is overloaded.', type: 'server_error', code: 'overloaded' } });
    expect(events.filter((e) => e.done)).toHaveLength(1);
    expect(events.find((e) => e.done)?.usage).toEqual({ promptTokens: 271, completionTokens: 3, totalTokens: 274 });
  });

  it('sends thought parts as reasoning_content deltas and counts them as generated text', () => {
    const thinking = '{"candidates":[{"content":{"parts":[{"text":"Hmm.","thought":true},{"text":"Hi"}],"role":"model"},"finishReason":"STOP","index":0}],"responseId":"r3"}';
    const { chunks, events } = run(sse([thinking]), false);
    expect((chunks[0]?.choices as unknown[])[0]).toEqual({ index: 0, delta: { role: 'assistant', content: 'Hi', reasoning_content: 'Hmm.' }, finish_reason: null });
    expect(events.map((e) => e.text).join('')).toBe('Hmm.Hi');
  });
});
