import type { JsonObject } from '../request-body.js';
import type { ResponsesRequest, ResponsesTool } from './request-types.js';

/**
 * Responses tools as the hub's. Docs: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * Function tools are flat in the Responses API (`{type,name,parameters}`) and nested in Chat's. A custom tool
 * (free text input, Codex's apply_patch) becomes a function taking one string `input`; the answer turns a
 * call of it back into a custom_tool_call (answer-items.ts). Every other type is a tool OpenAI runs itself
 * (web search, file search, computer use, code interpreter, image generation, MCP, local shell): no other
 * upstream can, so the request is nativeOnly, naming the tool.
 */
export interface HubTools {
  tools?: JsonObject[];
  toolChoice?: unknown;
  nativeOnly?: string;
}

const CUSTOM_PARAMETERS = { type: 'object', properties: { input: { type: 'string', description: 'The raw input of the tool.' } }, required: ['input'], additionalProperties: false };

export function hubTools(request: ResponsesRequest): HubTools {
  const tools: JsonObject[] = [];
  let nativeOnly: string | undefined;
  for (const tool of request.tools ?? []) {
    if (tool.type === 'function') tools.push({ type: 'function', function: functionOf(tool, tool.parameters ?? { type: 'object', properties: {} }) });
    else if (tool.type === 'custom') tools.push({ type: 'function', function: functionOf(tool, CUSTOM_PARAMETERS) });
    else nativeOnly ??= `the built-in tool ${String(tool.type)} runs only on OpenAI`;
  }
  const choice = toolChoice(request.tool_choice);
  if (choice.nativeOnly) nativeOnly ??= choice.nativeOnly;
  return { ...(tools.length > 0 ? { tools } : {}), ...(choice.value !== undefined && tools.length > 0 ? { toolChoice: choice.value } : {}), ...(nativeOnly ? { nativeOnly } : {}) };
}

function functionOf(tool: ResponsesTool, parameters: unknown): JsonObject {
  return {
    name: tool.name,
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    parameters,
    ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
  };
}

/** `auto`/`none`/`required` as they are; a named function or custom tool as Chat names it; a built-in tool's choice is OpenAI's. */
function toolChoice(choice: unknown): { value?: unknown; nativeOnly?: string } {
  if (choice === undefined || choice === null) return {};
  if (typeof choice === 'string') return { value: choice };
  const named = choice as { type?: string; name?: string; mode?: string };
  if ((named.type === 'function' || named.type === 'custom') && named.name) return { value: { type: 'function', function: { name: named.name } } };
  if (named.type === 'allowed_tools') return { value: named.mode === 'required' ? 'required' : 'auto' };
  return { nativeOnly: `tool_choice names the built-in tool ${String(named.type)}, which runs only on OpenAI` };
}

/** The names of the request's custom tools, whose calls the answer gives back as custom_tool_call items. */
export function customToolNames(client: JsonObject): Set<string> {
  const tools = Array.isArray(client.tools) ? (client.tools as ResponsesTool[]) : [];
  return new Set(tools.filter((tool) => tool.type === 'custom' && typeof tool.name === 'string').map((tool) => String(tool.name)));
}
