import type { JsonObject } from '../openai/request-body.js';
import type { GenerationConfig, LogprobsResult } from './wire-types.js';

/**
 * OpenAI's `logprobs` and `top_logprobs` as Gemini's `responseLogprobs` and `logprobs` (the number of top
 * candidates per token), and Gemini's `logprobsResult` back as OpenAI's `choices[].logprobs`. A model that
 * does not give log probabilities refuses the request itself, with its own error.
 * Docs: https://ai.google.dev/api/generate-content#generationconfig, https://ai.google.dev/api/generate-content#LogprobsResult
 */
export function logprobsConfig(body: JsonObject): Pick<GenerationConfig, 'responseLogprobs' | 'logprobs'> {
  const top = typeof body.top_logprobs === 'number' ? Math.floor(body.top_logprobs) : 0;
  // top_logprobs 0 without logprobs asks for none, as OpenAI reads it.
  if (body.logprobs !== true && top <= 0) return {};
  return { responseLogprobs: true, ...(top > 0 ? { logprobs: top } : {}) };
}

interface OpenAITokenLogprob {
  token: string;
  logprob: number;
  bytes: number[];
}

const tokenLogprob = (candidate: { token?: string; logProbability?: number }): OpenAITokenLogprob => {
  const token = candidate.token ?? '';
  return { token, logprob: candidate.logProbability ?? 0, bytes: [...Buffer.from(token, 'utf8')] };
};

/** The chosen tokens, each with the top candidates at its position. */
export function openAILogprobs(result: LogprobsResult | undefined): { content: (OpenAITokenLogprob & { top_logprobs: OpenAITokenLogprob[] })[] } | undefined {
  if (!result?.chosenCandidates) return undefined;
  return {
    content: result.chosenCandidates.map((chosen, position) => ({
      ...tokenLogprob(chosen),
      top_logprobs: (result.topCandidates?.[position]?.candidates ?? []).map(tokenLogprob),
    })),
  };
}
