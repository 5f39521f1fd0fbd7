import { describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-depth.js';

const nested = (levels: number, leaf: unknown = 1): unknown => {
  let value = leaf;
  for (let i = 0; i < levels; i += 1) value = i % 2 ? { a: value } : [value];
  return value;
};
const check = (value: unknown, max = MAX_JSON_DEPTH) => nestsDeeperThan(value, max, JSON.stringify(value).length);

describe('nestsDeeperThan', () => {
  it('lets a body nested exactly to the limit pass, and refuses one level more', () => {
    expect(check(nested(MAX_JSON_DEPTH))).toBe(false);
    expect(check(nested(MAX_JSON_DEPTH + 1))).toBe(true);
  });

  it('finds the deep branch among shallow siblings, in objects and arrays alike', () => {
    const body = { model: 'm', messages: [{ role: 'user', content: 'hi' }], tools: [{ input_schema: nested(300) }], z: [1, 2, { a: 1 }] };
    expect(check(body)).toBe(true);
    expect(check({ ...body, tools: [{ input_schema: nested(20) }] })).toBe(false);
  });

  it('walks a body of a hundred thousand levels without overflowing the stack', () => {
    // (Too deep for JSON.stringify to measure: its byte length is at least two per level.)
    expect(nestsDeeperThan(nested(100_000), MAX_JSON_DEPTH, 200_000)).toBe(true);
  });

  it('counts values, not bytes: a long string is one leaf', () => {
    expect(check({ image: 'x'.repeat(1_000_000) }, 3)).toBe(false);
  });

  it('does not walk a body too short to nest that deep', () => {
    const deep = nested(10);
    expect(nestsDeeperThan(deep, 5, JSON.stringify(deep).length)).toBe(true);
    // 10 levels need at least 20 bytes: a (false) length of 9 cannot hold them.
    expect(nestsDeeperThan(deep, 5, 9)).toBe(false);
  });
});
