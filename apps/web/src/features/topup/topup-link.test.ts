import { describe, expect, it } from 'vitest';
import { buildTopUpUrl, randomTransactionId } from './topup-link';

const user = { id: 42, username: 'alice' };

describe('buildTopUpUrl', () => {
  it('appends username, user_id and the transaction id', () => {
    expect(buildTopUpUrl('https://pay.example.com/buy', user, 'tx1', 'http://console')).toBe(
      'https://pay.example.com/buy?username=alice&user_id=42&transaction_id=tx1',
    );
  });

  it('keeps the query the link already has and encodes the values', () => {
    const url = new URL(buildTopUpUrl('https://pay.example.com/?plan=a', { id: 1, username: 'a b&c' }, 'tx', 'http://console'));
    expect(url.searchParams.get('plan')).toBe('a');
    expect(url.searchParams.get('username')).toBe('a b&c');
  });
});

describe('randomTransactionId', () => {
  it('is 32 hex characters and differs each time', () => {
    const first = randomTransactionId();
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(randomTransactionId()).not.toBe(first);
  });
});
