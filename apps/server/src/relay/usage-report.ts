import type { Usage } from './billing/quota.js';

/** The answers OpenAI's SDKs read a `usage` object from. */
const COMPLETION_OBJECTS = new Set(['chat.completion', 'text_completion']);

const openAIUsage = (usage: Usage) => ({
  prompt_tokens: usage.promptTokens,
  completion_tokens: usage.completionTokens,
  total_tokens: usage.promptTokens + usage.completionTokens,
});

/**
 * A completion whose upstream reported no usage (Coze, DeepL, PaLM and others) gets the usage Tollgate
 * counted and billed, so the client sees what it was charged for. Anything else is returned unchanged.
 */
export function withReportedUsage(body: Buffer, usage: Usage): Buffer {
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
export function usageChunk(id: string, model: string, usage: Usage): string {
  return JSON.stringify({ id, object: 'chat.completion.chunk', created: Math.floor(Date.now() / 1000), model, choices: [], usage: openAIUsage(usage) });
}
