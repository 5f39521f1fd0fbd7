import type { JsonObject } from '../openai/request-body.js';
import { bedrockModelId, modelFamily } from './model-ids.js';

/**
 * What a Bedrock model can neither honour nor emulate, named so that the request goes to another channel or
 * gets a 400 instead of an answer that ignored it. No Bedrock model answers several choices or token
 * probabilities. Llama 3 on InvokeModel takes one rendered prompt, so it has no tools, images, JSON mode or
 * stop sequences either (Converse carries all four, and Claude's body is Anthropic's).
 */
interface Message {
  content?: unknown;
}

const hasImage = (messages: unknown): boolean =>
  Array.isArray(messages) && (messages as Message[]).some((message) => Array.isArray(message.content) && (message.content as { type?: unknown }[]).some((part) => part.type === 'image_url'));

const nonEmpty = (value: unknown): boolean => (Array.isArray(value) ? value.length > 0 : typeof value === 'string' && value !== '');

export function unsupportedOnBedrock(body: JsonObject, model: string): string | undefined {
  if (typeof body.n === 'number' && body.n > 1) return 'n';
  if (body.logprobs === true || body.top_logprobs !== undefined) return 'logprobs';
  if (modelFamily(bedrockModelId(model)) !== 'llama3') return undefined;
  if (nonEmpty(body.tools ?? body.functions) && body.tool_choice !== 'none') return 'tools';
  if (hasImage(body.messages)) return 'image_url';
  const format = (body.response_format as { type?: unknown } | undefined)?.type;
  if (format === 'json_object' || format === 'json_schema') return 'response_format';
  return nonEmpty(body.stop) ? 'stop' : undefined;
}
