import { describe, expect, it } from 'vitest';
import { formatRatio, logOtherView } from './log-other';

describe('logOtherView', () => {
  it('shows nothing for rows without other, or with other that is not an object', () => {
    for (const other of ['', null, undefined, 'not json', '[1]', '{}']) expect(logOtherView(other)).toEqual({ passthrough: false, lines: [] });
  });

  it("reads an error log's status and the channels it called, in order", () => {
    expect(logOtherView(JSON.stringify({ protocol: 'openai', status: 500, channels: [3, 7] }))).toEqual({ protocol: 'OpenAI Chat', passthrough: false, lines: [], failure: { status: 500, channels: [3, 7] } });
    expect(logOtherView(JSON.stringify({ protocol: 'gemini', status: 503, channels: [] })).failure).toEqual({ status: 503, channels: [] });
    // Read leniently: ids that are not whole positive numbers are left out, a status that is not a number is no error log.
    expect(logOtherView(JSON.stringify({ status: 502, channels: [1, 'x', -2, 2.5] })).failure).toEqual({ status: 502, channels: [1] });
    expect(logOtherView(JSON.stringify({ status: '500', channels: [1] })).failure).toBeUndefined();
  });

  it('lists what a conversion left out, ignoring names that are not text', () => {
    expect(logOtherView(JSON.stringify({ protocol: 'responses', dropped: ['tool:web_search', 5, 'prompt_cache_key'] }))).toEqual({
      protocol: 'OpenAI Responses',
      passthrough: false,
      dropped: ['tool:web_search', 'prompt_cache_key'],
      lines: [],
    });
  });

  it('names the protocol, marks passthrough and lists the token kinds with their ratios', () => {
    const other = JSON.stringify({
      protocol: 'anthropic',
      passthrough: true,
      cache_read_tokens: 40,
      cache_read_ratio: 0.1,
      cache_write_tokens: 12,
      cache_write_ratio: 1.25,
      reasoning_tokens: 8,
      reasoning_ratio: 4,
      model_ratio: 1.5,
    });
    expect(logOtherView(other)).toEqual({
      protocol: 'Anthropic Messages',
      passthrough: true,
      lines: [
        { kind: 'cacheRead', tokens: 40, ratio: 0.1 },
        { kind: 'cacheWrite', tokens: 12, ratio: 1.25 },
        { kind: 'reasoning', tokens: 8, ratio: 4 },
      ],
    });
  });

  it('marks an answer cut short, by whom, and ignores values it does not know', () => {
    expect(logOtherView(JSON.stringify({ protocol: 'openai', interrupted: 'upstream' }))).toEqual({ protocol: 'OpenAI Chat', passthrough: false, interrupted: 'upstream', lines: [] });
    expect(logOtherView(JSON.stringify({ protocol: 'openai', cache_hit: true }))).toEqual({ protocol: 'OpenAI Chat', passthrough: false, cacheHit: true, lines: [] });
    expect(logOtherView(JSON.stringify({ interrupted: 'client' })).interrupted).toBe('client');
    expect(logOtherView(JSON.stringify({ interrupted: 'maybe' })).interrupted).toBeUndefined();
  });

  it('skips zero or malformed counts, keeps a count whose ratio is missing, and shows unknown protocols raw', () => {
    const other = JSON.stringify({ protocol: 'bedrock', cache_read_tokens: 0, cache_write_tokens: '5', reasoning_tokens: 3 });
    expect(logOtherView(other)).toEqual({ protocol: 'bedrock', passthrough: false, lines: [{ kind: 'reasoning', tokens: 3 }] });
  });
});

describe('formatRatio', () => {
  it('drops float noise and trailing zeros', () => {
    expect(formatRatio(0.1 + 0.2)).toBe('0.3');
    expect(formatRatio(1.25)).toBe('1.25');
    expect(formatRatio(2)).toBe('2');
  });

  it('keeps every digit of a small ratio', () => {
    expect(formatRatio(0.075)).toBe('0.075');
    expect(formatRatio(0.000_05)).toBe('0.00005');
    expect(formatRatio(0.1 * 0.075)).toBe('0.0075');
  });
});
