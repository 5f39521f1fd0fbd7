import { describe, expect, it } from 'vitest';
import { PNG_1X1 as PNG, canonicalRequestWithToolTurn, weatherTool } from '../../../test/canonical-request.js';
import { callId } from './call-id.js';
import { searchLeftOut, toGeminiRequest } from './request.js';

/** The canonical request of reference providers.md 0.1, with its second turn. */
const canonical = canonicalRequestWithToolTurn('gemini-1.5-flash');

const SAFETY = ['HARASSMENT', 'HATE_SPEECH', 'SEXUALLY_EXPLICIT', 'DANGEROUS_CONTENT', 'CIVIC_INTEGRITY'].map((c) => ({ category: `HARM_CATEGORY_${c}`, threshold: 'BLOCK_NONE' }));

describe('Gemini request conversion', () => {
  it('converts the canonical request as reference 3.2 shows it', () => {
    expect(toGeminiRequest(canonical)).toEqual({
      systemInstruction: { parts: [{ text: 'You are a concise assistant.' }] },
      contents: [
        { role: 'user', parts: [{ text: 'What is in this image? Also get the weather in Paris.' }, { inlineData: { mimeType: 'image/png', data: PNG } }] },
        { role: 'model', parts: [{ functionCall: { name: 'get_weather', args: { city: 'Paris' } } }] },
        { role: 'user', parts: [{ functionResponse: { name: 'get_weather', response: { output: '{"temp_c":18,"sky":"clear"}' } } }] },
      ],
      tools: [
        {
          functionDeclarations: [
            { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'OBJECT', properties: { city: { type: 'STRING' } }, required: ['city'] } },
          ],
        },
      ],
      toolConfig: { functionCallingConfig: { mode: 'AUTO' } },
      generationConfig: { maxOutputTokens: 512, temperature: 0.7 },
      safetySettings: SAFETY,
    });
  });

  it('echoes a thought signature from extra_content.google back on the functionCall part', () => {
    const call = { id: 'call_1', type: 'function', function: { name: 'f', arguments: '{}' }, extra_content: { google: { thought_signature: 'EskgCsYg' } } };
    expect(toGeminiRequest({ messages: [{ role: 'assistant', content: null, tool_calls: [call] }] }).contents).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'EskgCsYg' }] },
    ]);
  });

  it.each([
    ['auto', { mode: 'AUTO' }],
    ['none', { mode: 'NONE' }],
    ['required', { mode: 'ANY' }],
    [{ type: 'function', function: { name: 'get_weather' } }, { mode: 'ANY', allowedFunctionNames: ['get_weather'] }],
  ])('maps tool_choice %o to %o', (choice, expected) => {
    expect(toGeminiRequest({ messages: [], tools: [weatherTool], tool_choice: choice }).toolConfig).toEqual({ functionCallingConfig: expected });
  });

  it('maps sampling, stop, n, JSON mode and a JSON schema into generationConfig', () => {
    const body = { messages: [], top_p: 0.9, n: 2, seed: 7, stop: 'END', max_completion_tokens: 64, response_format: { type: 'json_object' } };
    expect(toGeminiRequest(body).generationConfig).toEqual({ topP: 0.9, candidateCount: 2, seed: 7, stopSequences: ['END'], maxOutputTokens: 64, responseMimeType: 'application/json' });
    const schema = { $schema: 'x', type: 'object', additionalProperties: false, properties: { tags: { type: 'array', items: { type: ['string', 'null'] } } } };
    expect(toGeminiRequest({ messages: [], response_format: { type: 'json_schema', json_schema: { name: 's', schema } } }).generationConfig).toEqual({
      responseMimeType: 'application/json',
      responseSchema: { type: 'OBJECT', properties: { tags: { type: 'ARRAY', items: { type: 'STRING', nullable: true } } } },
    });
  });

  it('sends remote images as fileData, merges turns of one role, and leaves out empty parameter schemas', () => {
    const request = toGeminiRequest({
      messages: [
        { role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://img.example/cat.webp?x=1' } }] },
        { role: 'user', content: 'and this?' },
        { role: 'assistant', content: 'Sure.' },
      ],
      tools: [{ type: 'function', function: { name: 'now', parameters: { type: 'object', properties: {} } } }],
    });
    expect(request.contents).toEqual([
      { role: 'user', parts: [{ fileData: { mimeType: 'image/webp', fileUri: 'https://img.example/cat.webp?x=1' } }, { text: 'and this?' }] },
      { role: 'model', parts: [{ text: 'Sure.' }] },
    ]);
    expect(request.tools).toEqual([{ functionDeclarations: [{ name: 'now' }] }]);
    expect(request.systemInstruction).toBeUndefined();
  });

  it('reads a thought signature back from a call id that carries it (clients that return only the id)', () => {
    const call = { id: callId(undefined, 'EskgCsYg'), type: 'function', function: { name: 'f', arguments: '{}' } };
    const tool = { role: 'tool', tool_call_id: call.id, content: 'boom', is_error: true };
    expect(toGeminiRequest({ messages: [{ role: 'assistant', content: null, tool_calls: [call] }, tool] }).contents).toEqual([
      { role: 'model', parts: [{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'EskgCsYg' }] },
      { role: 'user', parts: [{ functionResponse: { name: 'f', response: { error: 'boom' } } }] },
    ]);
  });

  it.each([
    ['the hub thinking budget', { thinking: { type: 'enabled', budget_tokens: 2048 } }, 'gemini-2.5-pro', { thinkingBudget: 2048, includeThoughts: true }],
    ['thinking disabled', { thinking: { type: 'disabled' } }, 'gemini-2.5-flash', { thinkingBudget: 0 }],
    ['adaptive thinking', { thinking: { type: 'adaptive' } }, 'gemini-2.5-flash', { thinkingBudget: -1, includeThoughts: true }],
    ['an effort on Gemini 2.5', { reasoning_effort: 'medium' }, 'gemini-2.5-flash', { thinkingBudget: 8192, includeThoughts: true }],
    ['an effort on Gemini 3', { reasoning_effort: 'low' }, 'gemini-3-pro-preview', { thinkingLevel: 'LOW', includeThoughts: true }],
    ['a budget and an effort on Gemini 3: the budget alone', { thinking: { type: 'enabled', budget_tokens: 512 }, reasoning_effort: 'high' }, 'gemini-3-flash', { thinkingBudget: 512, includeThoughts: true }],
  ])('maps %s to thinkingConfig', (_name, fields, model, expected) => {
    expect(toGeminiRequest({ model, messages: [], ...fields }).generationConfig?.thinkingConfig).toEqual(expected);
  });

  it("grounds on Google Search for the hub's web search, unless function tools come with it (then it is left out, by name)", () => {
    expect(toGeminiRequest({ messages: [], web_search: {} }).tools).toEqual([{ googleSearch: {} }]);
    expect(searchLeftOut({ messages: [], web_search: {} })).toEqual([]);
    const withFunctions = { messages: [], web_search: {}, tools: [{ type: 'function', function: { name: 'f', parameters: { type: 'object', properties: { a: { type: 'string' } } } } }] };
    expect(toGeminiRequest(withFunctions).tools).toEqual([{ functionDeclarations: [expect.objectContaining({ name: 'f' })] }]);
    expect(searchLeftOut(withFunctions)).toEqual(['tool:web_search']);
  });

  it('passes the hub top_k on as topK', () => {
    expect(toGeminiRequest({ messages: [], top_k: 40 }).generationConfig).toEqual({ topK: 40 });
  });
});
