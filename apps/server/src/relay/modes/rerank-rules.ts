import { cohereSearchUnits } from '../../providers/cohere/rerank-units.js';
import { rerankFormatOf } from '../../providers/rerank/rerank-format.js';
import { InvalidRerankRequest, readRerankRequest, rerankTokens, validateRerankRequest, type RerankRequest } from '../../providers/rerank/rerank-request.js';
import type { JsonObject } from '../../providers/openai/request-body.js';
import { clean } from '../billing/price-tier.js';
import { textQuota } from '../billing/quota.js';
import type { RelayRequest } from '../relay-exchange.js';
import { RelayError, relayError } from '../relay-error.js';
import { openAIInput, readJsonInput, type RelayInput } from '../request-input.js';
import { counterFor } from '../tokens/encoders.js';
import { twoRatioText, type ModeRules } from './mode-rules.js';

/** A cheap, generous count for the reservation: a token per three bytes. */
const estimateCounter = (text: string) => Math.ceil(Buffer.byteLength(text) / 3);

/**
 * POST /v1/rerank (Cohere's and Jina's shape). The body is checked whole before any channel is chosen, each
 * refusal a 400 naming its field, and kept in one shape every rerank adaptor reads. Billed as the vendor
 * bills: a model priced per call (ModelRequestPrice, or a built-in per-search price) costs that price per
 * search unit the upstream reports (Cohere's; 1 when it reports none), reserved per unit estimated; any other
 * model its tokens at the model and group ratios, as embeddings are: the upstream's count, else Tollgate's own
 * (TEI counts nothing).
 */
export const rerankRules: ModeRules = {
  readInput(request: RelayRequest): RelayInput {
    const parsed = readBody(request.body);
    let rerank: RerankRequest;
    try {
      rerank = validateRerankRequest(parsed.json, parsed.model);
    } catch (error) {
      if (error instanceof InvalidRerankRequest) throw relayError.invalidRequest(error.message, 'invalid_request', error.field);
      throw error;
    }
    const json = rerank as unknown as JsonObject;
    return openAIInput({ raw: Buffer.from(JSON.stringify(json)), json, model: rerank.model, stream: false, maxTokens: 0, contentType: 'application/json' });
  },

  reservation: (_ctx, plan, input) => Math.ceil(rerankTokens(readRerankRequest(input.json), estimateCounter) * plan.price.modelRatio * plan.price.groupRatio),

  // Cohere bills a search unit per hundred documents (long ones counting as several): reserved as estimated, settled to what it reports.
  requests: (plan, input) => (rerankFormatOf(plan.request.target) === 'cohere' ? cohereSearchUnits(readRerankRequest(input.json), plan.upstreamModel, estimateCounter) : 1),

  async charge(ctx, plan, input, { reported }) {
    const tokens = reported && reported.totalTokens > 0 ? reported.totalTokens : rerankTokens(readRerankRequest(input.json), await counterFor(plan.upstreamModel, ctx.options.bool('ApproximateTokenEnabled')));
    const usage = { promptTokens: tokens, completionTokens: 0 };
    // Priced per call: relay.ts charges that price for each search unit (billing/request-price.ts), and the log's line counts them.
    if (plan.price.perRequest !== undefined) {
      const units = reported?.searchUnits ?? 1;
      const { perRequest, groupRatio } = plan.price;
      const line = { kind: 'request' as const, tokens: units, ratio: clean(perRequest), quota: clean(perRequest * units * groupRatio) };
      return { quota: 0, usage, requests: units, breakdown: { ratioText: twoRatioText(plan), costs: [line] } };
    }
    return { quota: textQuota(usage, plan.price), usage };
  },
};

/** The JSON body with one-api's checks (relay/request-input.ts); a missing model is named as the field. */
function readBody(body: unknown): RelayInput {
  try {
    return readJsonInput('rerank', body);
  } catch (error) {
    if (error instanceof RelayError && error.status === 400 && error.message === 'model is required') throw relayError.invalidRequest('model is required', 'invalid_request', 'model');
    throw error;
  }
}
