import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeJsonServer } from '../../../test/fake-json-server.js';
import { UpstreamClient } from '../../relay/upstream-client.js';
import { balanceBase, fetchBalance } from './channel-balance.js';

describe('channel balances', () => {
  const vendor = new FakeJsonServer();
  const relayHost = new FakeJsonServer();
  const client = new UpstreamClient({ timeoutSeconds: 5 });
  let answer: unknown;

  beforeAll(async () => {
    vendor.on('GET', '/v1/user/info', () => answer);
    await vendor.start();
    await relayHost.start();
  });
  afterAll(async () => {
    await client.close();
    await vendor.close();
    await relayHost.close();
  });

  // The channel's base URL points at another server: a fixed-host vendor must not ask it.
  const siliconFlow = () => fetchBalance(client, { type: 44, key: 'sf-key\nsecond-key', base_url: relayHost.url }, { 44: vendor.url });

  it('reads SiliconFlow only when it answers code 20000, on its own host', async () => {
    answer = { code: 20000, message: 'OK', status: true, data: { totalBalance: '12.5' } };
    expect(await siliconFlow()).toBe(12.5);
    expect(vendor.received('/v1/user/info').at(-1)?.headers.authorization).toBe('Bearer sf-key');
    expect(relayHost.requests).toEqual([]);
  });

  it("fails with SiliconFlow's own message when the code is not 20000", async () => {
    answer = { code: 30001, message: 'Invalid token', status: false, data: { totalBalance: '99' } };
    await expect(siliconFlow()).rejects.toThrow('SiliconFlow answered code 30001: Invalid token');
    answer = { message: 'no code at all' };
    await expect(siliconFlow()).rejects.toThrow('SiliconFlow answered code undefined: no code at all');
  });

  it('asks fixed-host vendors on their host whatever the base URL, and OpenAI-style ones under it (reference 3.7)', () => {
    // AI Proxy relays through api.aiproxy.io (its catalog base URL) but keeps accounts on aiproxy.io.
    expect(balanceBase({ type: 10, base_url: 'https://api.aiproxy.io' })).toBe('https://aiproxy.io');
    expect(balanceBase({ type: 10, base_url: null })).toBe('https://aiproxy.io');
    expect(balanceBase({ type: 44, base_url: 'https://mirror.example' })).toBe('https://api.siliconflow.cn');
    expect(balanceBase({ type: 1, base_url: 'https://mirror.example/' })).toBe('https://mirror.example');
    expect(balanceBase({ type: 1, base_url: '' })).toBe('https://api.openai.com');
    expect(balanceBase({ type: 4, base_url: null })).toBe('https://api.closeai-proxy.xyz');
    expect(() => balanceBase({ type: 8, base_url: '' })).toThrow('the channel has no base URL');
  });
});
