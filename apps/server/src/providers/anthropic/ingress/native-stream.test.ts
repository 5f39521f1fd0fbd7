import { describe, expect, it } from 'vitest';
import { nativeStream } from './native-stream.js';

/**
 * An Anthropic stream passed through: its bytes go on unchanged, and the relay reads what it bills from
 * them (usage, the end, the text of the deltas for a stream cut short), content deltas without parsing
 * them when their text is plain.
 */
const event = (data: Record<string, unknown>) => `event: ${String(data.type)}\ndata: ${JSON.stringify(data)}\n\n`;
const delta = (kind: string, key: string, value: string) => event({ type: 'content_block_delta', index: 0, delta: { type: kind, [key]: value } });
const start = event({ type: 'message_start', message: { id: 'msg', type: 'message', role: 'assistant', content: [], usage: { input_tokens: 12, cache_read_input_tokens: 3, output_tokens: 1 } } });
const messageDelta = event({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 40 } });
const stop = event({ type: 'message_stop' });

function relay(upstream: string, pieceSize = upstream.length) {
  const counted: string[] = [];
  const stream = nativeStream('sse', (text) => counted.push(text));
  const bytes = Buffer.from(upstream);
  let sent = '';
  for (let i = 0; i < bytes.length; i += pieceSize) sent += stream.push(bytes.subarray(i, i + pieceSize)).join('');
  sent += stream.end().join('');
  return { sent, counted: counted.join(''), stream };
}

describe('an Anthropic stream passed through', () => {
  const texts = [
    delta('text_delta', 'text', 'Hello'),
    delta('text_delta', 'text', ' "quoted" and \\ back\nslash'),
    delta('thinking_delta', 'thinking', ' thinking, 世界 👋'),
    event({ type: 'content_block_start', index: 1, content_block: { type: 'tool_use', id: 'toolu_1', name: 'get_weather', input: {} } }),
    delta('input_json_delta', 'partial_json', '{"city": "Par'),
    delta('input_json_delta', 'partial_json', 'is"}'),
    event({ type: 'content_block_stop', index: 1 }),
    event({ type: 'ping' }),
  ];

  it('sends every byte on unchanged and counts the text of every delta, plain or escaped, however the bytes are cut', () => {
    const upstream = start + texts.join('') + messageDelta + stop;
    for (const size of [1, 7, 64, upstream.length]) {
      const { sent, counted, stream } = relay(upstream, size);
      expect(sent, `pieces of ${size}`).toBe(upstream);
      expect(counted).toBe('Hello "quoted" and \\ back\nslash thinking, 世界 👋{"city": "Paris"}');
      expect(stream.complete()).toBe(true);
      expect(stream.usage()).toMatchObject({ promptTokens: 15, completionTokens: 40 });
    }
  });

  it('reads a stream whose lines end with CRLF the same, cut anywhere', () => {
    const upstream = (start + texts[0] + texts[2] + messageDelta + stop).replace(/\n/g, '\r\n');
    for (const size of [1, 5, upstream.length]) {
      const { sent, counted, stream } = relay(upstream, size);
      expect(sent).toBe(upstream);
      expect(counted).toBe('Hello thinking, 世界 👋');
      expect(stream.complete()).toBe(true);
      expect(stream.usage()).toMatchObject({ promptTokens: 15, completionTokens: 40 });
    }
  });

  it('reads a delta written with other spacing or key order by parsing it', () => {
    const spaced = 'event: content_block_delta\ndata: {"type": "content_block_delta", "index": 0, "delta": {"text": "plain", "type": "text_delta"}}\n\n';
    const reordered = 'event: content_block_delta\ndata: {"type":"content_block_delta","delta":{"type":"text_delta","text":"more"},"index":0}\n\n';
    expect(relay(start + spaced + reordered).counted).toBe('plainmore');
  });

  it('bills a stream cut before its end with the input announced, and is not complete', () => {
    const { stream, counted } = relay(start + texts[0]);
    expect(stream.complete()).toBe(false);
    expect(counted).toBe('Hello');
    expect(stream.usage()).toMatchObject({ promptTokens: 15, completionTokens: 1 });
  });

  it('reads the usage of the message start and delta from their usage objects as a whole parse would', () => {
    const usage = { input_tokens: 20, cache_creation_input_tokens: 4, cache_read_input_tokens: 6, output_tokens: 1, service_tier: 'standard', cache_creation: { ephemeral_5m_input_tokens: 4, ephemeral_1h_input_tokens: 0 } };
    // Text that looks like a usage key, braces inside strings: none of it may be read as the usage.
    const decoy = 'x\\"usage":{"input_tokens":999} }{';
    const started = event({ type: 'message_start', message: { id: 'msg_{1}', model: decoy, type: 'message', role: 'assistant', content: [], usage } });
    const delta = event({ type: 'message_delta', delta: { stop_reason: 'end_turn', stop_sequence: '"usage":{}' }, usage: { output_tokens: 33, server_tool_use: { web_search_requests: 1 } } });
    const { stream } = relay(started + texts[0] + delta + stop);
    expect(stream.complete()).toBe(true);
    expect(stream.usage()).toEqual({ promptTokens: 30, completionTokens: 33, totalTokens: 63, cacheReadTokens: 6, cacheWriteTokens: 4 });
  });

  it('reads a usage written with spaces, or a start whose content names a usage of its own, by parsing the event', () => {
    const spaced = 'event: message_start\ndata: {"type":"message_start","message":{"id":"m","content":[],"usage": {"input_tokens": 7, "output_tokens": 1}}}\n\n';
    const spacedDelta = 'event: message_delta\ndata: {"type":"message_delta","delta":{},"usage" : {"output_tokens": 5}}\n\n';
    expect(relay(spaced + spacedDelta + stop).stream.usage()).toMatchObject({ promptTokens: 7, completionTokens: 5 });
    const twice = event({ type: 'message_start', message: { id: 'm', content: [{ type: 'tool_use', id: 't', name: 'n', input: { usage: { input_tokens: 999 } } }], usage: { input_tokens: 8, output_tokens: 1 } } });
    expect(relay(twice + messageDelta + stop).stream.usage()).toMatchObject({ promptTokens: 8, completionTokens: 40 });
  });

  it('is not complete when the upstream sent an error event, even if message_stop follows', () => {
    const error = event({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } });
    const { stream } = relay(start + texts[0] + error + stop);
    expect(stream.complete()).toBe(false);
    // The client already has the upstream's error: nothing is added to it.
    expect(stream.interrupt('cut')).toBe('');
  });
});
