import { describe, expect, it } from 'vitest';
import { addDomain, joinWhitelist, parseWhitelist, removeDomain } from './whitelist';

describe('email domain whitelist', () => {
  it('reads the comma list, skipping blanks', () => {
    expect(parseWhitelist('gmail.com, qq.com,,')).toEqual(['gmail.com', 'qq.com']);
    expect(parseWhitelist('')).toEqual([]);
  });

  it('adds a new domain and ignores empty or duplicate ones', () => {
    expect(addDomain(['gmail.com'], ' example.com ')).toEqual(['gmail.com', 'example.com']);
    expect(addDomain(['gmail.com'], '   ')).toEqual(['gmail.com']);
    expect(addDomain(['gmail.com'], 'gmail.com')).toEqual(['gmail.com']);
  });

  it('removes a domain and writes the list back with commas', () => {
    const domains = removeDomain(['gmail.com', 'qq.com', '163.com'], 'qq.com');
    expect(domains).toEqual(['gmail.com', '163.com']);
    expect(joinWhitelist(domains)).toBe('gmail.com,163.com');
  });
});
