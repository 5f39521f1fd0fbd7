import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PNG_1X1 } from '../../test/canonical-request.js';
import { databaseKinds } from '../../test/databases.js';
import { FakeGemini } from '../../test/fake-gemini.js';
import { FakeImageHost } from '../../test/fake-image-host.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/** Linked images reach protocols that only take bytes as inline data, downloaded once by the relay. */
describe.each(databaseKinds)('remote images in chat requests on %s', (kind) => {
  let f: RelayFixture;
  let host: FakeImageHost;
  let primary: FakeGemini;
  let backup: FakeGemini;
  let openai: FakeOpenAI;
  let userId: number;
  let key: string;

  beforeAll(async () => {
    host = await new FakeImageHost().start();
    primary = await new FakeGemini('primary').start();
    backup = await new FakeGemini('backup').start();
    openai = await new FakeOpenAI('openai').start();
    // The image host is on loopback, which the relay refuses to reach unless told otherwise.
    f = await relayFixture(kind, { IMAGE_FETCH_ALLOW_PRIVATE: 'true', IMAGE_FETCH_MAX_MB: '1' });
    await f.ctx.options.set('ModelRatio', JSON.stringify({ 'vision-model': 1, 'vision-passthrough': 1 }));
    await f.ctx.options.set('RetryTimes', '2');
    await f.addChannel({ type: 24, name: 'primary', key: 'AIza-1', base_url: primary.baseUrl, models: 'vision-model', priority: 10 });
    await f.addChannel({ type: 24, name: 'backup', key: 'AIza-2', base_url: backup.baseUrl, models: 'vision-model', priority: 1 });
    await f.addChannel({ type: 1, name: 'openai', base_url: openai.baseUrl, models: 'vision-passthrough' });
    userId = await f.addUser('imageuser', 10_000_000);
    key = await f.addKey(userId, { unlimitedQuota: false, remainQuota: 10_000_000 });
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([host.stop(), primary.stop(), backup.stop(), openai.stop()]);
  });
  afterEach(() => {
    primary.behaviour = {};
    host.hits.clear();
  });

  const ask = (model: string, url: string) =>
    f.client(key).chat.completions.create({
      model,
      messages: [{ role: 'user', content: [{ type: 'text', text: 'What is this?' }, { type: 'image_url', image_url: { url } }] }],
    });
  const sentParts = (upstream: FakeGemini) => (upstream.received.at(-1)?.json as { contents: { parts: unknown[] }[] }).contents[0]?.parts;
  const remaining = async () => (await f.ctx.db.selectFrom('users').select('quota').where('id', '=', userId).executeTakeFirstOrThrow()).quota;

  it('downloads a linked image and sends it inline to a protocol that needs the bytes', async () => {
    await ask('vision-model', `${host.url}/cat.png`);
    expect(sentParts(primary)).toEqual([{ text: 'What is this?' }, { inlineData: { mimeType: 'image/png', data: PNG_1X1 } }]);
    expect(host.hits.get('/cat.png')).toBe(1);
  });

  it('downloads once however many channels are tried', async () => {
    primary.behaviour = { fail: { status: 503, body: { error: { code: 503, message: 'overloaded', status: 'UNAVAILABLE' } } } };
    await ask('vision-model', `${host.url}/moved`);
    expect(sentParts(backup)).toContainEqual({ inlineData: { mimeType: 'image/png', data: PNG_1X1 } });
    expect(host.hits.get('/cat.png')).toBe(1);
  });

  it('passes the link through untouched to a protocol that reads URLs itself', async () => {
    await ask('vision-passthrough', `${host.url}/cat.png`);
    expect(JSON.stringify(openai.received.at(-1)?.json)).toContain(`${host.url}/cat.png`);
    expect(host.hits.size).toBe(0);
  });

  it.each([
    ['/page.html', 'it is not an image'],
    ['/big.png', 'it is larger than'],
  ])('answers 400 for %s, calls no channel and charges nothing', async (path, reason) => {
    await f.flush();
    const before = await remaining();
    const calls = primary.received.length + backup.received.length;
    await expect(ask('vision-model', `${host.url}${path}`)).rejects.toMatchObject({ status: 400, code: 'invalid_image_url', message: expect.stringContaining(reason) });
    expect(primary.received.length + backup.received.length).toBe(calls);
    await f.flush();
    expect(await remaining()).toBe(before);
  });
});
