import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChatStream } from '../../test/chat-stream.js';
import { ConnectProxy } from '../../test/connect-proxy.js';
import { FakeSpark } from '../../test/fake-spark.js';
import { relayFixture, type RelayFixture } from '../../test/relay-fixture.js';

const MODEL = 'Spark-Max';
const SECRET = 'MjlmNzkzNmZkMDQ2OTc0ZDdmNGE2ZTZi';
const API_KEY = 'fake-api-key';

/**
 * Spark's websocket goes through RELAY_PROXY as every other upstream call does (issue 16): each call opens
 * one HTTP CONNECT tunnel to the Spark host, and the answer comes back through it.
 */
describe('the Spark websocket through RELAY_PROXY', () => {
  let f: RelayFixture;
  let spark: FakeSpark;
  let proxy: ConnectProxy;
  let key: string;

  beforeAll(async () => {
    spark = await new FakeSpark(SECRET, API_KEY).start();
    proxy = await new ConnectProxy().start();
    f = await relayFixture('sqlite', { RELAY_PROXY: proxy.url });
    await f.ctx.options.set('ModelRatio', JSON.stringify({ [MODEL]: 1 }));
    await f.addChannel({ type: 18, name: 'spark', key: `APPID|${SECRET}|${API_KEY}`, base_url: spark.baseUrl, models: MODEL });
    key = await f.addKey(await f.addUser('sparkproxy', 1_000_000));
  });
  afterAll(async () => {
    await f.close();
    await Promise.all([spark.stop(), proxy.stop()]);
  });

  it('opens one tunnel to the Spark host per call, streamed and not', async () => {
    const sparkHost = new URL(spark.baseUrl).host;
    const answer = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }] });
    expect(answer.choices[0]?.message.content).toBe('Hello from spark');
    expect(proxy.tunnels).toEqual([sparkHost]);
    const stream = await f.client(key).chat.completions.create({ model: MODEL, messages: [{ role: 'user', content: 'hi' }], stream: true });
    expect((await readChatStream(stream)).text).toBe('Hello from spark');
    expect(proxy.tunnels).toEqual([sparkHost, sparkHost]);
    // The fake saw the handshakes arrive through the tunnels, signed for its own host.
    expect(spark.received).toHaveLength(2);
  });
});
