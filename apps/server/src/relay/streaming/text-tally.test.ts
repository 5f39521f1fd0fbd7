import { describe, expect, it } from 'vitest';
import { TextTally } from './text-tally.js';

describe('TextTally', () => {
  it('counts short answers once, and long ones in slices so memory stays bounded', async () => {
    let calls = 0;
    const tally = new TextTally(async () => (text: string) => {
      calls += 1;
      return text.length;
    });
    for (let i = 0; i < 1000; i += 1) tally.add('x'.repeat(1000));
    // 1,000,000 characters counted in slices of at least 64K: about 15 calls, never the whole text at once.
    expect(await tally.total()).toBe(1_000_000);
    expect(calls).toBeGreaterThan(10);
    expect(calls).toBeLessThan(20);
  });

  it('reads text left in events only when the total is asked for, or once too much waits', async () => {
    const tally = new TextTally(async () => (text: string) => text.length);
    let reads = 0;
    const later = (text: string) => ({ read: () => ((reads += 1), text), size: text.length });
    tally.later(later('abc'));
    tally.add('de');
    expect(reads).toBe(0);
    expect(await tally.total()).toBe(5);
    expect(reads).toBe(1);

    const big = new TextTally(async () => (text: string) => text.length);
    reads = 0;
    for (let i = 0; i < 10; i += 1) big.later(later('x'.repeat(10_000)));
    // A stream holds at most 64 KiB unread: the first 7 events were read once that much waited.
    expect(reads).toBe(7);
    expect(await big.total()).toBe(100_000);
    expect(reads).toBe(10);

    const many = new TextTally(async () => (text: string) => text.length);
    reads = 0;
    for (let i = 0; i < 100; i += 1) many.later(later('small'));
    // And at most 32 events, each holding a read of the upstream's bytes: 96 were read as they came.
    expect(reads).toBe(96);
    expect(await many.total()).toBe(500);
    expect(reads).toBe(100);
  });

  it('counts the small pieces of a long stream as the exact text they make, in order, however often asked', async () => {
    const counted: string[] = [];
    const tally = new TextTally(async () => (text: string) => {
      counted.push(text);
      return text.length;
    });
    const pieces = Array.from({ length: 1000 }, (_, i) => ` w${i}`);
    for (const piece of pieces) tally.add(piece);
    const whole = pieces.join('');
    expect(await tally.total()).toBe(whole.length);
    expect(counted.join('')).toBe(whole);
    // A second total counts the same text again, not a part of it.
    expect(await tally.total()).toBe(whole.length);
    tally.add('!');
    expect(await tally.total()).toBe(whole.length + 1);
  });
});
