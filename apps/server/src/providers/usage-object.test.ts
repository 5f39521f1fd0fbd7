import { describe, expect, it } from 'vitest';
import { objectAt, soleUsageObject } from './usage-object.js';

describe('a usage object read alone', () => {
  it('is read from an event written without spaces, nested objects and strings included', () => {
    const usage = { input_tokens: 20, service_tier: 'standard', cache_creation: { ephemeral_5m_input_tokens: 4 } };
    const data = JSON.stringify({ type: 'message_start', message: { id: 'msg_{', content: [], usage }, tail: '}' });
    expect(soleUsageObject(data)).toEqual(usage);
  });

  it('is not read when the key is spaced, appears twice or is only text inside a string', () => {
    expect(soleUsageObject('{"usage": {"input_tokens":1}}')).toBeUndefined();
    expect(soleUsageObject(JSON.stringify({ a: { usage: { x: 1 } }, usage: { input_tokens: 2 } }))).toBeUndefined();
    expect(soleUsageObject(JSON.stringify({ text: 'say "usage":{"input_tokens":9}' }))).toBeUndefined();
  });

  it('gives nothing where the braces inside its strings cut it wrongly, rather than a wrong object', () => {
    expect(objectAt('{"tier":"{","n":1}', 0)).toBeUndefined();
    expect(objectAt('{"tier":"}","n":1}', 0)).toBeUndefined();
    expect(objectAt('{"n":1', 0)).toBeUndefined();
    expect(objectAt('x{"n":1}', 0)).toBeUndefined();
    expect(objectAt('x{"n":1}', 1)).toEqual({ n: 1 });
  });
});
