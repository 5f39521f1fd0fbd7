import { describe, expect, it } from 'vitest';
import { ownRatioChanges, withBuiltInRatios } from './built-in-ratio-text';

const BUILT_INS = {
  ModelRatio: { 'gpt-4o': 1.25, 'claude-sonnet-4-5': 1.5 },
  CompletionRatio: { 'gpt-4o': 4, 'claude-sonnet-4-5': 5 },
  CacheReadRatio: { 'claude-sonnet-4-5': 0.1 },
  CacheWriteRatio: {},
  ReasoningRatio: {},
};

describe('the ratio editors over the built-in ratios', () => {
  it('show the built-ins with the operator’s own over them, sorted by model, an empty table as empty', () => {
    const shown = withBuiltInRatios({ ModelRatio: '{"my-model":2,"gpt-4o":3}', CompletionRatio: '{}', CacheWriteRatio: '', GroupRatio: '{"vip":2}' }, BUILT_INS);
    expect(JSON.parse(shown.ModelRatio ?? '')).toEqual({ 'claude-sonnet-4-5': 1.5, 'gpt-4o': 3, 'my-model': 2 });
    expect(Object.keys(JSON.parse(shown.ModelRatio ?? ''))).toEqual(['claude-sonnet-4-5', 'gpt-4o', 'my-model']);
    expect(shown.CompletionRatio).toBe('{\n  "claude-sonnet-4-5": 5,\n  "gpt-4o": 4\n}');
    expect(shown.CacheWriteRatio).toBe('');
    // Group ratios have no built-ins; a stored value that is not a table is shown as it is.
    expect(shown.GroupRatio).toBe('{"vip":2}');
    expect(withBuiltInRatios({ ModelRatio: 'oops' }, BUILT_INS).ModelRatio).toBe('oops');
    expect(withBuiltInRatios({ ModelRatio: '{}' }, undefined).ModelRatio).toBe('');
  });

  it('store only what the operator changed or had set, never the built-ins wholesale', () => {
    const options = { ModelRatio: '{"gpt-4o":3}', CompletionRatio: '{}' };
    const typed = { 'claude-sonnet-4-5': 1.5, 'gpt-4o': 3, 'new-model': 0.5 };
    expect(ownRatioChanges(options, BUILT_INS, [{ key: 'ModelRatio', value: JSON.stringify(typed) }])).toEqual([{ key: 'ModelRatio', value: '{"gpt-4o":3,"new-model":0.5}' }]);
    // A built-in edited becomes the operator's.
    expect(ownRatioChanges(options, BUILT_INS, [{ key: 'CompletionRatio', value: '{"claude-sonnet-4-5": 6, "gpt-4o": 4}' }])).toEqual([{ key: 'CompletionRatio', value: '{"claude-sonnet-4-5":6}' }]);
  });

  it('keep an entry the operator had set even when it equals the built-in, and drop one they removed', () => {
    const options = { ModelRatio: '{"gpt-4o":1.25,"old":2}' };
    expect(ownRatioChanges(options, BUILT_INS, [{ key: 'ModelRatio', value: '{"gpt-4o":1.25,"claude-sonnet-4-5":1.5}' }])).toEqual([{ key: 'ModelRatio', value: '{"gpt-4o":1.25}' }]);
  });

  it('send nothing when the table stored would not change (a built-in line removed, the order changed)', () => {
    const options = { ModelRatio: '{"gpt-4o":3}' };
    expect(ownRatioChanges(options, BUILT_INS, [{ key: 'ModelRatio', value: '{"gpt-4o":3}' }])).toEqual([]);
    expect(ownRatioChanges(options, BUILT_INS, [{ key: 'ModelRatio', value: '{"claude-sonnet-4-5":1.5,"gpt-4o":3}' }])).toEqual([]);
  });

  it('pass other options, invalid JSON and a blank one-api table unchanged, for the checks to refuse', () => {
    const changes = [
      { key: 'GroupRatio', value: '{"vip":2}' },
      { key: 'ModelRatio', value: '{"gpt-4o": ' },
      { key: 'CompletionRatio', value: '' },
      { key: 'DefaultModelRatio', value: '7' },
    ];
    expect(ownRatioChanges({ ModelRatio: '{}', CompletionRatio: '{}' }, BUILT_INS, changes)).toEqual(changes);
    // The cache editor's cleared table arrives as {}: the operator's entries go, the built-ins apply.
    expect(ownRatioChanges({ CacheReadRatio: '{"claude-sonnet-4-5":0.2}' }, BUILT_INS, [{ key: 'CacheReadRatio', value: '{}' }])).toEqual([{ key: 'CacheReadRatio', value: '{}' }]);
  });
});
