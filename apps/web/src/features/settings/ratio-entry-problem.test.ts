import { describe, expect, it } from 'vitest';
import { ratioEntryProblem } from './ratio-entry-problem';

describe('ratioEntryProblem', () => {
  it('names the first row that is not a number of 0 or more, with its value as typed', () => {
    expect(ratioEntryProblem([{ key: 'ModelRatio', value: '{"gpt-4o": 1, "fail-500": "abc"}' }])).toEqual({ key: 'ModelRatio', name: 'fail-500', value: '"abc"' });
    expect(ratioEntryProblem([{ key: 'GroupRatio', value: '{"vip": -2}' }])).toEqual({ key: 'GroupRatio', name: 'vip', value: '-2' });
  });

  it('passes valid tables, leaves invalid JSON to ratioProblem and ignores other options', () => {
    expect(ratioEntryProblem([{ key: 'ModelRatio', value: '{"gpt-4o": 0.075}' }])).toBeUndefined();
    expect(ratioEntryProblem([{ key: 'ModelRatio', value: '{oops' }])).toBeUndefined();
    expect(ratioEntryProblem([{ key: 'RetryTimes', value: '{"a": "b"}' }])).toBeUndefined();
  });
});
