import { describe, expect, it } from 'vitest';
import { logOtherView } from './log-other';

describe('a log row fallback chain', () => {
  it('reads the models tried with their channels and status, leniently', () => {
    const other = JSON.stringify({ protocol: 'openai', fallback: [{ model: 'claude-sonnet-4-6', channels: [3, 4], status: 529, trigger: 'failure' }, { model: '' }, 'x'] });
    expect(logOtherView(other).fallback).toEqual([{ model: 'claude-sonnet-4-6', channels: [3, 4], status: 529 }]);
    expect(logOtherView(JSON.stringify({ protocol: 'openai' })).fallback).toBeUndefined();
  });
});
