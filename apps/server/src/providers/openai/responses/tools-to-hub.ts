import type { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../request-body.js';
import { namespacedName } from './client-tool-names.js';
import type { ResponsesRequest, ResponsesTool } from './request-types.js';

/**
 * Responses tools as the hub's. Docs: https://platform.openai.com/docs/api-reference/responses/create#responses-create-tools
 * Function tools are flat in the Responses API (`{type,name,parameters}`) and nested in Chat's. A custom tool
 * (free text input, Codex's apply_patch) becomes a function taking one string `input`; the answer turns a
 * call of it back into a custom_tool_call (answer-items.ts). A namespace's tools become functions named
 * `<namespace>__<name>` (client-tool-names.ts). Web search is the hub's `web_search`, which a channel with a
 * search of its own runs. Every other type is a tool OpenAI runs itself (file search, computer use, code
 * interpreter, image generation, MCP, local shell): offered, it is left out and named
 * (providers/left-out.ts); forced by tool_choice, the request is nativeOnly.
 */
export interface HubTools {
  tools?: JsonObject[];
  toolChoice?: unknown;
  nativeOnly?: string;
  /** The hub's `web_search` (providers/hub.ts), when the client offered OpenAI's. */
  webSearch?: JsonObject;
}

/** OpenAI's web search tool, under each of its names. */
const WEB_SEARCH = new Set(['web_search', 'web_search_preview', 'web_search_2025_08_26', 'web_search_preview_2025_03_11']);

const CUSTOM_PARAMETERS = { type: 'object', properties: { input: { type: 'string', description: 'The raw input of the tool.' } }, required: ['input'], additionalProperties: false };

export function hubTools(request: ResponsesRequest, leftOut: LeftOut): HubTools {
  const tools: JsonObject[] = [];
  let webSearch: JsonObject | undefined;
  for (const tool of request.tools ?? []) {
    if (WEB_SEARCH.has(String(tool.type))) {
      webSearch = {};
      continue;
    }
    if (tool.type === 'function' || tool.type === 'custom') tools.push(hubFunction(tool, String(tool.name)));
    else if (tool.type === 'namespace' && typeof tool.name === 'string' && Array.isArray(tool.tools)) {
      for (const inner of tool.tools) {
        if ((inner.type === 'function' || inner.type === 'custom') && typeof inner.name === 'string') tools.push(hubFunction(inner, namespacedName(tool.name, inner.name)));
        else leftOut.add(`tool:${tool.name}.${String(inner.name ?? inner.type)}`);
      }
    } else leftOut.add(`tool:${String(tool.type)}`);
  }
  const choice = toolChoice(request.tool_choice);
  if (choice.value !== undefined && tools.length === 0 && choice.value !== 'none' && choice.value !== 'auto') {
    return { nativeOnly: `tool_choice ${JSON.stringify(request.tool_choice)} forces a tool, and every tool offered runs only on OpenAI` };
  }
  const offered = tools.length > 0;
  return {
    ...(webSearch && choice.value !== 'none' ? { webSearch } : {}),
    ...(offered ? { tools } : {}),
    ...(offered && choice.value !== undefined ? { toolChoice: choice.value } : {}),
    ...(choice.nativeOnly ? { nativeOnly: choice.nativeOnly } : {}),
  };
}

function hubFunction(tool: ResponsesTool, name: string): JsonObject {
  const parameters = tool.type === 'custom' ? CUSTOM_PARAMETERS : (tool.parameters ?? { type: 'object', properties: {} });
  const fn = {
    name,
    ...(typeof tool.description === 'string' ? { description: tool.description } : {}),
    parameters,
    ...(typeof tool.strict === 'boolean' ? { strict: tool.strict } : {}),
  };
  return { type: 'function', function: fn };
}

/** `auto`/`none`/`required` as they are; a named function or custom tool as Chat names it; a built-in tool's choice is OpenAI's. */
function toolChoice(choice: unknown): { value?: unknown; nativeOnly?: string } {
  if (choice === undefined || choice === null) return {};
  if (typeof choice === 'string') return { value: choice };
  const named = choice as { type?: string; name?: string; namespace?: string; mode?: string };
  if ((named.type === 'function' || named.type === 'custom') && named.name) {
    const name = typeof named.namespace === 'string' ? namespacedName(named.namespace, named.name) : named.name;
    return { value: { type: 'function', function: { name } } };
  }
  if (named.type === 'allowed_tools') return { value: named.mode === 'required' ? 'required' : 'auto' };
  return { nativeOnly: `tool_choice names the built-in tool ${String(named.type)}, which runs only on OpenAI` };
}
