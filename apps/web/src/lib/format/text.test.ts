import { describe, expect, it } from 'vitest';
import { isValidJson, removeTrailingSlash, truncateText, truncateUsername } from './text';

describe('truncateUsername', () => {
  it('keeps names of up to 15 characters', () => {
    expect(truncateUsername('a'.repeat(15))).toBe('a'.repeat(15));
  });

  it('cuts longer names to 15 characters ending in an ellipsis', () => {
    const shown = truncateUsername('abcdefghijklmnopqrstuvwxyz');
    expect(shown).toBe('abcdefghijkl...');
    expect(shown).toHaveLength(15);
  });

  it('truncateText takes any limit', () => {
    expect(truncateText('hello world', 8)).toBe('hello...');
  });
});

describe('isValidJson', () => {
  it('accepts JSON values', () => {
    expect(isValidJson('{"gpt-4": 15}')).toBe(true);
    expect(isValidJson('[]')).toBe(true);
    expect(isValidJson('1')).toBe(true);
  });

  it('rejects anything else', () => {
    expect(isValidJson('')).toBe(false);
    expect(isValidJson('{gpt-4: 15}')).toBe(false);
    expect(isValidJson('{"a":1,}')).toBe(false);
  });
});

describe('removeTrailingSlash', () => {
  it('drops the slashes at the end only', () => {
    expect(removeTrailingSlash('https://api.example.com/')).toBe('https://api.example.com');
    expect(removeTrailingSlash('https://api.example.com/v1//')).toBe('https://api.example.com/v1');
    expect(removeTrailingSlash('https://api.example.com')).toBe('https://api.example.com');
    expect(removeTrailingSlash('')).toBe('');
  });
});
