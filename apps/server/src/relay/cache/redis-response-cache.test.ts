import { beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../../test/eventually.js';
import type { PrivateRedis } from '../../../test/private-redis.js';
import { nodeWithPrivateRedis, redisUrl, rootKey, twoNodeKind as kind, twoNodesWithRedis, type Node } from '../../../test/nodes-with-redis.js';

/** A caching key of root's: a shared Redis keeps entries across runs, so its id is one no other run uses. */
const cachingKey = async (node: Node): Promise<string> => (await rootKey(node, 'rc', { responseCache: true })).key;

/** A question no earlier run asked: the shared Redis may still hold answers of other runs of this test. */
const question = () => `what is ${Math.random()}`;

const chat = (node: Node, key: string, content: string, stream = false) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', stream, messages: [{ role: 'user', content }] }),
  }).then(async (response) => ({ status: response.status, header: response.headers.get('x-tollgate-cache'), text: await response.text() }));

describe.runIf(redisUrl)(`the response cache on two nodes sharing one Redis (${kind})`, () => {
  const { nodes, upstream } = twoNodesWithRedis();

  it('answers on one node what the other kept, a stream as a stream, and keeps nothing in the database', async () => {
    const key = await cachingKey(nodes[0]!);
    for (const stream of [false, true]) {
      const asked = question();
      const calls = upstream.received.length;
      const first = await chat(nodes[0]!, key, asked, stream);
      expect(first).toMatchObject({ status: 200, header: 'miss' });
      await eventually(() => nodes[0]!.runtime.ctx.relay.responseCache.counts.stored > 0);
      const second = await eventually(async () => {
        const answer = await chat(nodes[1]!, key, asked, stream);
        return answer.header === 'hit' && answer;
      });
      expect(second.text).toBe(first.text);
      expect(upstream.received.length).toBe(calls + 1);
    }
    expect(nodes[0]!.runtime.ctx.relay.responseCache.store.kind).toBe('redis');
    expect(await nodes[0]!.runtime.ctx.db.selectFrom('response_cache').select('cache_key').execute()).toEqual([]);
  });
});

describe.runIf(redisUrl)('the response cache on a node whose Redis goes away', () => {
  let node!: Node;
  let redis!: PrivateRedis;
  const alone = nodeWithPrivateRedis();
  const { upstream } = alone;
  // The helper's hook runs first: its node and Redis are there by now.
  beforeAll(() => {
    ({ node, redis } = alone);
  });

  it('serves uncached while Redis is down, says so in /readyz, and caches again once it is back', async () => {
    const key = await cachingKey(node);
    const asked = question();
    await chat(node, key, asked);
    await eventually(() => node.runtime.ctx.relay.responseCache.counts.stored > 0);
    expect((await chat(node, key, asked)).header).toBe('hit');
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    const calls = upstream.received.length;
    for (let i = 0; i < 2; i += 1) expect(await chat(node, key, asked)).toMatchObject({ status: 200, header: 'miss' });
    expect(upstream.received.length).toBe(calls + 2);
    const ready = (await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> };
    expect(ready.checks.response_cache).toContain('redis store failed');
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    await chat(node, key, asked);
    await expect.poll(async () => (await chat(node, key, asked)).header, { timeout: 10_000, interval: 200 }).toBe('hit');
    await expect.poll(async () => ((await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> }).checks.response_cache, { timeout: 10_000 }).toBeUndefined();
  });
});
