import { describe, expect, it } from 'vitest';
import { RollupCells, storableModel } from './rollup-cells.js';

describe('rollup cells', () => {
  it('keep a model name as the column can hold it: no NUL, at most 191 characters, none cut in half', () => {
    expect(storableModel('gpt-4o-mini')).toBe('gpt-4o-mini');
    expect(storableModel('gpt\u0000-4o')).toBe('gpt-4o');
    const long = '模'.repeat(150) + '👋'.repeat(100);
    const kept = Array.from(storableModel(long));
    expect(kept).toHaveLength(191);
    expect(kept.at(-1)).toBe('👋');
  });

  it('count a refused request under its model as the rollups store it', () => {
    const cells = new RollupCells();
    cells.add({ at: 3600, userId: 1, tokenId: 2, channelId: 0, model: 'a\u0000b', failed: true });
    cells.add({ at: 3601, userId: 1, tokenId: 2, channelId: 0, model: 'ab', failed: true });
    const [cell, ...others] = cells.take();
    expect(others).toEqual([]);
    expect(cell).toMatchObject({ model: 'ab', channelId: 0 });
  });
});
