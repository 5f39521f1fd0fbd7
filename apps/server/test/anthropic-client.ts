import Anthropic from '@anthropic-ai/sdk';
import type { RelayFixture } from './relay-fixture.js';

/** The official Anthropic SDK calling Tollgate with a Tollgate key in `x-api-key`; no retries. */
export const anthropicClient = (f: RelayFixture, key: string, options: { authToken?: boolean } = {}) =>
  new Anthropic(options.authToken ? { authToken: `sk-${key}`, apiKey: null, baseURL: f.url, maxRetries: 0 } : { apiKey: `sk-${key}`, authToken: null, baseURL: f.url, maxRetries: 0 });

/** The weather tool of the provider tests, as Anthropic clients declare it. */
export const weatherTool = {
  name: 'get_weather',
  description: 'Get current weather for a city',
  input_schema: { type: 'object' as const, properties: { city: { type: 'string' } }, required: ['city'] },
};

/** POSTs to /v1/messages (or below it) as curl would, for raw status, headers and bytes. */
export function postMessages(f: RelayFixture, key: string, body: unknown, init: { path?: string; headers?: Record<string, string>; signal?: AbortSignal } = {}) {
  return fetch(`${f.url}${init.path ?? '/v1/messages'}`, {
    method: 'POST',
    headers: { 'x-api-key': `sk-${key}`, 'anthropic-version': '2023-06-01', 'content-type': 'application/json', ...init.headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
    ...(init.signal ? { signal: init.signal } : {}),
  });
}

/** A raw SSE body as its events, in order: each `event:` name with its parsed data. */
export function sseEvents(body: string): { event: string; data: Record<string, unknown> }[] {
  return body
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? '';
      const data = /^data: (.*)$/m.exec(block)?.[1] ?? '{}';
      return { event, data: JSON.parse(data) as Record<string, unknown> };
    });
}
