import { describe, expect, it } from 'vitest';
import { canonicalRequest, canonicalRequestWithToolTurn } from '../../../test/canonical-request.js';
import { toSparkRequest } from './request.js';

const WEATHER_FUNCTION = { name: 'get_weather', description: 'Get current weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } };

describe('Spark request frame (reference providers.md 9.2)', () => {
  it('converts the canonical request for a chat service: text only (the adaptor sends requests with images to image understanding), functions, sampling', () => {
    expect(toSparkRequest({ ...canonicalRequest('Spark-Max'), user: 'user-123' }, 'APPID', 'generalv3.5')).toEqual({
      header: { app_id: 'APPID', uid: 'user-123' },
      parameter: { chat: { domain: 'generalv3.5', temperature: 0.7, max_tokens: 512 } },
      payload: {
        message: {
          text: [
            { role: 'system', content: 'You are a concise assistant.' },
            { role: 'user', content: 'What is in this image? Also get the weather in Paris.' },
          ],
        },
        functions: { text: [WEATHER_FUNCTION] },
      },
    });
  });

  it('sends no functions to Lite, nor when tool_choice is none', () => {
    expect(toSparkRequest(canonicalRequest('Spark-Lite'), 'A', 'lite').payload.functions).toBeUndefined();
    expect(toSparkRequest({ ...canonicalRequest('Spark-Max'), tool_choice: 'none' }, 'A', 'generalv3.5').payload.functions).toBeUndefined();
  });

  it('writes a tool turn out as text, since the frame has no place for calls and results', () => {
    const text = toSparkRequest(canonicalRequestWithToolTurn('Spark-Max'), 'A', 'generalv3.5').payload.message.text;
    expect(text.slice(2)).toEqual([
      { role: 'assistant', content: 'Function call: get_weather({"city":"Paris"})' },
      { role: 'user', content: 'Function result: {"temp_c":18,"sky":"clear"}' },
    ]);
  });

  it('clamps temperature to (0, 1] and top_k to 1..6, and reads the legacy functions list', () => {
    const frame = toSparkRequest({ messages: [{ role: 'user', content: 'hi' }], temperature: 0, top_k: 9, functions: [WEATHER_FUNCTION] }, 'A', '4.0Ultra');
    expect(frame.parameter.chat).toEqual({ domain: '4.0Ultra', temperature: 0.01, top_k: 6 });
    expect(frame.payload.functions).toEqual({ text: [WEATHER_FUNCTION] });
    expect(toSparkRequest({ messages: [], temperature: 2 }, 'A', 'lite').parameter.chat.temperature).toBe(1);
  });
});
