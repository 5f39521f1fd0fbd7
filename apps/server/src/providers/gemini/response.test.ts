import { describe, expect, it } from 'vitest';
import { signatureOfCallId } from './call-id.js';
import { toChatCompletion } from './response.js';
import type { GeminiResponse } from './wire-types.js';

/** Reference providers.md 3.3 (a real recording), with a text part added before the call. */
const recorded: GeminiResponse = {
  candidates: [
    {
      content: { parts: [{ text: 'Checking.' }, { functionCall: { name: 'weather', args: { location: 'San Francisco' } } }], role: 'model' },
      finishReason: 'STOP',
      index: 0,
    },
  ],
  usageMetadata: { promptTokenCount: 29, candidatesTokenCount: 15, totalTokenCount: 937, thoughtsTokenCount: 893 },
  modelVersion: 'gemini-3-pro-preview',
  responseId: 'm36LaZGyCLz1xs0PtNSB-QU',
};

describe('Gemini response conversion', () => {
  it('converts text and a function call into a chat.completion, thoughts billed as output', () => {
    expect(toChatCompletion(recorded, 'gemini-3-pro-preview', 1700000000)).toEqual({
      id: 'chatcmpl-m36LaZGyCLz1xs0PtNSB-QU',
      object: 'chat.completion',
      created: 1700000000,
      model: 'gemini-3-pro-preview',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content: 'Checking.', tool_calls: [{ id: expect.stringMatching(/^call_[0-9a-f]{24}$/), type: 'function', function: { name: 'weather', arguments: '{"location":"San Francisco"}' } }] },
          finish_reason: 'tool_calls',
        },
      ],
      usage: { prompt_tokens: 29, completion_tokens: 908, total_tokens: 937, completion_tokens_details: { reasoning_tokens: 893 } },
    });
  });

  it('carries a thought signature out in extra_content.google and inside the call id', () => {
    const signed = toChatCompletion({ candidates: [{ content: { parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'EskgCsYg' }] }, finishReason: 'STOP' }] }, 'm', 1);
    const call = signed.choices[0]?.message.tool_calls?.[0];
    expect(call).toMatchObject({ extra_content: { google: { thought_signature: 'EskgCsYg' } } });
    expect(signatureOfCallId(call?.id)).toBe('EskgCsYg');
  });

  it("keeps the call's own id when Gemini gave one", () => {
    const answer = toChatCompletion({ candidates: [{ content: { parts: [{ functionCall: { id: 'fc_7', name: 'f', args: {} } }] }, finishReason: 'STOP' }] }, 'm', 1);
    expect(answer.choices[0]?.message.tool_calls?.[0]?.id).toBe('fc_7');
  });

  it('joins text parts, keeps thought parts apart as reasoning_content and answers null content for a call alone', () => {
    const text = toChatCompletion({ candidates: [{ content: { parts: [{ text: 'plan', thought: true }, { text: 'A single ' }, { text: 'white pixel.' }] }, finishReason: 'STOP' }] }, 'm', 1);
    expect(text.choices[0]?.message).toEqual({ role: 'assistant', content: 'A single white pixel.', reasoning_content: 'plan' });
    expect(text.usage).toEqual({ prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 });
    const call = toChatCompletion({ candidates: [{ content: { parts: [recorded.candidates?.[0]?.content?.parts?.[1] ?? {}] }, finishReason: 'STOP' }] }, 'm', 1);
    expect(call.choices[0]?.message.content).toBeNull();
  });

  it.each([
    ['STOP', 'stop'],
    ['MAX_TOKENS', 'length'],
    ['SAFETY', 'content_filter'],
    ['RECITATION', 'content_filter'],
    ['OTHER', 'stop'],
  ])('maps finishReason %s to finish_reason %s', (reason, finish) => {
    expect(toChatCompletion({ candidates: [{ content: { parts: [{ text: 'x' }] }, finishReason: reason }] }, 'm', 1).choices[0]?.finish_reason).toBe(finish);
  });

  it('answers a blocked prompt (no candidates) as a content_filter refusal naming the reason', () => {
    const blocked = toChatCompletion({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' }, usageMetadata: { promptTokenCount: 9, totalTokenCount: 9 } }, 'm', 1);
    expect(blocked.choices).toEqual([{ index: 0, message: { role: 'assistant', content: null, refusal: expect.stringContaining('PROHIBITED_CONTENT') }, finish_reason: 'content_filter' }]);
    expect(blocked.usage.prompt_tokens).toBe(9);
  });
});
