import {
  CreateRedemptionRequestSchema,
  RedemptionMessages,
  RedemptionStatus,
  RedemptionStatusRequestSchema,
  UpdateRedemptionRequestSchema,
  type Redemption,
} from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { fail } from '../../http/errors.js';
import { nowSeconds, uuidHex } from '../../lib/random.js';
import { parseOrFail } from '../users/users.service.js';
import { toRedemptionView } from './redemption-view.js';
import * as redemptions from './redemptions.repository.js';

async function existing(ctx: AppContext, id: number): Promise<redemptions.RedemptionRow> {
  const row = await redemptions.findRedemption(ctx.db, id);
  if (!row) throw fail(RedemptionMessages.notFound);
  return row;
}

export const getRedemption = async (ctx: AppContext, id: number): Promise<Redemption> => toRedemptionView(await existing(ctx, id));

/** Makes `count` codes (dash-less UUIDs, 32 hex characters) and answers them for the console to download. */
export async function createRedemptions(ctx: AppContext, creatorId: number, body: unknown): Promise<string[]> {
  const input = parseOrFail(CreateRedemptionRequestSchema, body);
  const now = nowSeconds();
  const keys = Array.from({ length: input.count }, () => uuidHex());
  await redemptions.insertRedemptions(
    ctx.db,
    keys.map((key) => ({ user_id: creatorId, key, status: RedemptionStatus.Unused, name: input.name, quota: input.quota, created_time: now, redeemed_time: 0 })),
  );
  return keys;
}

/** Name and quota. A used code keeps its quota, since it records what was credited. */
export async function updateRedemption(ctx: AppContext, body: unknown): Promise<Redemption> {
  const input = parseOrFail(UpdateRedemptionRequestSchema, body);
  const stored = await existing(ctx, input.id);
  const quota = input.quota ?? stored.quota;
  if (stored.status === RedemptionStatus.Used && quota !== stored.quota) throw fail(RedemptionMessages.usedQuotaLocked);
  await redemptions.updateRedemption(ctx.db, stored.id, { name: input.name ?? stored.name ?? '', quota });
  return getRedemption(ctx, stored.id);
}

/** The list's enable/disable switch (`?status_only=true`); a used code stays used. */
export async function setRedemptionStatus(ctx: AppContext, body: unknown): Promise<Redemption> {
  const input = parseOrFail(RedemptionStatusRequestSchema, body);
  const stored = await existing(ctx, input.id);
  if (stored.status === RedemptionStatus.Used || !(await redemptions.setUnusedRedemptionStatus(ctx.db, stored.id, input.status))) {
    throw fail(RedemptionMessages.usedCannotToggle);
  }
  return getRedemption(ctx, stored.id);
}

export async function deleteRedemption(ctx: AppContext, id: number): Promise<void> {
  if (!(await redemptions.deleteRedemption(ctx.db, id))) throw fail(RedemptionMessages.notFound);
}
