import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { AppLogger } from '../../observability/app-logger.js';
import type { SpendReader } from './budget-ledger.js';

/**
 * What a key or user was charged since a period began, from the hourly usage rollups (written for every
 * settled request, whatever LogConsumeEnabled says, and read through their user index). Hours are whole UTC
 * hours: in a zone whose offset is not whole hours (India's +05:30) the half hour before the first whole hour
 * of the period is not counted. Charges still in the usage writer's queue are not in the table yet. A read that
 * fails starts the counter at 0 and says so: a budget never fails a request.
 */
export const spendFromRollups =
  (db: Kysely<Database>, log: AppLogger): SpendReader =>
  async (scope, start) => {
    try {
      let query = db
        .selectFrom('usage_rollups')
        .select((eb) => eb.fn.sum<number | string | null>('quota').as('spent'))
        .where('user_id', '=', scope.userId)
        .where('hour', '>=', Math.ceil(start / 1000));
      if (scope.tokenId !== undefined) query = query.where('token_id', '=', scope.tokenId);
      const row = await query.executeTakeFirst();
      return Number(row?.spent ?? 0);
    } catch (error) {
      log.warn({ err: error, scope: scope.id }, 'could not read the spend of this budget period from the usage rollups: it starts at 0 on this node');
      return 0;
    }
  };
