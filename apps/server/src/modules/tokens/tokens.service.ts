import { assertBudgetPair, budgetPeriodOf } from '../budgets/budget-fields.js';
import {
  CreateTokenRequestSchema,
  NEVER_EXPIRES,
  TokenMessages,
  TokenStatus,
  TokenStatusRequestSchema,
  UpdateTokenRequestSchema,
  type Token,
} from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { toBool, type TokenRow } from '../../db/schema.js';
import { fail } from '../../http/errors.js';
import { parseCidr } from '../../lib/cidr.js';
import { nowSeconds } from '../../lib/random.js';
import { parseOrFail } from '../users/users.service.js';
import { toTokenView } from './token-view.js';
import * as tokens from './tokens.repository.js';

// Every change below tells the relay's key caches on all nodes (CacheSync 'keys'): one-api let a disabled
// or deleted token keep working until its cache entry expired.

interface Limits {
  expired_time: number;
  remain_quota: number;
  unlimited_quota: boolean;
}

async function ownedToken(ctx: AppContext, userId: number, id: number): Promise<TokenRow> {
  const row = await tokens.findUserToken(ctx.db, userId, id);
  // The same answer for "missing" and "someone else's", so ids reveal nothing.
  if (!row) throw fail(TokenMessages.notFound);
  return row;
}

/** `subnet` arrives normalised ('a,b'); each entry must be a CIDR the relay can match against. */
function assertValidSubnets(subnet: string): void {
  const bad = subnet.split(',').find((entry) => entry !== '' && !parseCidr(entry));
  if (bad !== undefined) throw fail('token.subnet_invalid', { entry: bad });
}

/**
 * An enabled token must be usable: the relay refuses a key past its expiry or out of quota and stores it as
 * expired or exhausted (relay/auth/key-status-marker.ts), so enabling it would not last beyond its next request.
 */
function assertCanEnable(token: Limits): void {
  if (token.expired_time !== NEVER_EXPIRES && token.expired_time <= nowSeconds()) throw fail(TokenMessages.expiredCannotEnable);
  if (!token.unlimited_quota && token.remain_quota <= 0) throw fail(TokenMessages.exhaustedCannotEnable);
}

export const getToken = async (ctx: AppContext, userId: number, id: number): Promise<Token> => toTokenView(await ownedToken(ctx, userId, id));

export async function createToken(ctx: AppContext, userId: number, body: unknown): Promise<Token> {
  const input = parseOrFail(CreateTokenRequestSchema, body);
  assertValidSubnets(input.subnet);
  assertBudgetPair(input.budget_amount, input.budget_period);
  const id = await tokens.insertToken(ctx.db, ctx.dialect, {
    userId,
    name: input.name,
    expiredTime: input.expired_time,
    remainQuota: input.remain_quota,
    unlimitedQuota: input.unlimited_quota,
    models: input.models,
    subnet: input.subnet,
    limits: { rpm_limit: input.rpm_limit, tpm_limit: input.tpm_limit, concurrency_limit: input.concurrency_limit },
    budget: { budget_amount: input.budget_amount, budget_period: input.budget_period },
    responseCache: input.response_cache,
  });
  return getToken(ctx, userId, id);
}

/**
 * The edit form's save. The checks run on the new values: one-api checked the stored ones, so an expired
 * token could not be given a new expiry and re-enabled in one save. A status of 1 or 2 in the body is
 * applied when it changes; the form echoes 3 or 4 back, which leaves the stored status alone.
 */
export async function updateToken(ctx: AppContext, userId: number, body: unknown): Promise<Token> {
  const input = parseOrFail(UpdateTokenRequestSchema, body);
  const stored = await ownedToken(ctx, userId, input.id);
  const next = {
    name: input.name ?? stored.name ?? '',
    expired_time: input.expired_time ?? stored.expired_time,
    remain_quota: input.remain_quota ?? stored.remain_quota,
    unlimited_quota: input.unlimited_quota ?? toBool(stored.unlimited_quota),
    models: input.models ?? stored.models ?? '',
    subnet: input.subnet ?? stored.subnet ?? '',
    rpm_limit: input.rpm_limit ?? stored.rpm_limit,
    tpm_limit: input.tpm_limit ?? stored.tpm_limit,
    concurrency_limit: input.concurrency_limit ?? stored.concurrency_limit,
    budget_amount: input.budget_amount ?? Number(stored.budget_amount ?? 0),
    budget_period: input.budget_period ?? budgetPeriodOf(stored.budget_period),
  };
  assertValidSubnets(next.subnet);
  assertBudgetPair(next.budget_amount, next.budget_period);
  const status = input.status === TokenStatus.Enabled || input.status === TokenStatus.Disabled ? input.status : stored.status;
  if (status === TokenStatus.Enabled && stored.status !== TokenStatus.Enabled) assertCanEnable(next);
  const responseCache = input.response_cache === undefined ? {} : { response_cache: input.response_cache ? 1 : 0 };
  await tokens.updateUserToken(ctx.db, userId, stored.id, { ...next, ...responseCache, status });
  await ctx.cacheSync.changed('keys');
  return getToken(ctx, userId, stored.id);
}

/** The list's enable/disable switch (`?status_only=true`). */
export async function setTokenStatus(ctx: AppContext, userId: number, body: unknown): Promise<Token> {
  const input = parseOrFail(TokenStatusRequestSchema, body);
  const stored = await ownedToken(ctx, userId, input.id);
  if (input.status === TokenStatus.Enabled) assertCanEnable({ ...stored, unlimited_quota: toBool(stored.unlimited_quota) });
  await tokens.updateUserToken(ctx.db, userId, stored.id, { status: input.status });
  await ctx.cacheSync.changed('keys');
  return getToken(ctx, userId, stored.id);
}

export async function deleteToken(ctx: AppContext, userId: number, id: number): Promise<void> {
  if (!(await tokens.deleteUserToken(ctx.db, userId, id))) throw fail(TokenMessages.notFound);
  await ctx.cacheSync.changed('keys');
}
