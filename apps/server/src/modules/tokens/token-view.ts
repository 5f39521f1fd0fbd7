import type { Token } from '@tollgate/contract';
import { toBool, type TokenRow } from '../../db/schema.js';
import { budgetPeriodOf } from '../budgets/budget-fields.js';

/** The token as the console reads it: the key as stored (no `sk-`), a real boolean, strings never null. */
export const toTokenView = (row: TokenRow): Token => ({
  id: row.id,
  user_id: row.user_id,
  key: row.key,
  status: row.status,
  name: row.name ?? '',
  created_time: row.created_time,
  accessed_time: row.accessed_time,
  expired_time: row.expired_time,
  remain_quota: row.remain_quota,
  unlimited_quota: toBool(row.unlimited_quota),
  used_quota: row.used_quota,
  models: row.models ?? '',
  subnet: row.subnet ?? '',
  rpm_limit: Number(row.rpm_limit ?? 0),
  tpm_limit: Number(row.tpm_limit ?? 0),
  concurrency_limit: Number(row.concurrency_limit ?? 0),
  budget_amount: Number(row.budget_amount ?? 0),
  budget_period: budgetPeriodOf(row.budget_period),
  response_cache: Number(row.response_cache ?? 0) === 1,
});
