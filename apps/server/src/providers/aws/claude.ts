import type { StreamEvent, StreamParser } from '../adaptor.js';
import { toAnthropicRequest } from '../anthropic/request.js';
import { anthropicStreamParser } from '../anthropic/stream.js';
import type { AnthropicRequest } from '../anthropic/wire-types.js';
import type { ConvertedStreamOptions } from '../openai-chunks.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * Claude on Bedrock's InvokeModel (reference providers.md 5.3): the Anthropic Messages body with the model
 * in the URL, no `stream` (the operation decides), Bedrock's API version, and beta flags in the body.
 * Answers and stream events are Anthropic's own, read by the Anthropic adaptor's conversions.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-anthropic-claude-messages.html
 */
export const BEDROCK_ANTHROPIC_VERSION = 'bedrock-2023-05-31';

export type BedrockClaudeRequest = Omit<AnthropicRequest, 'model' | 'stream'> & { anthropic_version: string; anthropic_beta?: string[] };

/** As on Anthropic, a json_schema response format becomes a forced tool whose input is the answer. */
export function toBedrockClaudeRequest(body: JsonObject, betaHeader?: string): BedrockClaudeRequest {
  const { model: _inUrl, stream: _byOperation, ...rest } = toAnthropicRequest(body, '', { structuredOutput: true });
  const beta = (betaHeader ?? '')
    .split(',')
    .map((flag) => flag.trim())
    .filter(Boolean);
  return { anthropic_version: BEDROCK_ANTHROPIC_VERSION, ...rest, ...(beta.length > 0 ? { anthropic_beta: beta } : {}) };
}

interface InvocationMetrics {
  inputTokenCount?: number;
  outputTokenCount?: number;
}

const metricsOf = (data: string): InvocationMetrics | undefined => {
  try {
    return (JSON.parse(data) as { 'amazon-bedrock-invocationMetrics'?: InvocationMetrics })['amazon-bedrock-invocationMetrics'];
  } catch {
    return undefined;
  }
};

/**
 * Anthropic's stream parser over NDJSON lines (one Anthropic event per line). Bedrock may add its
 * invocation metrics to the last event; they bill the answer when the Anthropic events counted nothing.
 */
export function bedrockClaudeStreamParser(options: ConvertedStreamOptions & { structured?: boolean }): StreamParser {
  const inner = anthropicStreamParser(options);
  return {
    framing: 'ndjson',
    event(data: string): StreamEvent {
      const result = inner.event(data);
      if (result.usage || !result.done) return result;
      const metrics = metricsOf(data);
      const prompt = metrics?.inputTokenCount ?? 0;
      const completion = metrics?.outputTokenCount ?? 0;
      return prompt + completion > 0 ? { ...result, usage: { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion } } : result;
    },
    ...(inner.end ? { end: inner.end } : {}),
  };
}
