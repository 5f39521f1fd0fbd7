import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../../test/canonical-request.js';
import { FakeImageHost } from '../../../test/fake-image-host.js';
import { ImageFetcher } from './image-fetcher.js';

describe('ImageFetcher', () => {
  let host: FakeImageHost;
  const open = new ImageFetcher({ timeoutMs: 500, maxBytes: 1024 * 1024, allowPrivate: true });
  const guarded = new ImageFetcher({ timeoutMs: 500, maxBytes: 1024 * 1024, allowPrivate: false });
  const never = new AbortController().signal;

  beforeAll(async () => {
    host = await new FakeImageHost().start();
  });
  afterAll(async () => {
    await Promise.all([open.close(), guarded.close(), host.stop()]);
  });

  it('downloads an image with its type', async () => {
    const image = await open.fetch(`${host.url}/cat.png`, never);
    expect(image).toEqual({ mimeType: 'image/png', data: Buffer.from(PNG_1X1, 'base64') });
  });

  it('follows a redirect', async () => {
    expect((await open.fetch(`${host.url}/moved`, never)).mimeType).toBe('image/png');
  });

  it.each([
    ['/page.html', 'it is not an image (text/html)'],
    ['/big.png', 'it is larger than 1048576 bytes'],
    ['/missing.png', 'the server answered 404'],
    ['/slow.png', 'timed out'],
  ])('refuses %s as the client’s fault: %s', async (path, reason) => {
    await expect(open.fetch(`${host.url}${path}`, never)).rejects.toMatchObject({ status: 400, code: 'invalid_image_url', message: expect.stringContaining(reason) });
  });

  it.each(['ftp://example.com/cat.png', 'not a url'])('refuses %s', async (url) => {
    await expect(open.fetch(url, never)).rejects.toMatchObject({ status: 400, code: 'invalid_image_url' });
  });

  it('never reaches internal addresses unless allowed, by literal address or by a name resolving to one', async () => {
    const port = new URL(host.url).port;
    for (const url of [`http://127.0.0.1:${port}/cat.png`, `http://localhost:${port}/cat.png`, 'http://169.254.169.254/latest/meta-data']) {
      await expect(guarded.fetch(url, never)).rejects.toMatchObject({ status: 400, message: expect.stringContaining('internal') });
    }
    const hitsBefore = host.hits.get('/cat.png') ?? 0;
    expect(hitsBefore).toBeGreaterThan(0);
    await guarded.fetch(`http://127.0.0.1:${port}/cat.png`, never).catch(() => undefined);
    expect(host.hits.get('/cat.png')).toBe(hitsBefore);
  });

  it('stops when the client leaves', async () => {
    const leaving = new AbortController();
    const pending = open.fetch(`${host.url}/slow.png`, leaving.signal);
    leaving.abort();
    await expect(pending).rejects.toThrow();
  });
});
