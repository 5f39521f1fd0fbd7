import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

const TOKEN = 'metrics-token-for-tests';

/** The response cache's counters in /metrics: what the cache counted, read when scraped. */
describe('response cache metrics', () => {
  let f: RelayFixture;
  let upstream: FakeOpenAI;

  beforeAll(async () => {
    upstream = await new FakeOpenAI('metered').start();
    f = await relayFixture('sqlite', { METRICS_ENABLED: 'true', METRICS_TOKEN: TOKEN });
    await f.addChannel({ name: 'metered', base_url: upstream.baseUrl, models: 'gpt-4o-mini' });
  });
  afterAll(async () => {
    await f.close();
    await upstream.stop();
  });

  const metric = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

  it('counts hits, misses, answers kept and the bytes served from the cache', async () => {
    const userId = await f.addUser('rcmetrics', 100_000_000);
    const key = await f.addKey(userId);
    const ask = () =>
      fetch(`${f.url}/v1/chat/completions`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json', 'x-tollgate-cache': 'on' },
        body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'count me' }] }),
      }).then((response) => response.text());
    const answer = await ask();
    await eventually(() => f.ctx.relay.responseCache.counts.stored === 1);
    await ask();
    const text = await (await fetch(`${f.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(metric(text, 'tollgate_response_cache_hits_total')).toBe(1);
    expect(metric(text, 'tollgate_response_cache_misses_total')).toBe(1);
    expect(metric(text, 'tollgate_response_cache_stored_total')).toBe(1);
    expect(metric(text, 'tollgate_response_cache_bytes_saved_total')).toBe(Buffer.byteLength(answer));
    expect(metric(text, 'tollgate_response_cache_store_errors_total')).toBe(0);
  });
});
