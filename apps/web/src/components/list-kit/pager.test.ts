import { describe, expect, it } from 'vitest';
import { needsMoreRows, pageCountOf, pageSlice } from './pager';

describe('pager', () => {
  it('offers one extra page while the last loaded page was full', () => {
    expect(pageCountOf(10, true)).toBe(2);
    expect(pageCountOf(20, true)).toBe(3);
    expect(pageCountOf(15, false)).toBe(2);
    expect(pageCountOf(0, false)).toBe(1);
  });

  it('fetches only when moving past the loaded rows', () => {
    expect(needsMoreRows(2, 10, true)).toBe(true);
    expect(needsMoreRows(1, 10, true)).toBe(false);
    expect(needsMoreRows(2, 10, false)).toBe(false);
  });

  it('slices a page of ten', () => {
    const rows = Array.from({ length: 25 }, (_, index) => index);
    expect(pageSlice(rows, 3)).toEqual([20, 21, 22, 23, 24]);
  });
});
