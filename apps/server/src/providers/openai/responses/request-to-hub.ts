import { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../request-body.js';
import { hubMessages } from './input-to-hub.js';
import { InvalidResponsesRequest } from './invalid-request.js';
import type { ResponsesRequest } from './request-types.js';
import { hubTools } from './tools-to-hub.js';
import { validateResponsesRequest } from './validate.js';

/**
 * A Responses API request checked and read as the hub's chat request (providers/hub.ts), for channels that
 * do not take the Responses API. The conversion is stateless: `store` is not honoured (nothing is kept to
 * fetch later), and what continues state OpenAI keeps (`previous_response_id`, a conversation, a stored
 * prompt, background mode) makes the request nativeOnly, as do OpenAI's built-in tools.
 * Docs: https://platform.openai.com/docs/api-reference/responses/create
 */
export interface ReadResponsesRequest {
  hub: JsonObject;
  /** max_output_tokens, 0 when not set. */
  maxTokens: number;
  nativeOnly?: string;
  /** What a conversion leaves out, by name (providers/left-out.ts); passthrough keeps everything. */
  leftOut?: readonly string[];
}

/**
 * Fields the conversion carries, or whose loss changes nothing: `store` (a converted answer is not kept,
 * and says `store: false`), `stream_options`, `reasoning.summary` (a converted answer's reasoning is
 * summarised in its reasoning items), `include` of the encrypted reasoning (a Claude channel's thinking
 * travels in it, thinking-carrier.ts). Any other field is OpenAI's alone, and named when left out.
 */
const CARRIED = new Set(['model', 'input', 'instructions', 'tools', 'tool_choice', 'parallel_tool_calls', 'reasoning', 'text', 'max_output_tokens', 'temperature', 'top_p', 'user', 'stream', 'store', 'stream_options', 'previous_response_id', 'conversation', 'prompt', 'background']);

export function readResponsesRequest(body: JsonObject): ReadResponsesRequest {
  const request = validateResponsesRequest(body);
  const model = String(request.model);
  const leftOut = new LeftOut();
  for (const field of Object.keys(body)) if (!CARRIED.has(field) && !(field === 'include' && onlyEncryptedReasoning(body.include))) leftOut.add(field);
  const { messages, nativeOnly: inputOnly } = hubMessages(request.input, typeof request.instructions === 'string' ? request.instructions : undefined, leftOut);
  const tools = hubTools(request, leftOut);
  const maxTokens = typeof request.max_output_tokens === 'number' ? request.max_output_tokens : 0;
  const hub: JsonObject = {
    model,
    messages,
    ...(request.stream === true ? { stream: true } : {}),
    ...(maxTokens ? { max_tokens: maxTokens } : {}),
    ...(typeof request.temperature === 'number' ? { temperature: request.temperature } : {}),
    ...(typeof request.top_p === 'number' ? { top_p: request.top_p } : {}),
    ...(typeof request.user === 'string' ? { user: request.user } : {}),
    ...(tools.tools ? { tools: tools.tools } : {}),
    ...(tools.webSearch ? { web_search: tools.webSearch } : {}),
    ...(tools.toolChoice !== undefined ? { tool_choice: tools.toolChoice } : {}),
    ...(tools.tools && typeof request.parallel_tool_calls === 'boolean' ? { parallel_tool_calls: request.parallel_tool_calls } : {}),
    ...(typeof request.reasoning?.effort === 'string' ? { reasoning_effort: request.reasoning.effort } : {}),
    ...responseFormat(request),
  };
  const nativeOnly = statefulPart(request) ?? tools.nativeOnly ?? inputOnly;
  return { hub, maxTokens, ...(nativeOnly ? { nativeOnly } : {}), ...leftOut.named() };
}

const onlyEncryptedReasoning = (include: unknown) => Array.isArray(include) && include.every((entry) => entry === 'reasoning.encrypted_content');

/** text.format as Chat's response_format; plain text needs none. */
function responseFormat(request: ResponsesRequest): JsonObject {
  const format = request.text?.format;
  if (!format || format.type === 'text' || format.type === undefined) return {};
  if (format.type === 'json_object') return { response_format: { type: 'json_object' } };
  if (format.type === 'json_schema') {
    if (typeof format.name !== 'string' || format.schema === undefined) throw new InvalidResponsesRequest('text.format.name', 'a json_schema format needs a name and a schema.');
    const schema = { name: format.name, schema: format.schema, ...(typeof format.strict === 'boolean' ? { strict: format.strict } : {}), ...(typeof format.description === 'string' ? { description: format.description } : {}) };
    return { response_format: { type: 'json_schema', json_schema: schema } };
  }
  throw new InvalidResponsesRequest('text.format.type', `unknown format type '${String(format.type)}'.`);
}

/** What the request continues of a state only the OpenAI upstream that keeps it has. */
function statefulPart(request: ResponsesRequest): string | undefined {
  if (typeof request.previous_response_id === 'string') return `previous_response_id ${request.previous_response_id} continues a response stored on an OpenAI channel, and none that stores it serves this request`;
  if (request.conversation !== undefined && request.conversation !== null) return 'conversation continues a conversation stored on OpenAI';
  if (request.prompt !== undefined && request.prompt !== null) return 'prompt names a prompt template stored on OpenAI';
  if (request.background === true) return 'background mode runs only on OpenAI';
  return undefined;
}
