import { describe, expect, it } from 'vitest';
import { logOtherView } from './log-other';

describe('a log row fallback chain', () => {
  it('reads the models tried with their channels and status, leniently', () => {
    const other = JSON.stringify({ protocol: 'openai', fallback: [{ model: 'claude-sonnet-4-6', channels: [3, 4], status: 529, trigger: 'failure' }, { model: '' }, 'x'] });
    expect(logOtherView(other).fallback).toEqual([{ model: 'claude-sonnet-4-6', channels: [3, 4], status: 529 }]);
    expect(logOtherView(JSON.stringify({ protocol: 'openai' })).fallback).toBeUndefined();
  });

  it('reads a model skipped for having no price, and only that reason', () => {
    const other = JSON.stringify({ fallback: [{ model: 'a', channels: [], status: 503, skipped: 'unpriced' }, { model: 'b', channels: [], status: 503, skipped: 'bored' }] });
    expect(logOtherView(other).fallback).toEqual([
      { model: 'a', channels: [], status: 503, skipped: 'unpriced' },
      { model: 'b', channels: [], status: 503 },
    ]);
  });
});
