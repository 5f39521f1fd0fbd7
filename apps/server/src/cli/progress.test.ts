import { describe, expect, it } from 'vitest';
import { Progress } from './progress.js';

const sink = (isTTY: boolean) => {
  const writes: string[] = [];
  return { out: { isTTY, write: (text: string) => writes.push(text) }, writes };
};

describe('Progress', () => {
  it('redraws one bar on a terminal and ends it with a line break', () => {
    const { out, writes } = sink(true);
    const progress = new Progress(out, 'logs', 4);
    progress.update(1);
    progress.finish(4);
    expect(writes).toEqual([`\rlogs         [########......................] 1/4`, `\rlogs         [##############################] 4/4`, '\n']);
  });

  it('writes plain lines elsewhere, at most one per tenth, and one for an empty table', () => {
    const { out, writes } = sink(false);
    const progress = new Progress(out, 'logs', 1000);
    for (let done = 10; done <= 1000; done += 10) progress.update(done);
    progress.finish(1000);
    expect(writes).toHaveLength(11);
    expect(writes[0]).toBe('logs: 10/1000\n');
    expect(writes.at(-1)).toBe('logs: 1000/1000\n');
    const empty = sink(false);
    new Progress(empty.out, 'redemptions', 0).finish(0);
    expect(empty.writes).toEqual(['redemptions: 0/0\n']);
  });
});
