import { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../../openai/request-body.js';
import { hubMessages, systemMessage } from './messages-to-hub.js';
import type { ClientTool, ClientToolChoice, MessagesRequest } from './request-types.js';
import { validateMessages } from './validate.js';

/**
 * A Messages request checked and read as the hub's chat request (providers/hub.ts): the system prompt as
 * a system message (its blocks as text parts when one carries cache_control), the turns, custom tools as
 * functions, tool_choice, sampling, stop sequences, metadata.user_id as `user`, `thinking` and `top_k` as
 * the hub's extensions, and `output_config.effort` as OpenAI's `reasoning_effort`.
 * The web search server tool is the hub's `web_search`, which a channel with a search of its own runs.
 * What a conversion cannot carry follows the rule of providers/left-out.ts: Anthropic's other server tools
 * (code execution, web fetch…) and the tools whose schema only Anthropic knows (bash, text editor, computer)
 * are left out when merely offered, and make the request `nativeOnly` when tool_choice forces one; fields
 * only Anthropic reads (`context_management`, `container`, `mcp_servers`…) are left out. Both are named.
 * Docs: https://docs.anthropic.com/en/api/messages
 */
export interface ReadRequest {
  hub: JsonObject;
  maxTokens: number;
  nativeOnly?: string;
  /** What a conversion leaves out, by name; passthrough keeps everything. */
  leftOut?: readonly string[];
}

/** The fields the hub carries; any other top-level field is Anthropic's alone. */
const CARRIED = new Set(['model', 'messages', 'system', 'max_tokens', 'stream', 'temperature', 'top_p', 'top_k', 'stop_sequences', 'metadata', 'tools', 'tool_choice', 'thinking', 'output_config']);

/** The thinking modes the hub's readers know; a newer one is left out of a conversion. */
const KNOWN_THINKING = new Set(['enabled', 'disabled', 'adaptive']);
const KNOWN_TOOL_CHOICES = new Set(['auto', 'any', 'tool', 'none']);

/** Anthropic's efforts as OpenAI's (its `max` is beyond what every OpenAI reasoning model takes). */
const EFFORTS: Record<string, string> = { low: 'low', medium: 'medium', high: 'high', max: 'high' };

/** OpenAI refuses a `user` longer than this; Claude Code's user_id is a JSON document of its ids. */
const MAX_USER_LENGTH = 64;

export function readMessagesRequest(body: JsonObject, countOnly = false): ReadRequest {
  const request = validateMessages(body, countOnly);
  const { messages, nativeOnly: contentOnly } = hubMessages(request.messages);
  const system = systemMessage(request.system);
  const leftOut = new LeftOut();
  for (const field of Object.keys(body)) if (!CARRIED.has(field)) leftOut.add(field);
  const tools = hubTools(request.tools ?? [], leftOut);
  const search = (request.tools ?? []).find(isWebSearch);
  if (request.tool_choice && !KNOWN_TOOL_CHOICES.has(request.tool_choice.type)) leftOut.add('tool_choice');
  const hub: JsonObject = {
    model: request.model,
    messages: system ? [system, ...messages] : messages,
    ...(request.max_tokens ? { max_tokens: request.max_tokens } : {}),
    ...(request.stream && !countOnly ? { stream: true } : {}),
    ...sampling(request, leftOut),
    ...(tools.length > 0 ? { tools } : {}),
    ...toolChoice(request.tool_choice, tools.length > 0),
    ...(search && request.tool_choice?.type !== 'none' ? { web_search: webSearch(search) } : {}),
  };
  const nativeOnly = forcedServerTool(request) ?? contentOnly;
  return { hub, maxTokens: request.max_tokens ?? 0, ...(nativeOnly ? { nativeOnly } : {}), ...leftOut.named() };
}

function sampling(request: MessagesRequest, leftOut: LeftOut): JsonObject {
  const fields: JsonObject = {};
  if (typeof request.temperature === 'number') fields.temperature = request.temperature;
  if (typeof request.top_p === 'number') fields.top_p = request.top_p;
  if (typeof request.top_k === 'number') fields.top_k = request.top_k;
  if (request.stop_sequences?.length) fields.stop = request.stop_sequences;
  const user = request.metadata?.user_id;
  if (typeof user === 'string' && user.length > MAX_USER_LENGTH) leftOut.add('metadata.user_id');
  else if (typeof user === 'string' && user) fields.user = user;
  if (request.thinking && KNOWN_THINKING.has(request.thinking.type)) fields.thinking = request.thinking;
  else if (request.thinking) leftOut.add('thinking');
  const effort = request.output_config?.effort;
  if (effort !== undefined && request.thinking?.type !== 'disabled') {
    if (EFFORTS[effort]) fields.reasoning_effort = EFFORTS[effort];
    else leftOut.add('output_config.effort');
  }
  return fields;
}

/** Custom tools (an input_schema of their own) as functions; the others run on Anthropic or are defined by it. */
function hubTools(tools: ClientTool[], leftOut: LeftOut): JsonObject[] {
  const functions: JsonObject[] = [];
  for (const tool of tools) {
    if (isCustom(tool)) functions.push(hubTool(tool));
    else if (!isWebSearch(tool)) leftOut.add(`tool:${tool.name ?? tool.type ?? ''}`);
  }
  return functions;
}

const isWebSearch = (tool: ClientTool) => typeof tool.type === 'string' && tool.type.startsWith('web_search_');

const webSearch = (tool: ClientTool): JsonObject => (typeof tool.max_uses === 'number' ? { max_uses: tool.max_uses } : {});

const isCustom = (tool: ClientTool) => tool.input_schema !== undefined && (tool.type === undefined || tool.type === 'custom');

function hubTool(tool: ClientTool): JsonObject {
  const fn = { name: tool.name, ...(tool.description ? { description: tool.description } : {}), parameters: tool.input_schema };
  return { type: 'function', function: fn, ...(tool.cache_control ? { cache_control: tool.cache_control } : {}) };
}

/** A tool_choice naming a tool that only Anthropic runs: the answer would mean nothing elsewhere. */
function forcedServerTool(request: MessagesRequest): string | undefined {
  const choice = request.tool_choice;
  const tools = request.tools ?? [];
  if (choice?.type === 'any' && tools.length > 0 && !tools.some(isCustom)) return 'tool_choice any forces a tool, and every tool offered runs only on Anthropic';
  if (choice?.type !== 'tool') return undefined;
  const tool = tools.find((candidate) => candidate.name === choice.name);
  return tool && !isCustom(tool) ? `tool_choice forces the tool ${tool.name} (${tool.type ?? ''}), which runs only on Anthropic` : undefined;
}

/** tool_choice as the hub's; without a tool left to choose from (all left out), there is nothing to choose. */
function toolChoice(choice: ClientToolChoice | undefined, anyTools: boolean): JsonObject {
  if (!choice || !anyTools || !KNOWN_TOOL_CHOICES.has(choice.type)) return {};
  const parallel = choice.disable_parallel_tool_use ? { parallel_tool_calls: false } : {};
  if (choice.type === 'any') return { tool_choice: 'required', ...parallel };
  if (choice.type === 'tool') return { tool_choice: { type: 'function', function: { name: choice.name } }, ...parallel };
  return { tool_choice: choice.type, ...parallel };
}
