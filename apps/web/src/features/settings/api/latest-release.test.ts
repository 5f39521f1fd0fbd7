import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchLatestRelease, isCurrentRelease, releasesUrl } from './latest-release';

afterEach(() => {
  vi.unstubAllGlobals();
});

const URL = 'https://api.github.com/repos/owner/name/releases/latest';

describe('latest release', () => {
  it('is asked of the repository the package names, in any of npm\'s GitHub forms, and of none otherwise', () => {
    for (const repository of ['https://github.com/owner/name', 'git+https://github.com/owner/name.git', 'git@github.com:owner/name.git', 'github:owner/name', ' https://github.com/owner/name/ ']) {
      expect(releasesUrl(repository)).toBe(URL);
    }
    expect(releasesUrl('')).toBeUndefined();
    expect(releasesUrl('https://gitlab.com/owner/name')).toBeUndefined();
  });

  it('reads the tag and notes of the latest release', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(Response.json({ tag_name: 'v0.2.0', body: 'notes', html_url: 'https://example.com' }))));
    await expect(fetchLatestRelease(URL)).resolves.toMatchObject({ tag_name: 'v0.2.0', body: 'notes' });
  });

  it('fails with a message when the host answers an error or cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response('{}', { status: 404 }))));
    await expect(fetchLatestRelease(URL)).rejects.toThrow('HTTP 404');
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(fetchLatestRelease(URL)).rejects.toThrow('Failed to fetch');
  });

  it('compares tags with and without the v prefix', () => {
    expect(isCurrentRelease('v0.1.0', '0.1.0')).toBe(true);
    expect(isCurrentRelease('v0.2.0', '0.1.0')).toBe(false);
  });
});
