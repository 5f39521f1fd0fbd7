import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestRelease, isCurrentRelease } from './latest-release';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('latest release', () => {
  it('reads the tag and notes of the latest release', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ tag_name: 'v0.2.0', body: 'notes', html_url: 'https://example.com' }))));
    await expect(fetchLatestRelease()).resolves.toMatchObject({ tag_name: 'v0.2.0', body: 'notes' });
  });

  it('fails with a message when the host answers an error or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))));
    await expect(fetchLatestRelease()).rejects.toThrow('HTTP 404');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchLatestRelease()).rejects.toThrow('Failed to fetch');
  });

  it('compares tags with and without the v prefix', () => {
    expect(isCurrentRelease('v0.1.0', '0.1.0')).toBe(true);
    expect(isCurrentRelease('v0.2.0', '0.1.0')).toBe(false);
  });
});
