import { functionTools } from '../function-tools.js';
import type { JsonObject } from '../openai/request-body.js';
import { convertContents } from './contents.js';
import { logprobsConfig } from './logprobs.js';
import { geminiSchema } from './schema.js';
import { thinkingConfig } from './thinking-config.js';
import type { FunctionCallingConfig, FunctionDeclaration, GeminiRequest, GenerationConfig } from './wire-types.js';

/**
 * An OpenAI chat request as a Gemini generateContent request (reference providers.md 3.2 and 3.7).
 * Docs: https://ai.google.dev/api/generate-content#request-body
 */

/** one-api's GEMINI_SAFETY_SETTING default: the gateway's caller decides what to filter, not Google. */
export const DEFAULT_SAFETY_THRESHOLD = 'BLOCK_NONE';

const SAFETY_CATEGORIES = ['HARM_CATEGORY_HARASSMENT', 'HARM_CATEGORY_HATE_SPEECH', 'HARM_CATEGORY_SEXUALLY_EXPLICIT', 'HARM_CATEGORY_DANGEROUS_CONTENT', 'HARM_CATEGORY_CIVIC_INTEGRITY'];

/**
 * The hub's `web_search` is Google Search grounding, offered only to a request without function tools:
 * Gemini refuses the two together on its 2.x models (see `searchLeftOut`).
 * Docs: https://ai.google.dev/gemini-api/docs/google-search
 */
export const searchLeftOut = (body: JsonObject): string[] => (body.web_search !== undefined && functionTools(body.tools).length > 0 ? ['tool:web_search'] : []);

/**
 * System messages always go to `systemInstruction`: every Gemini model served today (1.5 and later)
 * supports it, so one-api's user turn plus dummy "Okay" model turn for older models is not needed.
 */
export function toGeminiRequest(body: JsonObject, safetyThreshold = DEFAULT_SAFETY_THRESHOLD): GeminiRequest {
  const { system, contents } = convertContents(body.messages);
  const request: GeminiRequest = { contents, safetySettings: SAFETY_CATEGORIES.map((category) => ({ category, threshold: safetyThreshold })) };
  if (system.length > 0) request.systemInstruction = { parts: [{ text: system.join('\n') }] };
  const declarations = functionDeclarations(body.tools);
  if (declarations.length > 0) {
    request.tools = [{ functionDeclarations: declarations }];
    request.toolConfig = { functionCallingConfig: functionCallingConfig(body.tool_choice) };
  } else if (body.web_search !== undefined) request.tools = [{ googleSearch: {} }];
  const config = generationConfig(body);
  if (Object.keys(config).length > 0) request.generationConfig = config;
  return request;
}

function generationConfig(body: JsonObject): GenerationConfig {
  const config: GenerationConfig = {};
  const number = (value: unknown) => (typeof value === 'number' ? value : undefined);
  const maxTokens = number(body.max_completion_tokens ?? body.max_tokens);
  if (maxTokens !== undefined && maxTokens > 0) config.maxOutputTokens = Math.floor(maxTokens);
  const fields: [keyof GenerationConfig, unknown][] = [
    ['temperature', body.temperature],
    ['topP', body.top_p],
    ['topK', body.top_k],
    ['candidateCount', body.n],
    ['seed', body.seed],
    ['presencePenalty', body.presence_penalty],
    ['frequencyPenalty', body.frequency_penalty],
  ];
  for (const [key, value] of fields) if (number(value) !== undefined) Object.assign(config, { [key]: value });
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) config.stopSequences = stop;
  const format = body.response_format as { type?: unknown; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_object' || format?.type === 'json_schema') config.responseMimeType = 'application/json';
  if (format?.type === 'json_schema' && format.json_schema?.schema !== undefined) config.responseSchema = geminiSchema(format.json_schema.schema);
  const thinking = thinkingConfig(body, typeof body.model === 'string' ? body.model : '');
  if (thinking) config.thinkingConfig = thinking;
  return Object.assign(config, logprobsConfig(body));
}

function functionDeclarations(tools: unknown): FunctionDeclaration[] {
  return functionTools(tools).map(({ name, description, parameters }) => ({
    name,
    ...(description !== undefined ? { description } : {}),
    // A function without parameters must leave the field out: Gemini refuses an empty OBJECT schema.
    ...(hasProperties(parameters) ? { parameters: geminiSchema(parameters) } : {}),
  }));
}

const hasProperties = (schema: unknown) => Object.keys((schema as { properties?: object } | undefined)?.properties ?? {}).length > 0;

function functionCallingConfig(choice: unknown): FunctionCallingConfig {
  if (choice === 'none') return { mode: 'NONE' };
  if (choice === 'required') return { mode: 'ANY' };
  const name = (choice as { function?: { name?: unknown } } | undefined)?.function?.name;
  return typeof name === 'string' ? { mode: 'ANY', allowedFunctionNames: [name] } : { mode: 'AUTO' };
}
