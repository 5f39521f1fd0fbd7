import type { RateLimits } from '@tollgate/contract';
import { Redis } from 'ioredis';
import { beforeAll, describe, expect, it } from 'vitest';
import type { PrivateRedis } from '../../../test/private-redis.js';
import { nodeWithPrivateRedis, redisUrl, rootKey, twoNodeKind as kind, twoNodesWithRedis, type Node } from '../../../test/nodes-with-redis.js';

/** A key with the given limits (the others off). */
const limitedKey = (node: Node, limits: Partial<RateLimits>) => rootKey(node, 'rl', { limits: { rpm_limit: 0, tpm_limit: 0, concurrency_limit: 0, ...limits } });

const chat = (node: Node, key: string) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  }).then((response) => response.status);

describe.runIf(redisUrl)(`two nodes sharing one Redis (${kind})`, () => {
  const { nodes, upstream } = twoNodesWithRedis();

  it('never lets requests spread over both nodes pass a key’s requests per minute', async () => {
    const { key } = await limitedKey(nodes[0]!, { rpm_limit: 5 });
    const statuses = await Promise.all(Array.from({ length: 24 }, (_, i) => chat(nodes[i % 2]!, key)));
    expect(statuses.filter((status) => status === 200).length).toBe(5);
    expect(statuses.filter((status) => status === 429).length).toBe(19);
  });

  it('never runs more requests at once than a key’s concurrency across both nodes, and frees every slot', async () => {
    const { key, id } = await limitedKey(nodes[0]!, { concurrency_limit: 3 });
    upstream.behaviour = { delayMs: 300 };
    const statuses = await Promise.all(Array.from({ length: 16 }, (_, i) => chat(nodes[i % 2]!, key)));
    upstream.behaviour = {};
    expect(statuses.filter((status) => status === 200).length).toBe(3);
    await expect.poll(async () => (await nodes[1]!.runtime.ctx.relay.limiter.usage(`k${id}`)).concurrency).toBe(0);
    expect((await Promise.all([chat(nodes[0]!, key), chat(nodes[1]!, key)])).every((status) => status === 200)).toBe(true);
  });
});

describe('a node whose Redis goes away', () => {
  let node!: Node;
  let redis!: PrivateRedis;
  const alone = nodeWithPrivateRedis();
  // The helper's hook runs first: its node and Redis are there by now.
  beforeAll(() => {
    ({ node, redis } = alone);
  });

  it('keeps serving with limits counted in memory, and counts in Redis again once it is back', async () => {
    const { key } = await limitedKey(node, { rpm_limit: 3 });
    expect(await chat(node, key)).toBe(200);
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    // In memory the window starts empty: three more are let in, the fourth refused; none fails.
    const whileDown = [];
    for (let i = 0; i < 4; i += 1) whileDown.push(await chat(node, key));
    expect(whileDown).toEqual([200, 200, 200, 429]);
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    // The fresh Redis has no count: the memory window (full) is no longer the one asked.
    expect(await chat(node, key)).toBe(200);
  }, 20_000);

  it('does not wait on a Redis that stopped answering, and frees the slot of an admission it granted late', async () => {
    const { key, id } = await limitedKey(node, { concurrency_limit: 5 });
    const direct = new Redis(redis.url);
    try {
      redis.pause();
      // The connection stays "ready": the first request waits for the timeout, the next ones not at all.
      expect(await Promise.all([chat(node, key), chat(node, key)])).toEqual([200, 200]);
      expect(await chat(node, key)).toBe(200);
      redis.resume();
      // Redis now runs the admission it had queued; the node gives that slot back at once.
      await expect.poll(() => direct.zcard(`tollgate:limit:k${id}:f`), { timeout: 5000 }).toBe(0);
      expect(await direct.exists(`tollgate:limit:k${id}:fs`)).toBe(1);
    } finally {
      redis.resume();
      direct.disconnect();
    }
  }, 20_000);
});
