import type { JsonObject } from '../../openai/request-body.js';
import type { ClientGenerationConfig } from './request-types.js';
import { jsonSchema } from './schema-to-json.js';

/**
 * A generationConfig as the hub's sampling, length, format and reasoning fields (reference providers.md
 * 3.7, read backwards). Docs: https://ai.google.dev/api/generate-content#generationconfig,
 * https://ai.google.dev/gemini-api/docs/thinking
 * - thinkingBudget is the hub's `thinking` (Anthropic's shape, which the adaptors that think read):
 *   0 disables, -1 is dynamic (adaptive), a positive budget enables with that budget;
 * - thinkingLevel is OpenAI's reasoning_effort. A budget is not turned into an effort: OpenAI refuses
 *   reasoning_effort for the models that do not reason, and Gemini CLI sends a budget on every request;
 * - includeThoughts only decides whether the answer shows the thoughts (answer-from-hub.ts).
 */
const SAMPLING: [keyof ClientGenerationConfig, string][] = [
  ['temperature', 'temperature'],
  ['topP', 'top_p'],
  ['topK', 'top_k'],
  ['candidateCount', 'n'],
  ['seed', 'seed'],
  ['presencePenalty', 'presence_penalty'],
  ['frequencyPenalty', 'frequency_penalty'],
];

export function hubGenerationFields(config: ClientGenerationConfig | undefined): JsonObject {
  if (!config) return {};
  const fields: JsonObject = {};
  for (const [from, to] of SAMPLING) if (typeof config[from] === 'number') fields[to] = config[from];
  if (config.maxOutputTokens) fields.max_tokens = config.maxOutputTokens;
  if (config.stopSequences?.length) fields.stop = config.stopSequences;
  const format = responseFormat(config);
  if (format) fields.response_format = format;
  const thinking = config.thinkingConfig;
  if (typeof thinking?.thinkingBudget === 'number') fields.thinking = hubThinking(thinking.thinkingBudget);
  if (thinking?.thinkingLevel && thinking.thinkingLevel.toUpperCase() !== 'THINKING_LEVEL_UNSPECIFIED') fields.reasoning_effort = thinking.thinkingLevel.toLowerCase();
  return fields;
}

function hubThinking(budget: number): JsonObject {
  if (budget === 0) return { type: 'disabled' };
  if (budget < 0) return { type: 'adaptive' };
  return { type: 'enabled', budget_tokens: budget };
}

/** JSON output: with a schema, OpenAI's json_schema (not strict: strict mode refuses schemas Gemini takes); else json_object. */
function responseFormat(config: ClientGenerationConfig): JsonObject | undefined {
  if (config.responseMimeType !== 'application/json') return undefined;
  const schema = config.responseJsonSchema ?? (config.responseSchema !== undefined ? jsonSchema(config.responseSchema) : undefined);
  if (schema === undefined) return { type: 'json_object' };
  return { type: 'json_schema', json_schema: { name: 'response', schema } };
}
