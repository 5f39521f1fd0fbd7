import { plainText, type ContentPart, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import type { DashScopeChatRequest, DashScopeContentItem, DashScopeMessage, DashScopeParameters } from './wire-types.js';

/**
 * An OpenAI chat request as a DashScope text-generation request (reference providers.md 8.2, one-api.md 2.3).
 * Docs: https://www.alibabacloud.com/help/en/model-studio/use-qwen-by-calling-api
 */
const INTERNET_SUFFIX = '-internet';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * Streams ask for incremental output, as one-api does, so each frame carries a delta. A client may send
 * DashScope's own `incremental_output: false`; the stream parser then turns cumulative text into deltas.
 */
export const incrementalOutput = (body: JsonObject, stream: boolean): boolean => stream && body.incremental_output !== false;

/**
 * The text endpoint takes string content; the multimodal endpoint (vision models, and any request with an
 * image, reference 8.2) lists `{text}` and `{image}` items.
 */
export function toDashScopeRequest(body: JsonObject, model: string, stream: boolean, multimodal = false): DashScopeChatRequest {
  // one-api's convention: `qwen-max-internet` is qwen-max with DashScope's web search enabled.
  const internet = model.endsWith(INTERNET_SUFFIX);
  return { model: internet ? model.slice(0, -INTERNET_SUFFIX.length) : model, input: { messages: convertMessages(body.messages, multimodal) }, parameters: parameters(body, stream, internet) };
}

/** Vision models by name (qwen-vl-*, qwen2.5-vl-*, qvq-*), which are served only on the multimodal endpoint. */
const VISION_MODEL = /(^|-)vl(-|$)|^qvq/i;

const imageUrl = (part: ContentPart): string | undefined => {
  const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
  return part.type === 'image_url' && typeof url === 'string' && url !== '' ? url : undefined;
};

const hasImage = (messages: unknown): boolean =>
  Array.isArray(messages) && (messages as OpenAIMessage[]).some((m) => Array.isArray(m.content) && (m.content as ContentPart[]).some((part) => imageUrl(part) !== undefined));

/** Whether the request goes to the multimodal endpoint: a vision model, or a request carrying an image. */
export const needsMultimodal = (body: JsonObject, model: string): boolean => VISION_MODEL.test(model) || hasImage(body.messages);

/**
 * OpenAI content as multimodal items. Images come first, as in DashScope's examples and the reference
 * fixture; data URLs go inline, https URLs as they are (DashScope fetches those itself).
 */
function contentItems(content: unknown): DashScopeContentItem[] {
  if (!Array.isArray(content)) return [{ text: plainText(content) }];
  const parts = content as ContentPart[];
  const images = parts.map(imageUrl).filter((url): url is string => url !== undefined).map((image) => ({ image }));
  const texts = parts.filter((part) => typeof part.text === 'string' && part.text !== '').map((part) => ({ text: String(part.text) }));
  const items = [...images, ...texts];
  return items.length > 0 ? items : [{ text: '' }];
}

/** DashScope takes temperature in [0, 2) and top_p in (0, 1] (its docs), so OpenAI's 2 and 0 are nudged in. */
function parameters(body: JsonObject, stream: boolean, internet: boolean): DashScopeParameters {
  const result: DashScopeParameters = { result_format: 'message' };
  if (stream) result.incremental_output = incrementalOutput(body, stream);
  const temperature = num(body.temperature);
  const topP = num(body.top_p);
  const maxTokens = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (maxTokens !== undefined) result.max_tokens = maxTokens;
  if (temperature !== undefined) result.temperature = clamp(temperature, 0, 1.99);
  if (topP !== undefined) result.top_p = clamp(topP, 0.01, 1);
  for (const key of ['top_k', 'seed', 'presence_penalty', 'repetition_penalty'] as const) {
    const value = num(body[key]);
    if (value !== undefined) result[key] = value;
  }
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) result.stop = stop;
  if (internet) result.enable_search = true;
  if (Array.isArray(body.tools) && body.tools.length > 0 && body.tool_choice !== 'none') {
    result.tools = body.tools;
    // DashScope takes OpenAI's `auto` and named function (not `required`, which the adaptor refuses) and the parallel-call switch.
    if (body.tool_choice === 'auto' || (typeof body.tool_choice === 'object' && body.tool_choice !== null)) result.tool_choice = body.tool_choice;
    if (typeof body.parallel_tool_calls === 'boolean') result.parallel_tool_calls = body.parallel_tool_calls;
  }
  // Its structured output takes OpenAI's json_schema format as it is (qwen-plus and later; other models refuse it).
  const format = body.response_format as { type?: unknown } | undefined;
  if (format?.type === 'json_object') result.response_format = { type: 'json_object' };
  if (format?.type === 'json_schema') result.response_format = format as DashScopeParameters['response_format'];
  return result;
}

/**
 * OpenAI-shaped turns, with string content on the text endpoint (images left out) and item lists on the
 * multimodal one. Tool results carry the function name too, found from the assistant turn that made the call.
 */
function convertMessages(input: unknown, multimodal: boolean): DashScopeMessage[] {
  const callNames = new Map<string, string>();
  return (Array.isArray(input) ? (input as OpenAIMessage[]) : []).map((message) => {
    const role = message.role === 'developer' ? 'system' : typeof message.role === 'string' ? message.role : 'user';
    const converted: DashScopeMessage = { role, content: multimodal ? contentItems(message.content) : plainText(message.content) };
    if (role === 'assistant' && Array.isArray(message.tool_calls) && message.tool_calls.length > 0) {
      for (const call of message.tool_calls) callNames.set(String(call.id ?? ''), String(call.function?.name ?? ''));
      converted.tool_calls = message.tool_calls;
    }
    if (role === 'tool') {
      const id = String(message.tool_call_id ?? '');
      Object.assign(converted, { tool_call_id: id, name: callNames.get(id) ?? '' });
    }
    return converted;
  });
}
