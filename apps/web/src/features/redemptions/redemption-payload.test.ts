import { describe, expect, it } from 'vitest';
import type { Redemption } from '@tollgate/contract';
import { codesFile } from './codes-file';
import { buildRedemptionPayload, redemptionUpdateBody } from './redemption-payload';

describe('codesFile', () => {
  it('names the file after the codes and puts one code per line', () => {
    expect(codesFile('spring', ['aaa', 'bbb', 'ccc'])).toEqual({ fileName: 'spring.txt', content: 'aaa\nbbb\nccc\n' });
  });

  it('keeps non-ASCII names as they are', () => {
    expect(codesFile('春季活动', ['x']).fileName).toBe('春季活动.txt');
  });
});

describe('buildRedemptionPayload', () => {
  it('parses quota and count as integers', () => {
    expect(buildRedemptionPayload({ name: ' promo ', quota: '100000.7', count: '3' })).toEqual({ name: 'promo', quota: 100000, count: 3 });
  });

  it('requires a name on create', () => {
    expect(buildRedemptionPayload({ name: ' ', quota: 1, count: 1 })).toBeUndefined();
  });

  it('sends the loaded code back with the edits', () => {
    const loaded: Redemption = { id: 4, user_id: 1, key: 'k', status: 1, name: 'old', quota: 5, created_time: 1, redeemed_time: 0 };
    expect(redemptionUpdateBody(loaded, { name: 'new', quota: 9, count: null })).toEqual({ ...loaded, name: 'new', quota: 9 });
  });
});
