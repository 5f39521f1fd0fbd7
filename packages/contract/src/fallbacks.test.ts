import { describe, expect, it } from 'vitest';
import { modelFallbacksProblem } from './fallbacks.js';

const problem = (value: unknown) => modelFallbacksProblem(typeof value === 'string' ? value : JSON.stringify(value));

describe('modelFallbacksProblem', () => {
  it('accepts chains per group with opt-in triggers, and no chains at all', () => {
    expect(problem({})).toBeUndefined();
    expect(problem('')).toBeUndefined();
    expect(problem({ '*': { 'claude-sonnet-4-6': { chain: ['gpt-5.2', 'gemini-3-pro-preview'], on: ['failure', 'context_length', 'content_policy'] } }, vip: { a: { chain: ['b'] }, b: { chain: ['c'] } } })).toBeUndefined();
  });

  it('names the field of each refusal', () => {
    expect(problem('[')).toMatchObject({ code: 'fallback.not_json', params: { field: 'ModelFallbacks' } });
    expect(problem({ '*': { a: 'b' } })).toMatchObject({ code: 'fallback.entry_invalid', params: { field: 'ModelFallbacks.*.a' } });
    expect(problem({ '*': { a: { chain: Array.from({ length: 9 }, (_, i) => `m${i}`) } } })).toMatchObject({ code: 'fallback.chain_invalid', params: { field: 'ModelFallbacks.*.a.chain' } });
    expect(problem({ '*': { a: { chain: ['b', 'b'] } } })).toMatchObject({ code: 'fallback.chain_invalid', params: { field: 'ModelFallbacks.*.a.chain.1' } });
    expect(problem({ '*': { a: { chain: ['b', ' '] } } })).toMatchObject({ code: 'fallback.chain_invalid', params: { field: 'ModelFallbacks.*.a.chain.1' } });
    expect(problem({ '*': { a: { chain: ['a'] } } })).toMatchObject({ code: 'fallback.chain_self', params: { field: 'ModelFallbacks.*.a.chain.0' } });
    expect(problem({ '*': { a: { chain: ['b'], on: 'failure' } } })).toMatchObject({ code: 'fallback.trigger_invalid', params: { field: 'ModelFallbacks.*.a.on' } });
    expect(problem({ g: { a: { chain: ['b'] }, b: { chain: ['c'] }, c: { chain: ['a'] } } })).toMatchObject({ code: 'fallback.cycle', params: { field: 'ModelFallbacks.g.a.chain', models: 'a → b → c → a' } });
  });
});
