import type { IngressEndpoint } from '../ingress.js';
import type { RerankAnswer } from './rerank-answer.js';

/**
 * The client's side of POST /v1/rerank: the rerank adaptors already wrote Tollgate's answer
 * (rerank-answer.ts); what only the relay knows is added here: the request id when the vendor gave the
 * answer none, and the tokens billed when the vendor counted none (TEI), so the client sees its charge.
 */
export const rerankEndpoint: IngressEndpoint = {
  contentType: 'application/json',

  fromHubAnswer(body, usage, _reported, context) {
    let answer: RerankAnswer;
    try {
      answer = JSON.parse(body.toString('utf8')) as RerankAnswer;
    } catch {
      return body;
    }
    if (!answer || typeof answer !== 'object' || answer.object !== 'rerank') return body;
    const missingId = !answer.id;
    const uncounted = answer.usage.total_tokens === 0 && usage.promptTokens > 0;
    if (!missingId && !uncounted) return body;
    const tokens = usage.promptTokens;
    const written: RerankAnswer = { ...answer, id: answer.id || `rerank-${context.requestId}` };
    if (uncounted) {
      // Billed units are the vendor's: a Cohere answer billed by search units is not said to have billed tokens.
      if (answer.meta.billed_units.search_units === undefined) written.meta = { ...answer.meta, billed_units: { ...answer.meta.billed_units, input_tokens: tokens } };
      written.usage = { prompt_tokens: tokens, total_tokens: tokens };
    }
    return Buffer.from(JSON.stringify(written));
  },
};
