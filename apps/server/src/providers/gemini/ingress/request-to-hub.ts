import { LeftOut } from '../../left-out.js';
import type { JsonObject } from '../../openai/request-body.js';
import { camelCased } from './camel-case.js';
import { hubGenerationFields } from './config-to-hub.js';
import { hubMessages } from './contents-to-hub.js';
import { hubParts } from './parts-to-hub.js';
import type { ClientPart, GenerateRequest } from './request-types.js';
import { hubTools } from './tools-to-hub.js';
import { validateGenerate } from './validate.js';

/**
 * A Gemini generateContent request (camelCase or snake_case) checked and read as the hub's chat request
 * (providers/hub.ts). safetySettings and Google's built-in tools (Google Search, code execution, URL
 * context…) only mean something to Gemini itself: offered, they are left out and named
 * (providers/left-out.ts); what the answer needs and only Gemini has (a context cached on Google's side,
 * video) makes the request `nativeOnly`, with the reason.
 * Docs: https://ai.google.dev/api/generate-content#method:-models.generatecontent
 */
export interface ReadRequest {
  hub: JsonObject;
  /** generationConfig.maxOutputTokens, 0 when not set. */
  maxTokens: number;
  nativeOnly?: string;
  /** What a conversion leaves out, by name; passthrough keeps everything. */
  leftOut?: readonly string[];
}

/** The fields the conversion reads; others are Gemini's alone (safetySettings, labels…). */
const CARRIED = new Set(['contents', 'systemInstruction', 'tools', 'toolConfig', 'generationConfig', 'cachedContent', 'model']);

export function readGenerateRequest(body: JsonObject, model: string, stream: boolean): ReadRequest {
  const camel = camelCased(body) as JsonObject;
  const request = validateGenerate(camel);
  const leftOut = new LeftOut();
  for (const field of Object.keys(camel)) if (!CARRIED.has(field)) leftOut.add(field);
  const { messages, nativeOnly: contentsOnly } = hubMessages(request.contents);
  const system = systemText(request.systemInstruction);
  const tools = hubTools(request, leftOut);
  const hub: JsonObject = {
    model,
    messages: system ? [{ role: 'system', content: system }, ...messages] : messages,
    ...(stream ? { stream: true } : {}),
    ...hubGenerationFields(request.generationConfig),
    ...(tools.tools ? { tools: tools.tools, tool_choice: tools.toolChoice } : {}),
    ...(tools.webSearch ? { web_search: tools.webSearch } : {}),
  };
  const cached = request.cachedContent ? `the cached content ${request.cachedContent} lives on Gemini` : undefined;
  const nativeOnly = cached ?? contentsOnly;
  return { hub, maxTokens: request.generationConfig?.maxOutputTokens ?? 0, ...(nativeOnly ? { nativeOnly } : {}), ...leftOut.named() };
}

/** systemInstruction's text parts, one per line; a bare string is taken as the text. */
function systemText(system: GenerateRequest['systemInstruction']): string {
  if (typeof system === 'string') return system;
  const parts = hubParts((system?.parts ?? []) as ClientPart[]).parts;
  return parts
    .filter((part) => part.type === 'text')
    .map((part) => String(part.text))
    .join('\n');
}
