import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import { sparkImageMessages } from './image-request.js';
import { takesFunctions } from './versions.js';
import type { SparkFunction, SparkMessage, SparkRequestFrame } from './wire-types.js';

/**
 * An OpenAI chat request as the one Spark request frame (reference providers.md 9.2). Spark's chat services
 * read text only; a request with an image goes to its image understanding service instead, whose frame
 * differs only in its messages and takes no functions (image-request.ts). Tool turns become text, since
 * the frame has no place for a call or its result.
 * Docs: https://www.xfyun.cn/doc/spark/Web.html#_1-%E6%8E%A5%E5%8F%A3%E8%AF%B4%E6%98%8E
 */
interface OpenAITool {
  type?: unknown;
  function?: { name?: unknown; description?: unknown; parameters?: unknown };
}

const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function toSparkRequest(body: JsonObject, appId: string, domain: string, image = false): SparkRequestFrame {
  const chat: SparkRequestFrame['parameter']['chat'] = { domain };
  const temperature = num(body.temperature);
  // Spark takes temperature in (0, 1]; OpenAI allows 0..2.
  if (temperature !== undefined) chat.temperature = Math.min(1, Math.max(0.01, temperature));
  const maxTokens = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (maxTokens !== undefined && maxTokens > 0) chat.max_tokens = maxTokens;
  // Spark's top_k is 1..6 (one-api wrongly sends OpenAI's `n` here).
  const topK = num(body.top_k);
  if (topK !== undefined) chat.top_k = Math.min(6, Math.max(1, Math.round(topK)));

  const text = image ? sparkImageMessages(body.messages) : sparkMessages(body.messages);
  const frame: SparkRequestFrame = { header: { app_id: appId }, parameter: { chat }, payload: { message: { text } } };
  // uid is at most 32 characters (Spark docs).
  if (typeof body.user === 'string' && body.user) frame.header.uid = body.user.slice(0, 32);
  const functions = body.tool_choice === 'none' || image || !takesFunctions(domain) ? [] : sparkFunctions(body.tools ?? body.functions);
  if (functions.length > 0) frame.payload.functions = { text: functions };
  return frame;
}

function sparkMessages(input: unknown): SparkMessage[] {
  const messages: SparkMessage[] = [];
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    const text = plainText(message.content);
    if (message.role === 'system' || message.role === 'developer') messages.push({ role: 'system', content: text });
    else if (message.role === 'assistant') messages.push({ role: 'assistant', content: text || calledFunctions(message) });
    else if (message.role === 'tool' || message.role === 'function') messages.push({ role: 'user', content: `Function result: ${text}` });
    else messages.push({ role: 'user', content: text });
  }
  return messages;
}

/** An assistant turn that only called functions, written out so the history keeps what was asked. */
const calledFunctions = (message: OpenAIMessage): string =>
  (message.tool_calls ?? []).map((call) => `Function call: ${String(call.function?.name ?? '')}(${String(call.function?.arguments ?? '')})`).join('\n');

/** OpenAI `tools` (or the legacy `functions`) as Spark functions, which keep OpenAI's JSON Schema. */
function sparkFunctions(tools: unknown): SparkFunction[] {
  return (Array.isArray(tools) ? (tools as (OpenAITool & OpenAITool['function'])[]) : [])
    .map((tool) => (tool.type === 'function' ? tool.function : tool.type === undefined ? tool : undefined))
    .filter((fn): fn is NonNullable<OpenAITool['function']> => typeof fn?.name === 'string')
    .map((fn) => ({ name: String(fn.name), description: typeof fn.description === 'string' ? fn.description : '', parameters: fn.parameters ?? { type: 'object', properties: {} } }));
}
