import { functionTools } from '../function-tools.js';
import type { JsonObject } from '../openai/request-body.js';
import { convertMessages } from './messages.js';
import { structuredOutputSchema, structuredOutputTool } from './structured-output.js';
import type { AnthropicRequest, AnthropicTool, AnthropicToolChoice } from './wire-types.js';

/** max_tokens is required by Anthropic; one-api's default. */
const DEFAULT_MAX_TOKENS = 4096;

/** Old model names Anthropic no longer serves under that exact name (one-api's renames). */
const RENAMED_MODELS: Record<string, string> = { 'claude-2': 'claude-2.1', 'claude-instant-1': 'claude-instant-1.1' };

const JSON_ONLY = 'Respond with valid JSON only: a single JSON object, with no prose and no code fences.';

/**
 * An OpenAI chat request as an Anthropic Messages request (reference providers.md 2.2 and 2.7); with
 * `structuredOutput`, a json_schema response format becomes a forced tool (structured-output.ts).
 */
export function toAnthropicRequest(body: JsonObject, model: string, options: { structuredOutput?: boolean } = {}): AnthropicRequest {
  const { system, messages } = convertMessages(body.messages);
  const format = (body.response_format as { type?: unknown } | undefined)?.type;
  // Only for callers that read the forced tool's answer back as content (the Anthropic adaptor's).
  const schema = options.structuredOutput ? structuredOutputSchema(body) : undefined;
  if (schema === undefined && (format === 'json_object' || format === 'json_schema')) system.push({ type: 'text', text: jsonInstruction(body.response_format) });
  const request: AnthropicRequest = { model: RENAMED_MODELS[model] ?? model, max_tokens: maxTokens(body), messages };
  // Blocks only when one carries a cache breakpoint: a plain string is what every Anthropic-compatible upstream takes.
  if (system.length > 0) request.system = system.some((block) => block.cache_control) ? system : system.map((block) => block.text).join('\n');
  const thinking = thinkingOf(body.thinking);
  if (thinking) request.thinking = thinking;
  // With thinking on, Anthropic takes no temperature but 1 and no top_k.
  const thinks = (thinking as { type?: unknown } | undefined)?.type === 'enabled';
  if (typeof body.temperature === 'number' && !thinks) request.temperature = Math.min(1, Math.max(0, body.temperature));
  if (typeof body.top_p === 'number') request.top_p = body.top_p;
  if (typeof body.top_k === 'number' && !thinks) request.top_k = body.top_k;
  const budget = (thinking as { budget_tokens?: unknown } | undefined)?.budget_tokens;
  // The budget is part of max_tokens, which must exceed it.
  if (thinks && typeof budget === 'number' && request.max_tokens <= budget) request.max_tokens = budget + request.max_tokens;
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) request.stop_sequences = stop;
  if (body.stream === true) request.stream = true;
  if (typeof body.user === 'string' && body.user) request.metadata = { user_id: body.user };
  if (schema !== undefined) return { ...request, ...structuredOutputTool(schema) };
  // tool_choice "none" means the model may not call a tool: sending no tools says exactly that.
  const tools: AnthropicTool[] = body.tool_choice === 'none' ? [] : [...convertTools(body.tools), ...webSearchTool(body.web_search)];
  if (tools.length > 0) {
    request.tools = tools;
    const choice = toolChoice(body.tool_choice, body.parallel_tool_calls === false);
    if (choice) request.tool_choice = choice;
  }
  return request;
}

function maxTokens(body: JsonObject): number {
  const value = body.max_completion_tokens ?? body.max_tokens;
  return typeof value === 'number' && value > 0 ? Math.floor(value) : DEFAULT_MAX_TOKENS;
}

function convertTools(tools: unknown): AnthropicTool[] {
  return functionTools(tools).map(({ name, description, parameters, sent }) => ({
    name,
    ...(description !== undefined ? { description } : {}),
    // Anthropic requires an object schema even for a tool without parameters.
    input_schema: parameters ?? { type: 'object', properties: {} },
    ...(sent.cache_control ? { cache_control: sent.cache_control } : {}),
  }));
}

/**
 * The hub's `web_search` as Anthropic's web search server tool, which Anthropic runs and bills itself.
 * Docs: https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/web-search-tool
 */
function webSearchTool(search: unknown): AnthropicTool[] {
  if (!search || typeof search !== 'object') return [];
  const uses = (search as { max_uses?: unknown }).max_uses;
  return [{ type: 'web_search_20250305', name: 'web_search', ...(typeof uses === 'number' ? { max_uses: uses } : {}) }];
}

/** The hub's `thinking` (Anthropic's own shape, providers/hub.ts). */
const thinkingOf = (value: unknown): unknown => (value && typeof value === 'object' && typeof (value as { type?: unknown }).type === 'string' ? value : undefined);

function toolChoice(choice: unknown, serial: boolean): AnthropicToolChoice | undefined {
  const parallel = serial ? { disable_parallel_tool_use: true } : {};
  if (choice === 'required') return { type: 'any', ...parallel };
  const name = (choice as { type?: unknown; function?: { name?: unknown } } | undefined)?.function?.name;
  if (typeof name === 'string') return { type: 'tool', name, ...parallel };
  if (choice === 'auto' || serial) return { type: 'auto', ...parallel };
  return undefined;
}

/** Anthropic has no JSON mode: the instruction, with the schema when the client gave one, does its work. */
function jsonInstruction(format: unknown): string {
  const schema = (format as { json_schema?: { schema?: unknown } }).json_schema?.schema;
  return schema === undefined ? JSON_ONLY : `${JSON_ONLY} It must match this JSON schema: ${JSON.stringify(schema)}`;
}
