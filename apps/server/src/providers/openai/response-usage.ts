import type { TokenKinds } from '../token-usage.js';

/**
 * Usage as an upstream reports it, in OpenAI's terms: the prompt counts every input token (cache reads and
 * writes included), the completion every output token (reasoning included); the kinds break them down.
 */
export interface ReportedUsage extends TokenKinds {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
  /** Search units a rerank upstream billed (Cohere's `meta.billed_units.search_units`), for models priced per unit. */
  searchUnits?: number;
}

export function readUsage(value: unknown): ReportedUsage | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const usage = value as { prompt_tokens?: unknown; completion_tokens?: unknown; total_tokens?: unknown };
  const prompt = Number(usage.prompt_tokens ?? 0);
  const completion = Number(usage.completion_tokens ?? 0);
  const total = Number(usage.total_tokens ?? prompt + completion);
  if (![prompt, completion, total].every(Number.isFinite)) return undefined;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: total, ...openAITokenKinds(value) };
}

/**
 * OpenAI's breakdown: `prompt_tokens_details.cached_tokens` and `completion_tokens_details.reasoning_tokens`
 * (and both details' `audio_tokens`, for the audio models),
 * with the hub's `prompt_tokens_details.cache_write_tokens` (providers/hub.ts) for converted answers, and
 * DeepSeek's `prompt_cache_hit_tokens` where it gives no details.
 */
export function openAITokenKinds(usage: object): TokenKinds {
  const details = usage as {
    prompt_tokens_details?: { cached_tokens?: unknown; cache_write_tokens?: unknown; audio_tokens?: unknown };
    completion_tokens_details?: { reasoning_tokens?: unknown; audio_tokens?: unknown };
    prompt_cache_hit_tokens?: unknown;
  };
  const kinds: TokenKinds = {};
  const cached = positive(details.prompt_tokens_details?.cached_tokens ?? details.prompt_cache_hit_tokens);
  const written = positive(details.prompt_tokens_details?.cache_write_tokens);
  const reasoning = positive(details.completion_tokens_details?.reasoning_tokens);
  if (cached) kinds.cacheReadTokens = cached;
  if (written) kinds.cacheWriteTokens = written;
  if (reasoning) kinds.reasoningTokens = reasoning;
  const audioIn = positive(details.prompt_tokens_details?.audio_tokens);
  const audioOut = positive(details.completion_tokens_details?.audio_tokens);
  if (audioIn) kinds.audioInputTokens = audioIn;
  if (audioOut) kinds.audioOutputTokens = audioOut;
  return kinds;
}

function positive(value: unknown): number | undefined {
  const number = Number(value ?? 0);
  return Number.isFinite(number) && number > 0 ? number : undefined;
}

/** The generated text of a non-stream answer, for counting when the upstream reported no usage. */
export function completionText(body: unknown): string {
  const choices = (body as { choices?: unknown })?.choices;
  if (!Array.isArray(choices)) return '';
  return choices
    .map((choice: { message?: { content?: unknown; tool_calls?: unknown }; text?: unknown }) => {
      const content = choice.message?.content ?? choice.text;
      const text = typeof content === 'string' ? content : '';
      return choice.message?.tool_calls ? text + JSON.stringify(choice.message.tool_calls) : text;
    })
    .join('');
}
