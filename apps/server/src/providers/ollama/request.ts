import { parseArguments, plainText, type ContentPart, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import type { OllamaChatRequest, OllamaMessage, OllamaOptions } from './wire-types.js';

/**
 * An OpenAI chat request as an Ollama /api/chat request (reference providers.md 16, one-api.md 2.3).
 * Docs: https://github.com/ollama/ollama/blob/main/docs/api.md#generate-a-chat-completion
 */
export function toOllamaRequest(body: JsonObject, model: string, stream: boolean): OllamaChatRequest {
  // Ollama streams unless told otherwise, so `stream` is always sent.
  const request: OllamaChatRequest = { model, messages: convertMessages(body.messages), stream };
  const options = ollamaOptions(body);
  if (Object.keys(options).length > 0) request.options = options;
  if (Array.isArray(body.tools) && body.tools.length > 0 && body.tool_choice !== 'none') request.tools = body.tools;
  const format = body.response_format as { type?: unknown; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_object') request.format = 'json';
  if (format?.type === 'json_schema') request.format = format.json_schema?.schema ?? 'json';
  // Ollama takes OpenAI's two fields as they are (0.12.11 and later; older servers ignore them).
  const top = typeof body.top_logprobs === 'number' ? body.top_logprobs : 0;
  if (body.logprobs === true || top > 0) Object.assign(request, { logprobs: true }, top > 0 ? { top_logprobs: top } : {});
  return request;
}

function ollamaOptions(body: JsonObject): OllamaOptions {
  const options: OllamaOptions = {};
  // num_ctx is one-api's request extension for the context window; OpenAI has no such field.
  const fields: [keyof OllamaOptions, unknown][] = [
    ['temperature', body.temperature],
    ['top_p', body.top_p],
    ['top_k', body.top_k],
    ['seed', body.seed],
    ['frequency_penalty', body.frequency_penalty],
    ['presence_penalty', body.presence_penalty],
    ['num_predict', body.max_completion_tokens ?? body.max_tokens],
    ['num_ctx', body.num_ctx],
  ];
  for (const [key, value] of fields) if (typeof value === 'number') Object.assign(options, { [key]: value });
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) options.stop = stop;
  return options;
}

/**
 * Text parts are joined; data-URL images go to `images` as raw base64 (the relay has already turned
 * linked http(s) images into data URLs, since Ollama takes only bytes).
 */
function convertMessages(input: unknown): OllamaMessage[] {
  const callNames = new Map<string, string>();
  const messages: OllamaMessage[] = [];
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    const role = message.role === 'developer' ? 'system' : message.role === 'system' || message.role === 'assistant' || message.role === 'tool' ? message.role : 'user';
    const converted: OllamaMessage = { role, content: plainText(message.content) };
    const images = dataImages(message.content);
    if (images.length > 0) converted.images = images;
    if (role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      converted.tool_calls = message.tool_calls.map((call) => {
        const name = String(call.function?.name ?? '');
        callNames.set(String(call.id ?? ''), name);
        return { function: { name, arguments: parseArguments(call.function?.arguments) } };
      });
    }
    if (role === 'tool') converted.tool_name = callNames.get(String(message.tool_call_id ?? '')) ?? '';
    messages.push(converted);
  }
  return messages;
}

function dataImages(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return (content as ContentPart[])
    .filter((part) => part.type === 'image_url')
    .map((part) => (typeof part.image_url === 'string' ? part.image_url : part.image_url?.url))
    .map((url) => (typeof url === 'string' ? /^data:[^;,]+;base64,(.*)$/s.exec(url)?.[1] : undefined))
    .filter((data): data is string => data !== undefined);
}
