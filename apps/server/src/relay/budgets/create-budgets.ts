import type { Redis } from 'ioredis';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppLogger } from '../../observability/app-logger.js';
import type { OptionReader } from '../limits/group-limits.js';
import { BudgetLedger } from './budget-ledger.js';
import { Budgets } from './budgets.js';
import { GroupBudgets } from './group-budgets.js';
import { RedisSpend } from './redis-spend.js';
import { spendFromRollups } from './spend-from-rollups.js';

/** The relay's budgets, counted in Redis when one is configured. */
export function createBudgets(db: Kysely<Database>, redis: Redis | undefined, options: OptionReader, log: AppLogger): Budgets {
  const ledger = new BudgetLedger(redis && new RedisSpend(redis), spendFromRollups(db, log), log);
  return new Budgets(ledger, new GroupBudgets(options), options);
}
