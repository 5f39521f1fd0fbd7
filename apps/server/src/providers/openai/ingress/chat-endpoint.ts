import { nowSeconds } from '../../../lib/random.js';
import type { IngressEndpoint } from '../../ingress.js';
import { wantsUsage } from '../../openai-chunks.js';
import type { TokenUsage } from '../../token-usage.js';

/** The answers OpenAI's SDKs read a `usage` object from. */
const COMPLETION_OBJECTS = new Set(['chat.completion', 'text_completion']);

const openAIUsage = (usage: TokenUsage) => ({
  prompt_tokens: usage.promptTokens,
  completion_tokens: usage.completionTokens,
  total_tokens: usage.promptTokens + usage.completionTokens,
});

/**
 * A completion whose upstream reported no usage (Coze, DeepL, PaLM and others) gets the usage Tollgate
 * counted and billed, so the client sees what it was charged for. Anything else is returned unchanged.
 */
export function withReportedUsage(body: Buffer, usage: TokenUsage): Buffer {
  let answer: unknown;
  try {
    answer = JSON.parse(body.toString('utf8'));
  } catch {
    return body;
  }
  if (!answer || typeof answer !== 'object' || Array.isArray(answer)) return body;
  const completion = answer as { object?: unknown; usage?: unknown };
  if (!COMPLETION_OBJECTS.has(String(completion.object)) || completion.usage) return body;
  return Buffer.from(JSON.stringify({ ...completion, usage: openAIUsage(usage) }));
}

/** The last chunk of a stream whose client asked for `stream_options.include_usage` and whose upstream sent none. */
export function usageChunk(id: string, model: string, usage: TokenUsage): string {
  return JSON.stringify({ id, object: 'chat.completion.chunk', created: nowSeconds(), model, choices: [], usage: openAIUsage(usage) });
}

const DONE = 'data: [DONE]\n\n';

/** A chunk that only reports usage (no choices), as `stream_options.include_usage` makes upstreams send. */
function isUsageReport(payload: string): boolean {
  // Most payloads name no usage: they are not parsed.
  if (!payload.includes('"usage"')) return false;
  try {
    const chunk = JSON.parse(payload) as { choices?: unknown; usage?: unknown };
    return Boolean(chunk.usage) && Array.isArray(chunk.choices) && chunk.choices.length === 0;
  } catch {
    return false;
  }
}

/**
 * OpenAI's own endpoints (chat, completions, embeddings, images, audio): the hub is their shape, so answers
 * and chunks go to the client as the adaptor made them (an OpenAI upstream's own bytes), with the usage
 * Tollgate billed added where the upstream reported none and the client reads it.
 */
export const openAIEndpoint: IngressEndpoint = {
  fromHubAnswer: (body, usage, reported) => (reported ? body : withReportedUsage(body, usage)),

  fromHubStream(context) {
    const includeUsage = wantsUsage(context.client);
    // After an error payload nothing more goes out, [DONE] least of all: SDKs would take what came for a whole answer.
    let failed = false;
    return {
      verbatim: true,
      chunk(payload, usageReport) {
        if (failed) return '';
        if (payload.startsWith('{"error"')) failed = true;
        // Tollgate asked the upstream for usage to bill it; a client that did not ask gets no usage chunk.
        if (!includeUsage && (usageReport ?? isUsageReport(payload))) return '';
        return `data: ${payload}\n\n`;
      },
      close: (usage, reported) => {
        if (failed) return '';
        return includeUsage && !reported ? `data: ${usageChunk(`chatcmpl-${context.requestId}`, context.model, usage)}\n\n${DONE}` : DONE;
      },
      // An SSE comment: OpenAI's SDKs skip it.
      keepAlive: ': keep-alive\n\n',
    };
  },
};
