import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../context.js';
import { describeRoutes } from '../http/openapi/route-description.js';
import { authenticate } from './auth/authenticate.js';
import { quotaToBillingAmount } from './billing-emulation-amount.js';

/** What an unlimited key reports as its limit. */
const UNLIMITED = 100_000_000;

/**
 * OpenAI's old billing endpoints (reference 1.10), which many clients still call to show a balance:
 * the key's own total when DisplayTokenStatEnabled, otherwise the user's, in the console's currency when it
 * shows currency (dollars, or the display currency at its exchange rate).
 */
const doc = describeRoutes({ tag: 'Billing emulation', auth: 'key' });

export const billingEmulationRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const amounts = async (authorization: string | undefined, ip: string) => {
    const { record } = await authenticate(ctx.relay.keys, authorization, ip);
    const toUnit = quotaToBillingAmount(ctx.options);
    if (ctx.options.bool('DisplayTokenStatEnabled')) {
      const token = await ctx.db.selectFrom('tokens').select(['remain_quota', 'used_quota']).where('id', '=', record.tokenId).executeTakeFirstOrThrow();
      const limit = record.unlimitedQuota ? UNLIMITED : toUnit(Number(token.remain_quota) + Number(token.used_quota));
      return { limit, used: toUnit(Number(token.used_quota)), accessUntil: record.expiredTime === -1 ? 0 : record.expiredTime };
    }
    const user = await ctx.db.selectFrom('users').select(['quota', 'used_quota']).where('id', '=', record.userId).executeTakeFirst();
    const quota = Number(user?.quota ?? 0);
    const used = Number(user?.used_quota ?? 0);
    return { limit: toUnit(quota + used), used: toUnit(used), accessUntil: 0 };
  };

  app.get('/billing/subscription', doc('The key\'s (or its user\'s) quota as a subscription'), async (request) => {
    const { limit, accessUntil } = await amounts(request.headers.authorization, request.ip);
    return {
      object: 'billing_subscription',
      has_payment_method: true,
      soft_limit_usd: limit,
      hard_limit_usd: limit,
      system_hard_limit_usd: limit,
      access_until: accessUntil,
    };
  });

  app.get('/billing/usage', doc('The key\'s (or its user\'s) usage, in cents'), async (request) => {
    const { used } = await amounts(request.headers.authorization, request.ip);
    return { object: 'list', total_usage: used * 100 };
  });
};
