import { describe, expect, it } from 'vitest';
import { relayPath } from './relay-path.js';

describe('relayPath', () => {
  it.each([
    ['/v1/chat/completions', '/v1/chat/completions'],
    ['/v1/chat/completions/', '/v1/chat/completions'],
    ['/v1/chat/completions//', '/v1/chat/completions'],
    ['/v1/chat/completions/?api-version=2024-02-01', '/v1/chat/completions?api-version=2024-02-01'],
    ['/v1/messages?beta=true', '/v1/messages?beta=true'],
    ['/v1/files?after=a/', '/v1/files?after=a/'],
    ['/', '/'],
  ])('plans %s as %s', (url, planned) => {
    expect(relayPath(url)).toBe(planned);
  });
});
