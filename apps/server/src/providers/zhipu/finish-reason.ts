import type { JsonObject } from '../openai/request-body.js';

/**
 * Zhipu's finish reasons beyond OpenAI's (reference providers.md 10.2): `sensitive` is a content filter
 * stop, `network_error` an upstream failure mid-answer, which OpenAI clients only know as `stop`.
 */
const FINISH_REASONS: Record<string, string> = { sensitive: 'content_filter', network_error: 'stop' };

/** The answer or chunk with Zhipu-only finish reasons replaced; the same object when none is present. */
export function withOpenAIFinishReasons(answer: JsonObject): JsonObject {
  const choices = answer.choices;
  if (!Array.isArray(choices) || !choices.some((c: JsonObject) => typeof c.finish_reason === 'string' && c.finish_reason in FINISH_REASONS)) return answer;
  return {
    ...answer,
    choices: choices.map((choice: JsonObject) => {
      const reason = typeof choice.finish_reason === 'string' ? FINISH_REASONS[choice.finish_reason] : undefined;
      return reason ? { ...choice, finish_reason: reason } : choice;
    }),
  };
}
