import { describe, expect, it } from 'vitest';
import { clean, cleanByText } from './price-tier.js';

/** Counts the numbers `clean` gives differently from twelve digits of text (and shows the first few). */
function differences(numbers: Iterable<number>): { count: number; first: string[] } {
  const first: string[] = [];
  let count = 0;
  for (const n of numbers) {
    if (Object.is(clean(n), cleanByText(n))) continue;
    count += 1;
    if (first.length < 5) first.push(`${n}: ${clean(n)} against ${cleanByText(n)}`);
  }
  return { count, first };
}

function* costLines() {
  const ratios = [0.075, 0.3, 0.15, 0.6, 1.25, 2.5, 10, 15, 0.0375, 1.3333333333333333, 0.5, 0.00075, 37.5, 0.1, 0.7, 0.002, 3e-7];
  for (const ratio of ratios) for (const group of [1, 0.7, 1.1, 0.5, 2, 0.85]) for (let tokens = 0; tokens < 3000; tokens += 1) yield tokens * ratio * group;
}

function* randomNumbers(count: number) {
  // A fixed generator: a failure is the same number on every run.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < count; i += 1) yield (next() < 0.1 ? -1 : 1) * next() * 10 ** (Math.floor(next() * 40) - 20);
}

describe('clean', () => {
  it('is twelve significant digits, the number its text would parse to, for every cost line', () => {
    expect(differences(costLines())).toEqual({ count: 0, first: [] });
  });

  it('is the same as the text for numbers of any size, ties, powers of ten and edge values', () => {
    const edges = [0, -0, 1, -1, 1e12, 1e12 - 1, 999999999999.5, 0.6330722961405, 77204.38502925, 1e-300, 1e300, 123456789012345, Number.NaN, Number.POSITIVE_INFINITY, 0.1 * 3, 1e21, 1e22, 1e23];
    for (let exponent = -20; exponent <= 20; exponent += 1) edges.push(10 ** exponent, 10 ** exponent * (1 - 1e-13), 10 ** exponent * (1 + 1e-13));
    expect(differences(edges)).toEqual({ count: 0, first: [] });
    expect(differences(randomNumbers(300_000))).toEqual({ count: 0, first: [] });
  });

  it('takes the binary noise off a product of decimal ratios', () => {
    expect(clean(0.1 * 3)).toBe(0.3);
    expect(clean(12 * 0.075)).toBe(0.9);
  });
});
