import type { LoginUser, UserView } from '@tollgate/contract';
import type { UserRow } from '../../db/schema.js';
import { budgetPeriodOf } from '../budgets/budget-fields.js';

/** The user as the console reads it: never the password or access token, and strings never null. */
export function toUserView(row: UserRow): UserView {
  return {
    id: row.id,
    username: row.username,
    display_name: row.display_name ?? '',
    role: row.role,
    status: row.status,
    email: row.email ?? '',
    github_id: row.github_id ?? '',
    wechat_id: row.wechat_id ?? '',
    lark_id: row.lark_id ?? '',
    oidc_id: row.oidc_id ?? '',
    quota: row.quota,
    used_quota: row.used_quota,
    request_count: row.request_count,
    group: row.group || 'default',
    aff_code: row.aff_code ?? '',
    inviter_id: row.inviter_id ?? 0,
    rpm_limit: Number(row.rpm_limit ?? 0),
    tpm_limit: Number(row.tpm_limit ?? 0),
    concurrency_limit: Number(row.concurrency_limit ?? 0),
    budget_amount: Number(row.budget_amount ?? 0),
    budget_period: budgetPeriodOf(row.budget_period),
  };
}

export const toLoginUser = (row: UserRow): LoginUser => ({
  id: row.id,
  username: row.username,
  display_name: row.display_name ?? '',
  role: row.role,
  status: row.status,
});
