import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import { describe, expect, it } from 'vitest';
import { countInPieces } from './bounded-count.js';

describe('counting long text in pieces', () => {
  it('counts prose exactly as one pass does', () => {
    const prose = 'The quick brown fox jumps over the lazy dog, and then it rests.\n'.repeat(400);
    expect(prose.length).toBeGreaterThan(20_000);
    expect(countInPieces(prose, countTokens)).toBe(countTokens(prose));
  });

  it('cuts a run without spaces into pieces of at most 2,000 characters, close to one pass', () => {
    const run = 'a'.repeat(20_000);
    const pieces: string[] = [];
    const counted = countInPieces(run, (piece) => {
      pieces.push(piece);
      return countTokens(piece);
    });
    expect(pieces.every((piece) => piece.length <= 2000)).toBe(true);
    expect(pieces.join('')).toBe(run);
    expect(Math.abs(counted - countTokens(run))).toBeLessThanOrEqual(pieces.length);
  });

  it('never cuts a character outside the basic plane in two', () => {
    const emoji = '😀'.repeat(3000);
    const pieces: string[] = [];
    countInPieces(emoji, (piece) => {
      pieces.push(piece);
      return countTokens(piece);
    });
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length % 2).toBe(0);
    expect(pieces.join('')).toBe(emoji);
  });

  it('counts short text in one call', () => {
    const calls: string[] = [];
    expect(countInPieces('hello world', (piece) => (calls.push(piece), countTokens(piece)))).toBe(countTokens('hello world'));
    expect(calls).toEqual(['hello world']);
  });
});
