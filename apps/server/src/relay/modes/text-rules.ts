import type { RelayRequest } from '../relay-exchange.js';
import type { RelayMode } from '../../providers/adaptor.js';
import { priceAt } from '../billing/price-tier.js';
import { preConsumeQuota, textQuota } from '../billing/quota.js';
import { readJsonInput } from '../request-input.js';
import { estimatePromptTokens, resolveUsage } from '../usage.js';
import type { ModeRules } from './mode-rules.js';

/**
 * Chat, completions, embeddings, moderations and edits: priced by tokens (reference 1.8). Prompts are
 * counted on the hub form of the request, whatever protocol the client spoke.
 */
export function textRules(mode: RelayMode): ModeRules {
  return {
    readInput: (request: RelayRequest) =>
      readJsonInput(mode, request.body, (request.params as { model?: string }).model),
    reservation: (ctx, plan, input) =>
      preConsumeQuota(ctx.options.num('PreConsumedQuota'), estimatePromptTokens(mode, input.hub(), plan.upstreamModel), input.hub().maxTokens, plan.price),
    async charge(ctx, plan, input, outcome) {
      const usage = await resolveUsage(outcome, mode, input.hub(), plan.upstreamModel, ctx.options.bool('ApproximateTokenEnabled'));
      const price = priceAt(plan.price, usage.promptTokens);
      return { quota: textQuota(usage, price), usage, price };
    },
  };
}
