import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CacheName } from '../../cluster/cache-sync.js';
import { databaseKinds } from '../../../test/databases.js';
import { FakeOpenAI } from '../../../test/fake-openai.js';
import { relayFixture, type RelayFixture } from '../../../test/relay-fixture.js';

describe.each(databaseKinds)('auto-disable takes a channel out of routing at once on %s', (kind) => {
  let f: RelayFixture;
  let bad: FakeOpenAI;
  let good: FakeOpenAI;
  let key: string;

  beforeAll(async () => {
    bad = await new FakeOpenAI('bad').start();
    good = await new FakeOpenAI('good').start();
    bad.behaviour = { fail: { status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } } } };
    f = await relayFixture(kind);
    key = await f.addKey(await f.addUser('burst', 100_000_000));
    await f.ctx.options.set('RetryTimes', '1');
  });
  afterAll(async () => {
    await f.close();
    await bad.stop();
    await good.stop();
  });

  const chat = async (model: string) => {
    const response = await fetch(`${f.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });
    return ((await response.json()) as { choices?: { message: { content: string } }[] }).choices?.[0]?.message.content;
  };
  const status = async (id: number) => (await f.ctx.db.selectFrom('channels').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('leaves the channel routable when auto-disable is off', async () => {
    const badId = await f.addChannel({ name: 'bad-off', base_url: bad.baseUrl, models: 'gpt-4o-mini', priority: 10 });
    await f.addChannel({ name: 'good-off', base_url: good.baseUrl, models: 'gpt-4o-mini' });
    expect(await chat('gpt-4o-mini')).toBe('Hello from good');
    expect(f.ctx.relay.channels.table.channel(badId)?.status).toBe(1);
    expect(await status(badId)).toBe(1);
  });

  it('sends no request to the broken channel after its first failure, while the disable is still being written', async () => {
    await f.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    const badId = await f.addChannel({ name: 'bad', base_url: bad.baseUrl, models: 'gpt-4o', priority: 10 });
    await f.addChannel({ name: 'good', base_url: good.baseUrl, models: 'gpt-4o' });

    // Hold the change notice, as a slow database or a busy cluster would: every node, this one included,
    // reloads its routing table only after it. This node must not need that reload to stop using the channel.
    const sync = f.ctx.cacheSync;
    const changed = sync.changed.bind(sync);
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    sync.changed = async (name: CacheName) => {
      await gate;
      return changed(name);
    };
    try {
      const before = bad.received.length;
      // The first request meets the 401 on the higher tier and is retried on the healthy channel.
      expect(await chat('gpt-4o')).toBe('Hello from good');
      expect(bad.received.length - before).toBe(1);
      // Concurrent and back-to-back requests after it: none reaches the broken channel.
      const burst = await Promise.all(Array.from({ length: 12 }, () => chat('gpt-4o')));
      for (let i = 0; i < 4; i += 1) burst.push(await chat('gpt-4o'));
      expect(burst).toEqual(Array.from({ length: 16 }, () => 'Hello from good'));
      expect(bad.received.length - before).toBe(1);
      expect(f.ctx.relay.channels.table.channel(badId)?.status).toBe(3);
    } finally {
      openGate();
      sync.changed = changed;
    }
    // The write and the notice for the other nodes still happen.
    await expect.poll(() => status(badId)).toBe(3);
    await f.ctx.relay.channels.reload();
    expect(f.ctx.relay.channels.table.channel(badId)?.status).toBe(3);
  });

  it('keeps a withdrawn channel out through a reload that still reads it enabled, until released', async () => {
    const id = await f.addChannel({ name: 'withdrawn', base_url: good.baseUrl, models: 'gpt-4o-withdrawn' });
    const registry = f.ctx.relay.channels;
    const release = registry.withdraw(id);
    const second = registry.withdraw(id);
    expect(registry.table.select('default', 'gpt-4o-withdrawn')).toBeUndefined();
    await registry.reload();
    expect(registry.table.select('default', 'gpt-4o-withdrawn')).toBeUndefined();
    release();
    release(); // a second call of the same release does not free the other holder
    await registry.reload();
    expect(registry.table.select('default', 'gpt-4o-withdrawn')).toBeUndefined();
    second();
    await registry.reload();
    expect(registry.table.select('default', 'gpt-4o-withdrawn')?.id).toBe(id);
  });
});
