import type { ReportedUsage } from '../openai/response-usage.js';

/** Llama 3's InvokeModel answer, and each streamed chunk of it (reference providers.md 5.4). */
export interface LlamaAnswer {
  generation?: string;
  prompt_token_count?: number | null;
  generation_token_count?: number | null;
  stop_reason?: string | null;
  /** Added by Bedrock to the last streamed chunk. */
  'amazon-bedrock-invocationMetrics'?: { inputTokenCount?: number; outputTokenCount?: number };
}

/** `stop` and `length` are OpenAI's names already; anything else ended the answer normally. */
export const llamaFinishReason = (reason: string | null | undefined): string | null => (reason ? (reason === 'length' ? 'length' : 'stop') : null);

export function llamaUsage(prompt: number, completion: number): ReportedUsage | undefined {
  const total = prompt + completion;
  return total > 0 ? { promptTokens: prompt, completionTokens: completion, totalTokens: total } : undefined;
}

const openAIUsage = (usage: ReportedUsage | undefined) => ({ prompt_tokens: usage?.promptTokens ?? 0, completion_tokens: usage?.completionTokens ?? 0, total_tokens: usage?.totalTokens ?? 0 });

/** The answer as OpenAI's `chat.completion`, with the usage to bill (none when Bedrock counted nothing). */
export function toLlamaCompletion(answer: LlamaAnswer, model: string, created: number, id: string) {
  const usage = llamaUsage(answer.prompt_token_count ?? 0, answer.generation_token_count ?? 0);
  const text = answer.generation ?? '';
  const completion = {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: llamaFinishReason(answer.stop_reason) ?? 'stop' }],
    usage: openAIUsage(usage),
  };
  return { completion, usage, text };
}

export { openAIUsage as llamaOpenAIUsage };
