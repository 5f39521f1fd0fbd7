import { describe, expect, it } from 'vitest';
import { resetDuration } from './limit-headers.js';
import type { LimitScope } from './limit-set.js';
import { MemoryLimiter } from './memory-limiter.js';

const scope = (rpm: number, tpm: number, concurrency: number, id = 'k1'): LimitScope => ({ id, limits: { rpm, tpm, concurrency } });

describe('the in-memory limiter', () => {
  it('counts requests over a sliding minute: a slot frees when the oldest request is a minute old', () => {
    const limiter = new MemoryLimiter();
    const start = 1_000_000;
    expect(limiter.admit([scope(2, 0, 0)], 0, start).verdict.admitted).toBe(true);
    expect(limiter.admit([scope(2, 0, 0)], 0, start + 30_000).verdict.admitted).toBe(true);
    const refused = limiter.admit([scope(2, 0, 0)], 0, start + 59_000).verdict;
    expect(refused).toMatchObject({ admitted: false, refusedOn: 'requests', retryAfterMs: 1000, refusedBy: 0 });
    const admitted = limiter.admit([scope(2, 0, 0)], 0, start + 60_001).verdict;
    expect(admitted).toMatchObject({ admitted: true, requests: { limit: 2, remaining: 0, resetMs: 29_999 } });
  });

  it('holds the estimate while running and counts the real tokens when the request ends', () => {
    const limiter = new MemoryLimiter();
    const now = 5_000_000;
    const first = limiter.admit([scope(0, 100, 0)], 70, now);
    expect(first.verdict.tokens).toEqual({ limit: 100, remaining: 30, resetMs: 0 });
    expect(limiter.admit([scope(0, 100, 0)], 40, now).verdict).toMatchObject({ admitted: false, refusedOn: 'tokens' });
    first.ticket?.end(20, now + 1000);
    expect(limiter.usage('k1', now + 1000)).toEqual({ requests: 0, tokens: 20, concurrency: 0 });
    expect(limiter.admit([scope(0, 100, 0)], 40, now + 1000).verdict.admitted).toBe(true);
    // A request alone in an empty window passes even when its estimate is larger than the limit.
    expect(new MemoryLimiter().admit([scope(0, 100, 0)], 500, now).verdict.admitted).toBe(true);
  });

  it('records nothing in any scope when one of them refuses, and ends a ticket only once', () => {
    const limiter = new MemoryLimiter();
    const held = limiter.admit([scope(0, 0, 1, 'u1')], 0);
    expect(limiter.admit([scope(5, 0, 0, 'k2'), scope(0, 0, 1, 'u1')], 0).verdict).toMatchObject({ admitted: false, refusedOn: 'concurrency', refusedBy: 1 });
    expect(limiter.usage('k2').requests).toBe(0);
    held.ticket?.end(0);
    held.ticket?.end(0);
    expect(limiter.usage('u1').concurrency).toBe(0);
  });
});

describe('reset durations as OpenAI writes them', () => {
  it.each([
    [0, '0ms'],
    [20, '20ms'],
    [1000, '1s'],
    [17_500, '17.5s'],
    [360_000, '6m0s'],
    [61_250, '1m1.25s'],
  ])('%i ms is %s', (ms, text) => expect(resetDuration(ms)).toBe(text));
});
