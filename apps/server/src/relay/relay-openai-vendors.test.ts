import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { FakeOpenAI } from '../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

/** OpenAI-protocol vendors whose URL or headers differ from OpenAI's (reference 2.2), seen from the upstream's side. */
describe.each(databaseKinds)('OpenAI-family vendors on %s', (kind) => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;
  let key: string;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('vendor').start();
    f = await relayFixture(kind);
    key = await f.addKey(await f.addUser('vendoruser', 10_000_000));
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  /** Sends one chat through a channel made for it alone, and answers what the upstream received. */
  const throughChannel = async (channel: Record<string, unknown>, model: string) => {
    const id = await f.addChannel({ name: `vendor-${model}`, base_url: upstream.baseUrl, models: model, key: 'vendor-secret', ...channel });
    try {
      const answer = await f.client(key).chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
      expect(answer.choices[0]?.message.content).toBe('Hello from vendor');
      const sent = upstream.received.at(-1);
      if (!sent) throw new Error('the upstream received nothing');
      return sent;
    } finally {
      await f.removeChannel(id);
    }
  };

  it("calls an Azure deployment with config's api_version, else other, else the default, and authenticates by api-key only", async () => {
    const both = await throughChannel({ type: 3, config: JSON.stringify({ api_version: '2024-10-21' }), other: '2023-05-15' }, 'gpt-3.5-turbo');
    expect(both.path).toBe('/openai/deployments/gpt-35-turbo/chat/completions?api-version=2024-10-21');
    expect(both.headers['api-key']).toBe('vendor-secret');
    expect(both.headers.authorization).toBeUndefined();

    const legacy = await throughChannel({ type: 3, other: '2023-05-15' }, 'gpt-4o');
    expect(legacy.path).toBe('/openai/deployments/gpt-4o/chat/completions?api-version=2023-05-15');
    expect(legacy.headers.authorization).toBeUndefined();

    const neither = await throughChannel({ type: 3 }, 'gpt-4o-mini');
    expect(neither.path).toBe('/openai/deployments/gpt-4o-mini/chat/completions?api-version=2024-03-01-preview');
    expect(neither.headers['api-key']).toBe('vendor-secret');
  });

  it('sends OpenRouter the HTTP-Referer and X-Title it ranks apps by, with the usual bearer key', async () => {
    const sent = await throughChannel({ type: 20 }, 'gpt-4o');
    expect(sent.path).toBe('/v1/chat/completions');
    expect(sent.headers['http-referer']).toBe('https://github.com/songquanpeng/one-api');
    expect(sent.headers['x-title']).toBe('One API');
    expect(sent.headers.authorization).toBe('Bearer vendor-secret');
  });

  it('sends a plain OpenAI channel neither the OpenRouter headers nor an api-key', async () => {
    const sent = await throughChannel({ type: 1 }, 'gpt-4o');
    expect(sent.headers['http-referer']).toBeUndefined();
    expect(sent.headers['x-title']).toBeUndefined();
    expect(sent.headers['api-key']).toBeUndefined();
    expect(sent.headers.authorization).toBe('Bearer vendor-secret');
  });
});
