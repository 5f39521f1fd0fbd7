import { modelFallbacksProblem } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { groupsFromJson, groupsToJson, withTrigger } from './fallback-rows';

/** docs/fallbacks.md's example, as the section shows a saved value (pretty-printed). */
const DOCS_EXAMPLE = JSON.stringify(
  { '*': { 'claude-sonnet-4-6': { chain: ['gpt-5.2', 'gemini-3-pro-preview'], on: ['context_length'] } }, vip: { 'gpt-5.2': { chain: ['claude-sonnet-4-6'] } } },
  null,
  2,
);

describe('the fallback rows and their JSON', () => {
  it('reads the JSON into groups of rows and writes the same text back', () => {
    const groups = groupsFromJson(DOCS_EXAMPLE);
    expect(groups).toEqual([
      { group: '*', rows: [{ model: 'claude-sonnet-4-6', chain: ['gpt-5.2', 'gemini-3-pro-preview'], on: ['context_length'] }] },
      { group: 'vip', rows: [{ model: 'gpt-5.2', chain: ['claude-sonnet-4-6'], on: [] }] },
    ]);
    expect(groupsToJson(groups ?? [])).toBe(DOCS_EXAMPLE);
    expect(modelFallbacksProblem(groupsToJson(groups ?? []))).toBeUndefined();
  });

  it('keeps the triggers as written, failure included, and leaves `on` out when none is listed', () => {
    const text = JSON.stringify({ '*': { a: { chain: ['b'], on: ['failure', 'content_policy'] }, c: { chain: ['d'], on: [] } } });
    expect(JSON.parse(groupsToJson(groupsFromJson(text) ?? []))).toEqual({ '*': { a: { chain: ['b'], on: ['failure', 'content_policy'] }, c: { chain: ['d'] } } });
  });

  it('reads none from a blank or empty option and writes none as blank (saved as {})', () => {
    expect(groupsFromJson('')).toEqual([]);
    expect(groupsFromJson('{}')).toEqual([]);
    expect(groupsToJson([])).toBe('');
  });

  it('holds a self-naming, repeated or blank chain model and a cycle, for the editor to show as refusals', () => {
    const text = JSON.stringify({ '*': { a: { chain: ['a', 'b', 'b', ''] }, b: { chain: ['a'] } } });
    expect(groupsFromJson(text)?.[0]?.rows.map((row) => row.chain)).toEqual([['a', 'b', 'b', ''], ['a']]);
  });

  it('refuses to read a shape the rows cannot hold: not JSON, not objects, another key, an unknown trigger', () => {
    for (const text of ['{"*":', '[]', '{"*":[]}', '{"*":{"a":["b"]}}', '{"*":{"a":{"chain":"b"}}}', '{"*":{"a":{"chain":[1]}}}', '{"*":{"a":{"chain":["b"],"when":"x"}}}', '{"*":{"a":{"chain":["b"],"on":["timeout"]}}}']) {
      expect(groupsFromJson(text), text).toBeUndefined();
    }
  });

  it('turns a trigger on or off in the contract’s order, failure staying as written', () => {
    expect(withTrigger([], 'content_policy', true)).toEqual(['content_policy']);
    expect(withTrigger(['content_policy'], 'context_length', true)).toEqual(['context_length', 'content_policy']);
    expect(withTrigger(['failure', 'context_length'], 'context_length', false)).toEqual(['failure']);
  });
});
