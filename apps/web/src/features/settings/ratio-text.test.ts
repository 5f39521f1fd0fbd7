import { describe, expect, it } from 'vitest';
import { prettyRatio, ratioProblem, withPrettyRatios } from './ratio-text';

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
  });
});
