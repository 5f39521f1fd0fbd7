import type { Redis } from 'ioredis';

/**
 * Checks every counter and holds the reservation on all of them, or on none: one script, so two nodes
 * admitting at once cannot both pass the last of a budget.
 * KEYS: the counters. ARGV: reservation, count, then per counter its amount and expiry (epoch ms).
 * Returns {1} when held, {0, index (1-based), spent} when the counter at index would pass its amount.
 */
const HOLD_SCRIPT = `
local reservation = tonumber(ARGV[1])
for i = 1, #KEYS do
  local spent = tonumber(redis.call('GET', KEYS[i]) or '0')
  if spent + reservation > tonumber(ARGV[1 + i * 2]) then return {0, i, spent} end
end
for i = 1, #KEYS do
  redis.call('INCRBY', KEYS[i], reservation)
  redis.call('PEXPIREAT', KEYS[i], ARGV[2 + i * 2])
end
return {1}
`;

/** Adds to a counter that still exists: one that expired (its period long over) is not brought back. */
const ADD_SCRIPT = `
if redis.call('EXISTS', KEYS[1]) == 1 then return redis.call('INCRBY', KEYS[1], ARGV[1]) end
return 0
`;

interface SpendCommands {
  tollgateBudgetHold(...args: (string | number)[]): Promise<number[]>;
  tollgateBudgetAdd(key: string, quota: number): Promise<number>;
}

/** How long a counter outlives its period: a request running past the end still finds it. */
export const SPEND_KEY_GRACE_MS = 24 * 3_600_000;

/** The Redis key of a counter's period: named by the counter and the period's start, so a new period is a new key. */
export const spendKey = (id: string, start: number) => `tollgate:budget:${id}:${start}`;

/** Spend per key and user in Redis, shared by every node: INCRBY on a key per counter and period. */
export class RedisSpend {
  private readonly commands: SpendCommands;

  constructor(private readonly redis: Redis) {
    redis.defineCommand('tollgateBudgetHold', { lua: HOLD_SCRIPT });
    redis.defineCommand('tollgateBudgetAdd', { lua: ADD_SCRIPT, numberOfKeys: 1 });
    this.commands = redis as unknown as SpendCommands;
  }

  /** Reachable now: while ioredis reconnects, commands would wait in its queue instead of failing. */
  get ready(): boolean {
    return this.redis.status === 'ready';
  }

  /** The spend counted, or undefined when no node has counted this period yet. */
  async spent(key: string): Promise<number | undefined> {
    const value = await this.redis.get(key);
    return value === null ? undefined : Number(value);
  }

  /** Starts a period's counter at what the rollups say was spent, unless another node did first. */
  async begin(key: string, spent: number, expiresAt: number): Promise<void> {
    await this.redis.set(key, spent, 'PXAT', expiresAt, 'NX');
  }

  /** Holds the reservation on every counter; -1 when held, else the index of the counter refused and its spend. */
  async hold(counters: readonly { key: string; amount: number; expiresAt: number }[], reservation: number): Promise<{ refusedBy: number; spent: number }> {
    const args: (string | number)[] = [counters.length, ...counters.map((c) => c.key), reservation, counters.length];
    for (const { amount, expiresAt } of counters) args.push(amount, expiresAt);
    const [held, index = 0, spent = 0] = await this.commands.tollgateBudgetHold(...args);
    return Number(held) === 1 ? { refusedBy: -1, spent: 0 } : { refusedBy: Number(index) - 1, spent: Number(spent) };
  }

  async add(key: string, quota: number): Promise<void> {
    await this.commands.tollgateBudgetAdd(key, quota);
  }
}
