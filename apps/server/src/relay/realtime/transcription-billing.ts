import type { AppContext } from '../../context.js';
import { logPhrase } from '@tollgate/contract';
import { priceAt } from '../billing/price-tier.js';
import { textQuota } from '../billing/quota.js';
import { ratioInText } from '../billing/ratio-text.js';
import { perUnitCharge } from '../billing/unit-breakdown.js';
import { admitBudgets } from '../budgets/budget-admission.js';
import type { BudgetScope } from '../budgets/budget-scope.js';
import { RelayError } from '../relay-error.js';
import { headerSink } from './header-sink.js';
import { settleSessionRow, type SessionFacts } from './session-row.js';
import { transcriptionTokens, type TranscriptionUsage } from './realtime-transcription.js';

/**
 * One input-audio transcription of a Realtime session, billed as its own consume row at the transcription model's
 * price (on the session's channel type and group), under the session's channel and request id. Token usage is
 * priced as text is (audio input tokens at the audio input ratio); a duration (whisper-1) as transcript tokens at
 * TOKENS_PER_MINUTE (transcriptionTokens), at the model and group ratios, as an HTTP transcription is. Nothing was held for it: the
 * charge is taken as it is settled, and added to the budgets' spend. A model without a price is logged and not
 * billed (a session is not cut for it). Resolves to a budget's refusal when one is already used up.
 */
export async function settleTranscription(ctx: AppContext, facts: SessionFacts, budgetScopes: BudgetScope[] | undefined, model: string, usage: TranscriptionUsage): Promise<Error | undefined> {
  let base;
  try {
    base = ctx.relay.pricing.price(model, facts.channelType, facts.record.group);
  } catch (error) {
    if (!(error instanceof RelayError)) throw error;
    ctx.log.warn({ reqId: facts.requestId, model }, 'a Realtime input transcription was not billed: its model has no price');
    return undefined;
  }
  let charge;
  if ('tokens' in usage) {
    const price = priceAt(base, usage.tokens.promptTokens);
    charge = { usage: usage.tokens, price, quota: textQuota(usage.tokens, price) };
  } else {
    const tokens = transcriptionTokens(usage);
    const ratioText = logPhrase('twoRatios', { model: ratioInText(base.modelRatio), group: ratioInText(base.groupRatio) });
    charge = { usage: { promptTokens: 0, completionTokens: tokens }, price: base, ...perUnitCharge('transcript', tokens, base, ratioText) };
  }
  settleSessionRow(ctx, facts, { model, ...charge });
  if (!budgetScopes || charge.quota === 0) return undefined;
  try {
    const ticket = await admitBudgets(ctx.relay.budgets, budgetScopes, 0, headerSink({}));
    ticket.settle(charge.quota);
    ticket.end();
    return undefined;
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}
