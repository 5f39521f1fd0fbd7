import type { JsonObject } from '../../openai/request-body.js';
import { hubPart } from './blocks-to-hub.js';
import { hubMessages } from './messages-to-hub.js';
import type { ClientTool, ClientToolChoice, MessagesRequest } from './request-types.js';
import { validateMessages } from './validate.js';

/**
 * A Messages request checked and read as the hub's chat request (providers/hub.ts): the system prompt as
 * a system message (its blocks as text parts when one carries cache_control), the turns, custom tools as
 * functions, tool_choice, sampling, stop sequences, metadata.user_id as `user`, and `thinking` and
 * `top_k` as the hub's extensions. Anthropic's server tools (web search, code execution…) run only on
 * Anthropic: the request is then `nativeOnly`. Docs: https://docs.anthropic.com/en/api/messages
 */
export interface ReadRequest {
  hub: JsonObject;
  maxTokens: number;
  nativeOnly?: string;
}

export function readMessagesRequest(body: JsonObject, countOnly = false): ReadRequest {
  const request = validateMessages(body, countOnly);
  const { messages, nativeOnly: contentOnly } = hubMessages(request.messages);
  const system = systemMessage(request.system);
  const tools = (request.tools ?? []).map(hubTool);
  const serverTool = (request.tools ?? []).find((tool) => tool.type !== undefined && tool.type !== 'custom' && tool.input_schema === undefined);
  const hub: JsonObject = {
    model: request.model,
    messages: system ? [system, ...messages] : messages,
    ...(request.max_tokens ? { max_tokens: request.max_tokens } : {}),
    ...(request.stream && !countOnly ? { stream: true } : {}),
    ...sampling(request),
    ...(tools.length > 0 ? { tools } : {}),
    ...toolChoice(request.tool_choice),
  };
  const nativeOnly = serverTool ? `the server tool ${serverTool.name} (${serverTool.type ?? ''}) runs only on Anthropic` : contentOnly;
  return { hub, maxTokens: request.max_tokens ?? 0, ...(nativeOnly ? { nativeOnly } : {}) };
}

function systemMessage(system: MessagesRequest['system']): JsonObject | undefined {
  if (system === undefined || system === '' || (Array.isArray(system) && system.length === 0)) return undefined;
  if (typeof system === 'string') return { role: 'system', content: system };
  if (system.some((block) => block.cache_control)) return { role: 'system', content: system.map((block) => hubPart(block).part ?? { type: 'text', text: '' }) };
  return { role: 'system', content: system.map((block) => block.text ?? '').join('\n') };
}

function sampling(request: MessagesRequest): JsonObject {
  const fields: JsonObject = {};
  if (typeof request.temperature === 'number') fields.temperature = request.temperature;
  if (typeof request.top_p === 'number') fields.top_p = request.top_p;
  if (typeof request.top_k === 'number') fields.top_k = request.top_k;
  if (request.stop_sequences?.length) fields.stop = request.stop_sequences;
  if (typeof request.metadata?.user_id === 'string' && request.metadata.user_id) fields.user = request.metadata.user_id;
  if (request.thinking) fields.thinking = request.thinking;
  return fields;
}

function hubTool(tool: ClientTool): JsonObject {
  const fn = { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.input_schema ?? { type: 'object', properties: {} } };
  return { type: 'function', function: fn, ...(tool.cache_control ? { cache_control: tool.cache_control } : {}) };
}

function toolChoice(choice: ClientToolChoice | undefined): JsonObject {
  if (!choice) return {};
  const parallel = choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {};
  if (choice.type === 'any') return { tool_choice: 'required', ...parallel };
  if (choice.type === 'tool') return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
  return { tool_choice: choice.type, ...parallel };
}
