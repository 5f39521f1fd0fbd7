import { describe, expect, it } from 'vitest';
import { ratioInText } from './ratio-text.js';

describe('ratioInText', () => {
  it('writes two decimals as one-api does, and every further digit the ratio has', () => {
    expect(ratioInText(1)).toBe('1.00');
    expect(ratioInText(7.5)).toBe('7.50');
    expect(ratioInText(0.075)).toBe('0.075');
    expect(ratioInText(0.0375)).toBe('0.0375');
    expect(ratioInText(0.1 * 3)).toBe('0.30');
    expect(ratioInText(1e-7)).toBe('0.0000001');
  });
});
