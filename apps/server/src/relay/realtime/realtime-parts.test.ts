import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { RoutableChannel } from '../routing/routable-channel.js';
import { isRealtimeHandshake, readRealtimeRequest } from './realtime-request.js';
import { realtimeTarget } from './realtime-target.js';
import { realtimeUsage, responseDoneUsage } from './realtime-usage.js';

const handshake = (url: string, headers: Record<string, string> = {}, method = 'GET') =>
  ({ method, url, headers: { upgrade: 'websocket', 'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==', 'sec-websocket-version': '13', ...headers } }) as unknown as IncomingMessage;

const channel = (fields: Partial<RoutableChannel>): RoutableChannel => ({
  id: 1,
  type: 1,
  name: '',
  key: 'sk-upstream',
  status: 1,
  baseUrl: '',
  other: '',
  config: {},
  modelMapping: {},
  systemPrompt: '',
  priority: 0,
  weight: 0,
  groups: ['default'],
  models: [],
  nativeProtocols: [],
  ...fields,
});

describe('Realtime usage', () => {
  it('prices uncached audio as audio and every cached token at the cache ratio', () => {
    const usage = realtimeUsage({
      input_tokens: 300,
      output_tokens: 80,
      input_token_details: { text_tokens: 100, audio_tokens: 200, cached_tokens: 150, cached_tokens_details: { text_tokens: 50, audio_tokens: 100 } },
      output_token_details: { text_tokens: 20, audio_tokens: 60 },
    });
    expect(usage).toEqual({ promptTokens: 300, completionTokens: 80, cacheReadTokens: 150, audioInputTokens: 100, audioOutputTokens: 60 });
  });

  it('reads missing or malformed counts as 0', () => {
    expect(realtimeUsage(undefined)).toEqual({ promptTokens: 0, completionTokens: 0 });
    expect(realtimeUsage({ input_tokens: -5, output_tokens: '7', input_token_details: { cached_tokens: 1.5 } })).toEqual({ promptTokens: 0, completionTokens: 0 });
  });

  it('finds response.done only as the event’s own type', () => {
    const done = Buffer.from(JSON.stringify({ type: 'response.done', response: { usage: { input_tokens: 3, output_tokens: 4 } } }));
    expect(responseDoneUsage(done)).toEqual({ promptTokens: 3, completionTokens: 4 });
    expect(responseDoneUsage(Buffer.from(JSON.stringify({ type: 'response.text.delta', delta: 'say "response.done"' })))).toBeUndefined();
    expect(responseDoneUsage(Buffer.from(JSON.stringify({ type: 'conversation.item.created', item: { type: 'response.done' } })))).toBeUndefined();
    expect(responseDoneUsage(Buffer.from('{"type":"response.done", broken'))).toBeUndefined();
  });
});

describe('Realtime handshake', () => {
  it('takes GET /v1/realtime WebSocket upgrades only', () => {
    expect(isRealtimeHandshake(handshake('/v1/realtime?model=m'))).toBe(true);
    expect(isRealtimeHandshake(handshake('/v1/realtime/?model=m'))).toBe(true);
    expect(isRealtimeHandshake(handshake('/v1/realtime?model=m', {}, 'POST'))).toBe(false);
    expect(isRealtimeHandshake(handshake('/v1/chat/completions'))).toBe(false);
    expect(isRealtimeHandshake(handshake('/v1/realtime', { upgrade: 'h2c' }))).toBe(false);
  });

  it('reads the key and OpenAI-Beta from the browser subprotocols, the header first', () => {
    const browser = readRealtimeRequest(handshake('/v1/realtime?model=gpt-realtime', { 'sec-websocket-protocol': 'realtime, openai-insecure-api-key.sk-abc, openai-beta.realtime-v1' }));
    expect(browser).toMatchObject({ model: 'gpt-realtime', credential: 'Bearer sk-abc', beta: 'realtime=v1', protocols: ['realtime', 'openai-insecure-api-key.sk-abc', 'openai-beta.realtime-v1'] });
    const header = readRealtimeRequest(handshake('/v1/realtime?deployment=gpt-realtime', { authorization: 'Bearer sk-def', 'openai-beta': 'realtime=v1' }));
    expect(header).toMatchObject({ model: 'gpt-realtime', credential: 'Bearer sk-def', beta: 'realtime=v1' });
  });

  it('refuses a missing or malformed model and a malformed handshake with a 400 naming the field', () => {
    const refusal = (url: string, headers: Record<string, string> = {}) => {
      try {
        readRealtimeRequest(handshake(url, headers));
      } catch (error) {
        return error as { status: number; param: string };
      }
      throw new Error('accepted');
    };
    expect(refusal('/v1/realtime')).toMatchObject({ status: 400, param: 'model' });
    expect(refusal('/v1/realtime?model=%20')).toMatchObject({ status: 400, param: 'model' });
    expect(refusal('/v1/realtime?model=a%00b')).toMatchObject({ status: 400, param: 'model' });
    expect(refusal(`/v1/realtime?model=${'x'.repeat(257)}`)).toMatchObject({ status: 400, param: 'model' });
    expect(refusal('/v1/realtime?model=m', { 'sec-websocket-key': 'short' })).toMatchObject({ status: 400, param: 'Sec-WebSocket-Key' });
    expect(refusal('/v1/realtime?model=m', { 'sec-websocket-version': '7' })).toMatchObject({ status: 400, param: 'Sec-WebSocket-Version' });
  });
});

describe('Realtime upstream URL', () => {
  it('opens OpenAI at wss://api.openai.com/v1/realtime with the channel key', () => {
    expect(realtimeTarget(channel({}), 'gpt-realtime', undefined)).toEqual({ url: 'wss://api.openai.com/v1/realtime?model=gpt-realtime', headers: { authorization: 'Bearer sk-upstream' } });
    expect(realtimeTarget(channel({ type: 8, baseUrl: 'http://local:8000/' }), 'my model', 'realtime=v1')).toEqual({
      url: 'ws://local:8000/v1/realtime?model=my%20model',
      headers: { authorization: 'Bearer sk-upstream', 'openai-beta': 'realtime=v1' },
    });
  });

  it('opens Azure at /openai/realtime with its API version, the deployment without dots, and api-key', () => {
    const azure = channel({ type: 3, baseUrl: 'https://res.openai.azure.com', key: 'az-key' });
    expect(realtimeTarget(azure, 'gpt-4o-realtime-preview', undefined)).toEqual({
      url: 'wss://res.openai.azure.com/openai/realtime?api-version=2024-10-01-preview&deployment=gpt-4o-realtime-preview',
      headers: { 'api-key': 'az-key' },
    });
    expect(realtimeTarget({ ...azure, config: { api_version: '2025-04-01-preview' } }, 'gpt-4.1-rt', undefined).url).toBe(
      'wss://res.openai.azure.com/openai/realtime?api-version=2025-04-01-preview&deployment=gpt-41-rt',
    );
  });
});
