import { beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import type { PrivateRedis } from '../../../test/private-redis.js';
import { nodeWithPrivateRedis, redisUrl, rootKey, twoNodeKind as kind, twoNodesWithRedis, type Node } from '../../../test/nodes-with-redis.js';
import { spendKey } from './redis-spend.js';

/** Every call costs exactly this: ModelRequestPrice $0.002 x QuotaPerUnit 500000, reserved and charged. */
const CALL = 1000;

/** A key with a daily budget. */
const budgetedKey = (node: Node, amount: number) => rootKey(node, 'bg', { budget: { budget_amount: amount, budget_period: 'day' } });

const chat = (node: Node, key: string) =>
  fetch(`${node.url}/v1/chat/completions`, {
    method: 'POST',
    headers: { authorization: `Bearer sk-${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }] }),
  }).then(async (response) => {
    await response.arrayBuffer();
    return response.status;
  });

/** Every call priced per request, so that each costs CALL exactly. */
const pricePerCall = (node: Node, cookie: string) =>
  node.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie }, payload: { key: 'ModelRequestPrice', value: '{"gpt-4o-mini":0.002}' } }).then(() => undefined);

describe.runIf(redisUrl)(`budgets on two nodes sharing one Redis (${kind})`, () => {
  const { nodes } = twoNodesWithRedis({ setUp: pricePerCall, ready: (node) => node.runtime.ctx.options.str('ModelRequestPrice').includes('0.002') });

  it('never lets requests spread over both nodes spend past a key’s budget, and both see the same spend', async () => {
    const { key, id } = await budgetedKey(nodes[0]!, 5 * CALL);
    const statuses = await Promise.all(Array.from({ length: 14 }, (_, i) => chat(nodes[i % 2]!, key)));
    expect(statuses.filter((status) => status === 200).length).toBe(5);
    expect(statuses.filter((status) => status === 429).length).toBe(9);
    const scope = { id: `k${id}`, owner: 'key' as const, budget: { amount: 5 * CALL, period: 'day' as const }, userId: 1, tokenId: id };
    for (const node of nodes) await expect.poll(async () => (await node.runtime.ctx.relay.budgets.ledger.spent(scope, 'UTC')).spent).toBe(5 * CALL);
  });
});

describe('budgets on a node whose Redis goes away', () => {
  let node!: Node;
  let redis!: PrivateRedis;
  const alone = nodeWithPrivateRedis({ setUp: pricePerCall });
  // The helper's hook runs first: its node and Redis are there by now.
  beforeAll(() => {
    ({ node, redis } = alone);
  });

  it('keeps serving, counts in memory from the usage rollups, says so in /readyz, and counts in Redis again once it is back', async () => {
    const { key } = await budgetedKey(node, 3 * CALL);
    expect(await chat(node, key)).toBe(200);
    await node.runtime.ctx.relay.usage.flush();
    await redis.kill();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 5000 }).not.toBe('ready');
    // The memory count starts at the 1000 the rollups hold: two more calls fit, the third is refused; none fails.
    const whileDown = [];
    for (let i = 0; i < 3; i += 1) whileDown.push(await chat(node, key));
    expect(whileDown).toEqual([200, 200, 429]);
    const ready = await fetch(`${node.url}/readyz`);
    expect(((await ready.json()) as { checks: Record<string, string> }).checks.budgets).toBe('counted in this node’s memory: Redis is unreachable');
    await node.runtime.ctx.relay.usage.flush();
    await redis.revive();
    await expect.poll(() => node.runtime.ctx.redis?.status, { timeout: 10_000, interval: 100 }).toBe('ready');
    // The fresh Redis starts the counter from the rollups (3000): the budget stays used up.
    await expect.poll(() => chat(node, key), { timeout: 10_000, interval: 200 }).toBe(429);
    await expect.poll(async () => ((await (await fetch(`${node.url}/readyz`)).json()) as { checks: Record<string, string> }).checks.budgets, { timeout: 10_000 }).toBeUndefined();
  }, 30_000);

  it('does not wait on a Redis that stopped answering, and gives back a hold it made late', async () => {
    const { key, id } = await budgetedKey(node, 10 * CALL);
    await expect.poll(() => chat(node, key), { timeout: 10_000, interval: 200 }).toBe(200);
    const counter = spendKey(`k${id}`, node.runtime.ctx.relay.budgets.ledger.periods.bounds('day', 'UTC', Date.now()).start);
    const direct = new Redis(redis.url);
    try {
      const before = Number(await direct.get(counter));
      expect(before).toBeGreaterThanOrEqual(CALL);
      redis.pause();
      // The connection stays "ready": this request waits for the 1 s timeout, then is counted in memory.
      expect(await chat(node, key)).toBe(200);
      redis.resume();
      // Redis now runs the hold it had queued; the node takes it back, so the counter is where it was.
      await expect.poll(async () => Number(await direct.get(counter)), { timeout: 5000 }).toBe(before);
    } finally {
      redis.resume();
      direct.disconnect();
    }
  }, 20_000);
});
