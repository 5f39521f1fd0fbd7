import { describe, expect, it } from 'vitest';
import { placeOf, rowsProblem } from './fallback-problem';
import type { ChainRow, GroupRows } from './fallback-rows';

const row = (model: string, ...chain: string[]): ChainRow => ({ model, chain, on: [] });
const codeOf = (groups: GroupRows[]) => {
  const problem = rowsProblem(groups);
  return problem && ('refusal' in problem ? problem.refusal : problem.message.code);
};

describe('the fallback rows’ refusals', () => {
  it('accepts finished rows', () => {
    expect(rowsProblem([{ group: '*', rows: [row('a', 'b', 'c'), row('b', 'c')] }, { group: 'vip', rows: [row('c', 'a')] }])).toBeUndefined();
  });

  it('refuses a blank or repeated group and a blank or repeated model, where they are', () => {
    expect(rowsProblem([{ group: '*', rows: [] }, { group: ' ', rows: [] }])).toEqual({ place: { group: 1 }, refusal: 'groupBlank' });
    expect(rowsProblem([{ group: 'vip', rows: [] }, { group: 'vip', rows: [] }])).toEqual({ place: { group: 1 }, refusal: 'groupRepeated' });
    expect(rowsProblem([{ group: '*', rows: [row('a', 'b'), row('', 'b')] }])).toEqual({ place: { group: 0, row: 1 }, refusal: 'modelBlank' });
    expect(rowsProblem([{ group: '*', rows: [row('a', 'b'), row('a', 'c')] }])).toEqual({ place: { group: 0, row: 1 }, refusal: 'modelRepeated' });
  });

  it('refuses a model falling back to itself on that chain model, as the server words it', () => {
    expect(rowsProblem([{ group: '*', rows: [row('a', 'b', 'a')] }])).toEqual({
      place: { group: 0, row: 0, entry: 1 },
      message: { code: 'fallback.chain_self', params: { field: 'ModelFallbacks.*.a.chain.1' } },
    });
  });

  it('refuses chains that fall back in a cycle, on the row of its first model', () => {
    const problem = rowsProblem([{ group: 'vip', rows: [row('x', 'y'), row('a', 'b'), row('b', 'c', 'a')] }]);
    expect(problem).toEqual({ place: { group: 0, row: 1 }, message: { code: 'fallback.cycle', params: { field: 'ModelFallbacks.vip.a.chain', models: 'a → b → a' } } });
  });

  it('refuses a blank or repeated chain model and an empty chain', () => {
    expect(codeOf([{ group: '*', rows: [row('a', 'b', '')] }])).toBe('fallback.chain_invalid');
    expect(codeOf([{ group: '*', rows: [row('a', 'b', 'b')] }])).toBe('fallback.chain_invalid');
    expect(codeOf([{ group: '*', rows: [row('a')] }])).toBe('fallback.chain_invalid');
  });

  it('finds the row a field names when model names hold dots', () => {
    const groups = [{ group: '*', rows: [row('gpt-5', 'x'), row('gpt-5.2', 'y')] }];
    expect(placeOf(groups, 'ModelFallbacks.*.gpt-5.2.chain.0')).toEqual({ group: 0, row: 1, entry: 0 });
    expect(placeOf(groups, 'ModelFallbacks.*.gpt-5.chain')).toEqual({ group: 0, row: 0, entry: undefined });
    expect(placeOf(groups, 'ModelFallbacks.*')).toEqual({ group: 0 });
    expect(placeOf(groups, 'GroupBudgets.vip')).toBeUndefined();
  });
});
