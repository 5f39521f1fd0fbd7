import type { Kysely } from 'kysely';
import { toBool, type Database } from '../../db/schema.js';
import { splitList } from '../../lib/list.js';
import { budgetSetOf, type BudgetSet } from '../budgets/budget-scope.js';
import { limitSetOf, type LimitSet } from '../limits/limit-set.js';
import type { KeyStatusMarker } from './key-status-marker.js';
import { subnetMatcher } from './subnet.js';

/** What the relay needs to know about a key and its owner, read once and then served from memory. */
export interface KeyRecord {
  tokenId: number;
  tokenName: string;
  status: number;
  expiredTime: number;
  /** As read, less what this node has settled since (takeFromKey). */
  remainQuota: number;
  unlimitedQuota: boolean;
  /** The allowlist of models, or undefined when the key may use every model of its group. */
  models?: Set<string>;
  inSubnet?: (ip: string) => boolean;
  userId: number;
  username: string;
  userRole: number;
  userStatus: number;
  group: string;
  /** The key's and its user's own rate limits; undefined when all are 0 (none). */
  keyLimits?: LimitSet;
  userLimits?: LimitSet;
  /** The key's and its user's own spending budgets; undefined when none. */
  keyBudget?: BudgetSet;
  userBudget?: BudgetSet;
  /** The key's answers are kept in the response cache (relay/cache/); a request's header may say otherwise. */
  responseCache?: boolean;
}

interface Slot {
  record: KeyRecord | undefined;
  expiresAt: number;
}

/** What `held` answers for a key this node must read from the database. */
export const NOT_HELD = Symbol('not held');

/** Unknown keys are remembered briefly too, so a client retrying a bad key does not reach the database each time. */
const NEGATIVE_TTL_MS = 5_000;
const MAX_ENTRIES = 100_000;

/**
 * Keys and their users cached per node. Any change to tokens or users clears it (CacheSync 'keys'), so the
 * TTL only bounds how long a missed notification can last.
 */
export class KeyCache {
  private readonly slots = new Map<string, Slot>();
  /** Reads under way, by key. */
  private readonly loading = new Map<string, Promise<KeyRecord | undefined>>();
  /** Moves on every clear: a row read before a clear is used once but not kept, or the change would be lost. */
  private generation = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly ttlMs: number,
    /** Stores the keys the relay finds expired or used up; the refusals themselves come from the cache. */
    readonly statuses: KeyStatusMarker,
  ) {}

  /** The key's record as this node holds it (undefined: a key known not to exist), or NOT_HELD when it must be read. */
  held(key: string, now = Date.now()): KeyRecord | undefined | typeof NOT_HELD {
    const slot = this.slots.get(key);
    return slot && slot.expiresAt > now ? slot.record : NOT_HELD;
  }

  get(key: string, now = Date.now()): Promise<KeyRecord | undefined> {
    const slot = this.slots.get(key);
    if (slot && slot.expiresAt > now) return Promise.resolve(slot.record);
    // Requests that arrive together with a key this node does not hold share one read of it: thousands of
    // streams started at once, or every request in flight after a clear, would each read the same row.
    let loading = this.loading.get(key);
    if (!loading) {
      loading = this.loadAndKeep(key, now);
      this.loading.set(key, loading);
    }
    return loading;
  }

  clear(): void {
    this.generation += 1;
    this.slots.clear();
    // A read under way may predate the change: requests from now on read again.
    this.loading.clear();
    this.statuses.forget();
  }

  private async loadAndKeep(key: string, now: number): Promise<KeyRecord | undefined> {
    const generation = this.generation;
    try {
      const record = await this.load(key);
      if (generation !== this.generation) return record;
      if (this.slots.size >= MAX_ENTRIES) this.slots.clear();
      this.slots.set(key, { record, expiresAt: now + (record ? this.ttlMs : NEGATIVE_TTL_MS) });
      return record;
    } finally {
      // After a clear the entry, if any, is a newer read's.
      if (generation === this.generation) this.loading.delete(key);
    }
  }

  private async load(key: string): Promise<KeyRecord | undefined> {
    const row = await this.db
      .selectFrom('tokens')
      .innerJoin('users', 'users.id', 'tokens.user_id')
      .select([
        'tokens.id as tokenId',
        'tokens.name as tokenName',
        'tokens.status',
        'tokens.expired_time',
        'tokens.remain_quota',
        'tokens.unlimited_quota',
        'tokens.models',
        'tokens.subnet',
        'users.id as userId',
        'users.username',
        'users.role',
        'users.status as userStatus',
        'users.group',
        'tokens.rpm_limit as keyRpm',
        'tokens.tpm_limit as keyTpm',
        'tokens.concurrency_limit as keyConcurrency',
        'users.rpm_limit as userRpm',
        'users.tpm_limit as userTpm',
        'users.concurrency_limit as userConcurrency',
        'tokens.budget_amount as keyBudgetAmount',
        'tokens.budget_period as keyBudgetPeriod',
        'users.budget_amount as userBudgetAmount',
        'users.budget_period as userBudgetPeriod',
        'tokens.response_cache as responseCache',
      ])
      .where('tokens.key', '=', key)
      .executeTakeFirst();
    if (!row) return undefined;
    const models = splitList(row.models);
    return {
      tokenId: row.tokenId,
      tokenName: row.tokenName ?? '',
      status: row.status,
      expiredTime: Number(row.expired_time),
      remainQuota: Number(row.remain_quota),
      unlimitedQuota: toBool(row.unlimited_quota),
      models: models.length > 0 ? new Set(models) : undefined,
      inSubnet: subnetMatcher(row.subnet),
      userId: row.userId,
      username: row.username,
      userRole: row.role,
      userStatus: row.userStatus,
      group: row.group || 'default',
      keyLimits: limitSetOf(Number(row.keyRpm), Number(row.keyTpm), Number(row.keyConcurrency)),
      userLimits: limitSetOf(Number(row.userRpm), Number(row.userTpm), Number(row.userConcurrency)),
      keyBudget: budgetSetOf(Number(row.keyBudgetAmount), row.keyBudgetPeriod),
      userBudget: budgetSetOf(Number(row.userBudgetAmount), row.userBudgetPeriod),
      responseCache: Number(row.responseCache) === 1,
    };
  }
}

/**
 * A settled charge, taken from the record the request was authenticated with. That record was read before
 * the request reserved anything, so the charge is never counted twice; the key's next request on this node
 * is then refused as used up at once, without waiting for the batched write or reading the database.
 */
export function takeFromKey(record: KeyRecord, quota: number): void {
  if (!record.unlimitedQuota) record.remainQuota -= quota;
}
