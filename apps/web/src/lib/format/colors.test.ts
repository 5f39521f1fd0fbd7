import { describe, expect, it } from 'vitest';
import { groupColor, responseTimeColor } from './colors';

describe('responseTimeColor', () => {
  it.each([
    [0, 'grey'],
    [1, 'green'],
    [1000, 'green'],
    [1001, 'olive'],
    [3000, 'olive'],
    [3001, 'yellow'],
    [5000, 'yellow'],
    [5001, 'red'],
  ])('%i ms is %s', (ms, color) => {
    expect(responseTimeColor(ms)).toBe(color);
  });
});

describe('groupColor', () => {
  it('colours the paid groups', () => {
    expect(groupColor('vip')).toBe('yellow');
    expect(groupColor('pro')).toBe('yellow');
    expect(groupColor('svip')).toBe('red');
    expect(groupColor('premium')).toBe('red');
  });

  it('leaves other groups to the default style', () => {
    expect(groupColor('default')).toBeUndefined();
  });
});
