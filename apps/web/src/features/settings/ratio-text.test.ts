import { describe, expect, it } from 'vitest';
import { blankAsBuiltIns, prettyRatio, ratioProblem, withPrettyRatios } from './ratio-text';

describe('ratio texts', () => {
  it('pretty-prints ratios and shows an empty object as empty', () => {
    expect(prettyRatio('{"default":1}')).toBe('{\n  "default": 1\n}');
    expect(prettyRatio('{}')).toBe('');
    expect(prettyRatio('not json')).toBe('not json');
  });

  it('pretty-prints only the ratio options', () => {
    expect(withPrettyRatios({ GroupRatio: '{"vip":2}', Footer: '{"a":1}' })).toMatchObject({ GroupRatio: '{\n  "vip": 2\n}', Footer: '{"a":1}', ModelRatio: '' });
  });

  it('names the first changed ratio that is not valid JSON', () => {
    expect(ratioProblem([{ key: 'ModelRatio', value: '{"gpt-4": 15' }])).toBe('modelRatioInvalid');
    expect(ratioProblem([{ key: 'GroupRatio', value: '' }])).toBe('groupRatioInvalid');
    expect(ratioProblem([{ key: 'CompletionRatio', value: 'x' }])).toBe('completionRatioInvalid');
    expect(ratioProblem([{ key: 'GroupRatio', value: '{"vip":2}' }])).toBeUndefined();
    expect(ratioProblem([{ key: 'DefaultModelRatio', value: '' }])).toBeUndefined();
    expect(ratioProblem([{ key: 'DefaultModelRatio', value: '7.5' }])).toBeUndefined();
    expect(ratioProblem([{ key: 'DefaultModelRatio', value: '-1' }])).toBe('defaultModelRatioInvalid');
    expect(ratioProblem([{ key: 'DefaultModelRatio', value: 'cheap' }])).toBe('defaultModelRatioInvalid');
  });

  it('checks the cache and reasoning ratios with their own messages', () => {
    expect(withPrettyRatios({ CacheReadRatio: '{"claude-sonnet-4":0.1}', ReasoningRatio: '{}' })).toMatchObject({ CacheReadRatio: '{\n  "claude-sonnet-4": 0.1\n}', ReasoningRatio: '', CacheWriteRatio: '' });
    expect(ratioProblem([{ key: 'CacheReadRatio', value: '{"a": ' }])).toBe('cacheReadRatioInvalid');
    expect(ratioProblem([{ key: 'CacheWriteRatio', value: 'x' }])).toBe('cacheWriteRatioInvalid');
    expect(ratioProblem([{ key: 'ReasoningRatio', value: '[' }])).toBe('reasoningRatioInvalid');
    expect(ratioProblem([{ key: 'CacheWriteRatio', value: '{"claude-sonnet-4": 1.25}' }])).toBeUndefined();
  });

  it('saves a cleared cache or reasoning table as {} (built-in prices), and leaves an untouched blank alone', () => {
    const shown = { CacheReadRatio: '{\n  "a": 0.2\n}', CacheWriteRatio: '', ReasoningRatio: '' };
    expect(blankAsBuiltIns(shown, { CacheReadRatio: ' ', CacheWriteRatio: '', ReasoningRatio: '{"o3": 4}' })).toEqual({ CacheReadRatio: '{}', CacheWriteRatio: '', ReasoningRatio: '{"o3": 4}' });
    // one-api's tables keep refusing a blank: '' is not JSON.
    expect(blankAsBuiltIns({ ModelRatio: '{"a":1}' }, { ModelRatio: '' })).toEqual({ ModelRatio: '' });
  });
});
