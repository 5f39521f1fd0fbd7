import type { preHandlerAsyncHookHandler } from 'fastify';
import type { AppContext } from '../context.js';
import { tooManyRequests } from './errors.js';

/** A per-IP limit named by `mark` (one-api's marks: GA global API, GW global web, CT critical). 0 turns it off. */
export function rateLimit(ctx: AppContext, mark: string, limit: number, windowSeconds: number): preHandlerAsyncHookHandler {
  return async (request) => {
    if (limit <= 0 || ctx.config.DEBUG) return;
    if (!(await ctx.rateLimits.hit(`${mark}${request.ip}`, limit, windowSeconds))) throw tooManyRequests();
  };
}

/** Sign-in, registration and mail-sending endpoints: 20 per 20 minutes per IP by default. */
export const criticalRateLimit = (ctx: AppContext) => rateLimit(ctx, 'CT', ctx.config.CRITICAL_RATE_LIMIT, ctx.config.criticalRateWindowSeconds);
