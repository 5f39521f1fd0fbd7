import { describe, expect, it } from 'vitest';
import { parseCidr } from './cidr.js';

describe('parseCidr', () => {
  it.each([
    ['10.0.0.0/8', { address: '10.0.0.0', prefix: 8, family: 'ipv4' }],
    ['192.168.1.7/32', { address: '192.168.1.7', prefix: 32, family: 'ipv4' }],
    ['0.0.0.0/0', { address: '0.0.0.0', prefix: 0, family: 'ipv4' }],
    [' 2001:db8::/32 ', { address: '2001:db8::', prefix: 32, family: 'ipv6' }],
    ['::1/128', { address: '::1', prefix: 128, family: 'ipv6' }],
    ['::ffff:10.0.0.0/104', { address: '::ffff:10.0.0.0', prefix: 104, family: 'ipv6' }],
  ])('accepts %s', (text, expected) => {
    expect(parseCidr(text)).toEqual(expected);
  });

  it.each(['10.0.0.1', '10.0.0.0/33', '10.0.0/8', '256.0.0.0/8', '10.0.0.0/-1', '10.0.0.0/', 'fe80::1%eth0/64', '2001:db8::/129', 'abc/8', '', '/8'])(
    'refuses %s',
    (text) => {
      expect(parseCidr(text)).toBeUndefined();
    },
  );
});
