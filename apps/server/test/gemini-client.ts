import { GoogleGenAI, Type, type Content, type FunctionDeclaration } from '@google/genai';
import type { RelayFixture } from './relay-fixture.js';

/** The official Google GenAI SDK (Gemini API mode) calling Tollgate with a Tollgate key; no retries. */
export const geminiClient = (f: RelayFixture, key: string) => new GoogleGenAI({ apiKey: `sk-${key}`, httpOptions: { baseUrl: f.url } });

/** The weather function of the provider tests, declared as Gemini clients declare it (Google's Schema). */
export const weatherDeclaration: FunctionDeclaration = {
  name: 'get_weather',
  description: 'Get current weather for a city',
  parameters: { type: Type.OBJECT, properties: { city: { type: Type.STRING } }, required: ['city'] },
};

/** The question, the model's call and the function's answer: the second turn of a function-calling round trip. */
export const weatherTurns = (call: { name?: string; args?: Record<string, unknown>; id?: string }): Content[] => [
  { role: 'user', parts: [{ text: 'Weather in Paris?' }] },
  { role: 'model', parts: [{ functionCall: call }] },
  { role: 'user', parts: [{ functionResponse: { name: call.name ?? '', ...(call.id ? { id: call.id } : {}), response: { output: '{"temp_c":18}' } } }] },
];

/** POSTs a Gemini method with the key in `x-goog-api-key`, as Gemini's REST samples do. */
export function postGemini(f: RelayFixture, key: string, path: string, body: unknown, init: RequestInit = {}) {
  return fetch(`${f.url}${path}`, { method: 'POST', ...init, headers: { 'x-goog-api-key': `sk-${key}`, 'content-type': 'application/json', ...(init.headers ?? {}) }, body: JSON.stringify(body) });
}
