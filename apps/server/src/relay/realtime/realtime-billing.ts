import type { AppContext } from '../../context.js';
import type { TokenUsage } from '../../providers/token-usage.js';
import { priceAt } from '../billing/price-tier.js';
import type { Price } from '../billing/pricing.js';
import { textQuota } from '../billing/quota.js';
import type { Reservation } from '../billing/reservation.js';
import { admitBudgets, type BudgetTicket } from '../budgets/budget-admission.js';
import type { BudgetScope } from '../budgets/budget-scope.js';
import { refund } from '../settle.js';
import { headerSink } from './header-sink.js';
import { settleSessionRow, type SessionFacts } from './session-row.js';
import { settleTranscription } from './transcription-billing.js';
import { transcriptionTokens, type TranscriptionUsage } from './realtime-transcription.js';

/**
 * What a session holds of its key's and user's quota while a response may be under way: PreConsumedQuota at the
 * model's price (at least one point for a priced model), as a request reserves before its prompt is counted. A
 * free model holds nothing.
 */
export function sessionHold(ctx: AppContext, price: Price): number {
  const ratio = price.modelRatio * price.groupRatio;
  if (ratio === 0) return 0;
  return Math.max(1, Math.ceil(ctx.options.num('PreConsumedQuota') * ratio));
}

/**
 * The billing of one Realtime session. Each `response.done` is settled at once, as its own consume log row (a
 * session cut at any point has billed every response it finished): its exact charge replaces the hold taken
 * for it, and a new hold is taken for the next response. When the key, the user or a budget cannot cover that
 * hold, the session must end: `bill` answers the refusal. Settlements run one after the other, in the order
 * the upstream reported them.
 */
export class RealtimeBilling {
  private hold: Reservation | undefined;
  private budgetTicket: BudgetTicket | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Input and output tokens used so far, responses' and transcriptions': the session's share of its tokens-per-minute limit. */
  tokens = 0;
  private closed = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly facts: SessionFacts,
    private readonly holdAmount: number,
    /** The hold taken at the session's start (already reserved), and its budgets' ticket. */
    first: Reservation,
    firstBudget: BudgetTicket | undefined,
    private readonly budgetScopes: BudgetScope[] | undefined,
  ) {
    this.hold = first;
    this.budgetTicket = firstBudget;
  }

  /** Settles one response; resolves to the refusal that must end the session, if the next hold cannot be taken. */
  bill(usage: TokenUsage): Promise<Error | undefined> {
    const billed = this.queue.then(() => this.settleOne(usage));
    this.queue = billed.catch(() => undefined);
    return billed;
  }

  /**
   * Settles one input-audio transcription at its own model's price, as a consume row of its own in the same
   * order as the responses (realtime-transcription.ts). It is charged after the fact, beside the response's hold,
   * and counted in the budgets and the tokens per minute (priced or not: the limit is on use); resolves to a
   * budget's refusal when one is already used up (the session ends).
   */
  billTranscription(model: string, usage: TranscriptionUsage): Promise<Error | undefined> {
    const billed = this.queue.then(() => {
      this.tokens += transcriptionTokens(usage);
      return settleTranscription(this.ctx, this.facts, this.budgetScopes, model, usage);
    });
    this.queue = billed.catch(() => undefined);
    return billed;
  }

  /** Gives back what is still held, once the settlements under way are done. */
  close(): Promise<void> {
    return this.queue.then(() => {
      if (this.closed) return;
      this.closed = true;
      if (this.hold) refund(this.ctx, this.hold);
      this.hold = undefined;
      this.budgetTicket?.end();
      this.budgetTicket = undefined;
    });
  }

  private async settleOne(usage: TokenUsage): Promise<Error | undefined> {
    const { ctx, facts } = this;
    const price = priceAt(facts.price, usage.promptTokens);
    const quota = textQuota(usage, price);
    // A response after a refused hold (the session is ending) is billed all the same, against no hold.
    settleSessionRow(ctx, facts, { model: facts.model, usage, price, quota }, this.hold);
    this.hold = undefined;
    this.tokens += usage.promptTokens + usage.completionTokens;
    this.budgetTicket?.settle(quota);
    this.budgetTicket?.end();
    this.budgetTicket = undefined;
    if (this.closed) return undefined;
    return this.holdNext();
  }

  /** Takes the hold for the next response: budgets first, as a request is admitted, then the quota. */
  private async holdNext(): Promise<Error | undefined> {
    const { record } = this.facts;
    const amount = this.holdAmount;
    try {
      if (this.budgetScopes) this.budgetTicket = await admitBudgets(this.ctx.relay.budgets, this.budgetScopes, amount, headerSink({}));
      const next: Reservation = { userId: record.userId, tokenId: record.tokenId, unlimitedToken: record.unlimitedQuota, amount };
      await this.ctx.relay.reserver.reserve(next);
      this.hold = next;
      return undefined;
    } catch (error) {
      this.budgetTicket?.end();
      this.budgetTicket = undefined;
      return error instanceof Error ? error : new Error(String(error));
    }
  }
}
