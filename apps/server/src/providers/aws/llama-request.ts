import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * Meta Llama 3 on InvokeModel (reference providers.md 5.4): the chat rendered with Llama 3's header-token
 * template into one prompt. Meta's documented template puts `\n\n` after each header; where one-api
 * leaves it out, the documentation wins. No tools or images on this path.
 * Docs: https://www.llama.com/docs/model-cards-and-prompt-formats/meta-llama-3/,
 * https://docs.aws.amazon.com/bedrock/latest/userguide/model-parameters-meta.html
 */
export interface LlamaRequest {
  prompt: string;
  max_gen_len: number;
  temperature?: number;
  top_p?: number;
}

/** one-api's default when the client sets no max_tokens. */
const DEFAULT_MAX_GEN_LEN = 2048;

const header = (role: string) => `<|start_header_id|>${role}<|end_header_id|>\n\n`;

/** The roles Llama 3 knows; a developer message is a system one, a tool result is read as the user's. */
function llamaRole(role: unknown): string {
  if (role === 'system' || role === 'developer') return 'system';
  if (role === 'assistant') return 'assistant';
  return 'user';
}

export function llamaPrompt(messages: unknown): string {
  let prompt = '<|begin_of_text|>';
  for (const message of Array.isArray(messages) ? (messages as OpenAIMessage[]) : []) {
    prompt += `${header(llamaRole(message.role))}${plainText(message.content).trim()}<|eot_id|>`;
  }
  return prompt + header('assistant');
}

export function toLlamaRequest(body: JsonObject): LlamaRequest {
  const max = body.max_completion_tokens ?? body.max_tokens;
  const request: LlamaRequest = { prompt: llamaPrompt(body.messages), max_gen_len: typeof max === 'number' && max > 0 ? Math.floor(max) : DEFAULT_MAX_GEN_LEN };
  if (typeof body.temperature === 'number') request.temperature = body.temperature;
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  return request;
}
