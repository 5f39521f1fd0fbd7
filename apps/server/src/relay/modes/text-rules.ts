import type { RelayRequest } from '../relay-exchange.js';
import type { RelayMode } from '../../providers/adaptor.js';
import { INVALID_TYPE, InvalidChatRequest, validateChatRequest } from '../../providers/openai/ingress/validate-chat.js';
import { priceAt } from '../billing/price-tier.js';
import { preConsumeQuota, textQuota } from '../billing/quota.js';
import { RelayError } from '../relay-error.js';
import { readJsonInput, type RelayInput } from '../request-input.js';
import { estimatePromptTokens, resolveUsage } from '../usage.js';
import type { ModeRules } from './mode-rules.js';

/**
 * Chat, completions, embeddings, moderations and edits: priced by tokens (reference 1.8). Prompts are
 * counted on the hub form of the request, whatever protocol the client spoke.
 */
export function textRules(mode: RelayMode): ModeRules {
  return {
    readInput(request: RelayRequest) {
      const input = readJsonInput(mode, request.body, (request.params as { model?: string }).model);
      if (mode === 'chat') checkChatShape(input);
      return input;
    },
    reservation: (ctx, plan, input) =>
      preConsumeQuota(ctx.options.num('PreConsumedQuota'), estimatePromptTokens(mode, input.hub(), plan.upstreamModel), input.hub().maxTokens, plan.price),
    async charge(ctx, plan, input, outcome) {
      const usage = await resolveUsage(outcome, mode, input.hub(), plan.upstreamModel, ctx.options.bool('ApproximateTokenEnabled'));
      const price = priceAt(plan.price, usage.promptTokens);
      return { quota: textQuota(usage, price), usage, price };
    },
  };
}

/**
 * A chat request is checked for the shape the conversions read: a malformed one is OpenAI's 400 naming the
 * parameter, whichever channel serves it (a converting channel failed on it, a 5xx for the client's mistake).
 */
function checkChatShape(input: RelayInput): void {
  try {
    validateChatRequest(input.json);
  } catch (error) {
    if (error instanceof InvalidChatRequest) throw new RelayError(400, error.message, INVALID_TYPE, 'invalid_request_error', error.field);
    throw error;
  }
}
