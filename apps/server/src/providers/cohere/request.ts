import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import { callOf, cohereTools, toolResult } from './tools.js';
import type { CohereChatRequest, CohereHistoryEntry, CohereToolResult } from './wire-types.js';

/**
 * An OpenAI chat request as a Cohere v1 /v1/chat request (reference providers.md 12.1, one-api.md 2.3).
 * Docs: https://docs.cohere.com/v1/reference/chat
 */
const INTERNET_SUFFIX = '-internet';

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

export function toCohereRequest(body: JsonObject, model: string, stream: boolean): CohereChatRequest {
  // one-api's convention: `command-r-internet` is command-r grounded with Cohere's web-search connector.
  const internet = model.endsWith(INTERNET_SUFFIX);
  const { preamble, history, message, toolResults } = convertMessages(body.messages);
  const request: CohereChatRequest = { model: internet ? model.slice(0, -INTERNET_SUFFIX.length) : model, message, stream };
  if (preamble) request.preamble = preamble;
  if (history.length > 0) request.chat_history = history;
  if (toolResults.length > 0) request.tool_results = toolResults;
  if (internet) request.connectors = [{ id: 'web-search' }];
  const tools = body.tool_choice === 'none' ? [] : cohereTools(body.tools);
  if (tools.length > 0) request.tools = tools;
  Object.assign(request, samplingFields(body));
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) request.stop_sequences = stop;
  const format = body.response_format as { type?: unknown; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_object') request.response_format = { type: 'json_object' };
  if (format?.type === 'json_schema') request.response_format = { type: 'json_object', schema: format.json_schema?.schema };
  return request;
}

/** Cohere takes temperature >= 0 and p in [0.01, 0.99] (its docs); OpenAI allows 0..2 and 0..1. */
function samplingFields(body: JsonObject): Partial<CohereChatRequest> {
  const fields: Partial<CohereChatRequest> = {};
  const temperature = num(body.temperature);
  const topP = num(body.top_p);
  const maxTokens = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (temperature !== undefined) fields.temperature = Math.max(0, temperature);
  if (topP !== undefined) fields.p = clamp(topP, 0.01, 0.99);
  if (maxTokens !== undefined) fields.max_tokens = maxTokens;
  for (const key of ['seed', 'frequency_penalty', 'presence_penalty'] as const) {
    const value = num(body[key]);
    if (value !== undefined) fields[key] = value;
  }
  const topK = num(body.top_k);
  if (topK !== undefined) fields.k = clamp(Math.round(topK), 0, 500);
  return fields;
}

interface ConvertedMessages {
  preamble: string;
  history: CohereHistoryEntry[];
  message: string;
  toolResults: CohereToolResult[];
}

/**
 * System messages become the preamble. The last user turn is `message`; when the conversation ends with
 * tool results instead, they go top-level in `tool_results` with an empty message, as Cohere's tool-use
 * flow expects. Earlier tool results stay in the history as TOOL turns.
 */
function convertMessages(input: unknown): ConvertedMessages {
  const system: string[] = [];
  const history: CohereHistoryEntry[] = [];
  const calls = new Map<string, { name: string; parameters: unknown }>();
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    const text = plainText(message.content);
    if (message.role === 'system' || message.role === 'developer') {
      if (text) system.push(text);
    } else if (message.role === 'assistant') {
      const toolCalls = (message.tool_calls ?? []).map((call) => {
        calls.set(String(call.id ?? ''), callOf(call));
        return callOf(call);
      });
      history.push({ role: 'CHATBOT', message: text, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) });
    } else if (message.role === 'tool') {
      const last = history.at(-1);
      if (last?.role === 'TOOL') last.tool_results?.push(toolResult(message, calls));
      else history.push({ role: 'TOOL', tool_results: [toolResult(message, calls)] });
    } else {
      history.push({ role: 'USER', message: text });
    }
  }
  const last = history.at(-1);
  const ending = last?.role === 'USER' || last?.role === 'TOOL' ? history.pop() : undefined;
  return { preamble: system.join('\n'), history, message: ending?.role === 'USER' ? (ending.message ?? '') : '', toolResults: ending?.tool_results ?? [] };
}
