import { describe, expect, it } from 'vitest';
import { sortRows } from './sort-rows';

const rows = [
  { id: 1, name: 'beta', quota: 30 },
  { id: 2, name: 'alpha', quota: 100 },
  { id: 3, name: 'gamma', quota: 5 },
];
const ids = (list: { id: number }[]) => list.map((row) => row.id);

describe('sortRows', () => {
  it('keeps the server order without a sort', () => {
    expect(ids(sortRows(rows, undefined))).toEqual([1, 2, 3]);
  });

  it('sorts numbers by value, both ways', () => {
    expect(ids(sortRows(rows, { field: 'quota', direction: 'ascend' }))).toEqual([3, 1, 2]);
    expect(ids(sortRows(rows, { field: 'quota', direction: 'descend' }))).toEqual([2, 1, 3]);
  });

  it('sorts text alphabetically and leaves the input untouched', () => {
    expect(ids(sortRows(rows, { field: 'name', direction: 'ascend' }))).toEqual([2, 1, 3]);
    expect(ids(rows)).toEqual([1, 2, 3]);
  });
});
