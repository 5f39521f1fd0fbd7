import type { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../../openai/request-body.js';
import type { ClientTool, GenerateRequest } from './request-types.js';
import { jsonSchema } from './schema-to-json.js';

/**
 * Gemini tools as the hub's: each functionDeclaration a function tool (`parametersJsonSchema` is already
 * JSON Schema; `parameters` is Google's Schema), functionCallingConfig as tool_choice. Google's built-in
 * tools (Google Search, code execution, URL context, …) run on Google's side only, so a request that uses
 * one can only pass through to a Gemini upstream.
 * Docs: https://ai.google.dev/api/caching#Tool, https://ai.google.dev/gemini-api/docs/function-calling
 */
export interface ConvertedTools {
  tools?: JsonObject[];
  toolChoice?: unknown;
  /** The hub's `web_search` (providers/hub.ts), when the client offered Google Search. */
  webSearch?: JsonObject;
}

/** Google Search, under its current and its Gemini 1.5 name. */
const GOOGLE_SEARCH = new Set(['googleSearch', 'googleSearchRetrieval']);

const EMPTY_PARAMETERS = { type: 'object', properties: {} };

export function hubTools(request: GenerateRequest, leftOut: LeftOut): ConvertedTools {
  const tools = request.tools ?? [];
  const converted: ConvertedTools = {};
  for (const tool of tools) {
    for (const key of Object.keys(tool)) {
      if (GOOGLE_SEARCH.has(key)) converted.webSearch = {};
      else if (key !== 'functionDeclarations') leftOut.add(`tool:${key}`);
    }
  }
  const declarations = tools.flatMap((tool: ClientTool) => tool.functionDeclarations ?? []);
  if (declarations.length === 0) return converted;
  const calling = request.toolConfig?.functionCallingConfig;
  const mode = (calling?.mode ?? 'AUTO').toUpperCase();
  const allowed = mode === 'ANY' && calling?.allowedFunctionNames?.length ? new Set(calling.allowedFunctionNames) : undefined;
  converted.tools = declarations
    .filter((declaration) => !allowed || allowed.has(declaration.name))
    .map((declaration) => ({
      type: 'function',
      function: {
        name: declaration.name,
        ...(declaration.description ? { description: declaration.description } : {}),
        parameters: declaration.parametersJsonSchema ?? (declaration.parameters ? jsonSchema(declaration.parameters) : EMPTY_PARAMETERS),
      },
    }));
  converted.toolChoice = toolChoice(mode, allowed);
  return converted;
}

/** ANY with one allowed function names it; with several, the tools offered are only those allowed. */
function toolChoice(mode: string, allowed: Set<string> | undefined): unknown {
  if (mode === 'NONE') return 'none';
  if (mode !== 'ANY') return 'auto';
  const [only] = allowed?.size === 1 ? [...allowed] : [];
  return only ? { type: 'function', function: { name: only } } : 'required';
}
