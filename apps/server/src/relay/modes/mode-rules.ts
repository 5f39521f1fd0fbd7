import { logPhrase } from '@tollgate/contract';
import type { RelayRequest } from '../relay-exchange.js';
import type { AppContext } from '../../context.js';
import type { ReportedUsage } from '../../providers/openai/response-usage.js';
import type { Price } from '../billing/pricing.js';
import type { Usage } from '../billing/quota.js';
import type { UnitBreakdown } from '../billing/unit-breakdown.js';
import type { RelayPlan } from '../relay-plan.js';
import type { RelayInput } from '../request-input.js';
import { ratioInText } from '../billing/ratio-text.js';

export interface Charge {
  quota: number;
  usage: Usage;
  /** How an image or audio request was charged: the log's two-ratio text and cost lines (text requests have none). */
  breakdown?: UnitBreakdown;
  /** The price applied, when it is not the plan's (a long-context tier). */
  price?: Price;
  /** Calls the request counts as for a model priced per call (ModelRequestPrice): a rerank's search units; 1 when absent. */
  requests?: number;
}

export interface Outcome {
  reported?: ReportedUsage;
  /** The answer was cut short: `reported` is what the upstream had announced so far, not its final count. */
  partial: boolean;
  /** Tokens of the generated text (or transcript), counted locally on demand. */
  generatedTokens: () => Promise<number>;
}

/** What differs between relay endpoints: how the body is read, what is reserved and what is charged. */
export interface ModeRules {
  readInput(request: RelayRequest): RelayInput;
  reservation(ctx: AppContext, plan: RelayPlan, input: RelayInput): number;
  /**
   * The calls a request will count as when its model is priced per call (a rerank's search units on Cohere),
   * for its reservation; 1 when absent. Charge's `requests` settles it to what the upstream reported.
   */
  requests?(plan: RelayPlan, input: RelayInput): number;
  charge(ctx: AppContext, plan: RelayPlan, input: RelayInput, outcome: Outcome): Promise<Charge>;
}

export const twoRatioText = (plan: RelayPlan) => logPhrase('twoRatios', { model: ratioInText(plan.price.modelRatio), group: ratioInText(plan.price.groupRatio) });
