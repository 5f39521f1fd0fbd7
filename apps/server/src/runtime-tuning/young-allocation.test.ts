import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const moduleUrl = new URL('./young-allocation.ts', import.meta.url).href;

/**
 * A program that teaches V8 that one object literal's objects all survive young collections, then makes
 * 10,000 more of them right after a young collection: how many KB of them went to the old generation.
 * In a process of its own, as the flag is the process's.
 */
function oldGenerationKbOfFreshObjects(allocateYoung: boolean): number {
  const program = `
    import v8 from 'node:v8';
    const { allocateEveryObjectYoung } = await import(${JSON.stringify(moduleUrl)});
    if (${allocateYoung}) allocateEveryObjectYoung();
    const make = (i) => ({ id: i, next: null, data: [i] });
    const oldUsed = () => v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
    const kept = [];
    for (let round = 0; round < 40; round += 1) {
      for (let i = 0; i < 5000; i += 1) kept.push(make(i));
      globalThis.gc({ type: 'minor' });
    }
    kept.length = 0;
    globalThis.gc({ type: 'minor' });
    const before = oldUsed();
    const fresh = new Array(10000);
    for (let i = 0; i < fresh.length; i += 1) fresh[i] = make(i);
    console.log(Math.round((oldUsed() - before) / 1024));
  `;
  const output = execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', '--input-type=module', '-e', program], { encoding: 'utf8' });
  return Number(output.trim());
}

describe('allocating every object young', () => {
  it('keeps a literal whose objects survived young collections from being allocated in the old generation', { timeout: 30_000 }, () => {
    // Without it V8 pretenures the literal: the fresh objects, about 1 MB, land in the old generation.
    expect(oldGenerationKbOfFreshObjects(false)).toBeGreaterThan(500);
    expect(oldGenerationKbOfFreshObjects(true)).toBeLessThan(50);
  });
});
