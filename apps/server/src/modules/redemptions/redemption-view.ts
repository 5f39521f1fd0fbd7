import type { Redemption } from '@tollgate/contract';
import type { RedemptionRow } from './redemptions.repository.js';

export const toRedemptionView = (row: RedemptionRow): Redemption => ({
  id: row.id,
  user_id: row.user_id,
  key: row.key,
  status: row.status,
  name: row.name ?? '',
  quota: row.quota,
  created_time: row.created_time,
  redeemed_time: row.redeemed_time,
});
