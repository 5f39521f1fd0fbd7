import { parseArguments, plainText, type ContentPart, type OpenAIMessage } from '../anthropic/messages.js';
import { signatureOfCallId } from './call-id.js';
import type { GeminiContent, GeminiPart } from './wire-types.js';

/**
 * OpenAI messages as Gemini `contents` plus the system text (reference providers.md 3.2 and 3.7).
 * Docs: https://ai.google.dev/api/caching#Content, https://ai.google.dev/gemini-api/docs/function-calling
 */
export interface ConvertedContents {
  system: string[];
  contents: GeminiContent[];
}

/** Extensions of remote images, for the mime type fileData requires. */
const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', webp: 'image/webp', gif: 'image/gif', heic: 'image/heic', heif: 'image/heif' };

/**
 * System (and developer) messages go to the system text; assistant turns become `model` turns, tool
 * results `functionResponse` parts of a user turn. Consecutive turns of one role are merged: Gemini wants
 * all the results of one model turn's calls in the single user turn that follows it.
 */
export function convertContents(input: unknown): ConvertedContents {
  const system: string[] = [];
  const contents: GeminiContent[] = [];
  // A tool message has only the call id; Gemini names the function, so remember the calls' names.
  const callNames = new Map<string, string>();
  for (const message of Array.isArray(input) ? (input as OpenAIMessage[]) : []) {
    if (message.role === 'system' || message.role === 'developer') {
      const text = plainText(message.content);
      if (text) system.push(text);
      continue;
    }
    const role = message.role === 'assistant' ? 'model' : 'user';
    const parts = message.role === 'tool' ? [functionResponse(message, callNames)] : [...contentParts(message.content), ...functionCalls(message, callNames)];
    if (parts.length === 0) continue;
    const last = contents.at(-1);
    if (last?.role === role) last.parts.push(...parts);
    else contents.push({ role, parts });
  }
  return { system, contents };
}

function contentParts(content: unknown): GeminiPart[] {
  if (typeof content === 'string') return content ? [{ text: content }] : [];
  if (!Array.isArray(content)) return [];
  const parts: GeminiPart[] = [];
  for (const part of content as ContentPart[]) {
    if (part.type === 'text' && typeof part.text === 'string' && part.text) parts.push({ text: part.text });
    if (part.type === 'image_url') {
      const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
      const image = typeof url === 'string' ? imagePart(url) : undefined;
      if (image) parts.push(image);
    }
  }
  return parts;
}

/**
 * Data URLs are inlined (the relay has already turned linked http(s) images into data URLs). Other URLs
 * (gs://, Files API) go as fileData.
 */
export function imagePart(url: string): GeminiPart | undefined {
  const data = /^data:([^;,]+);base64,(.*)$/s.exec(url);
  if (data) return { inlineData: { mimeType: data[1] ?? '', data: data[2] ?? '' } };
  if (!/^(https?|gs):\/\//i.test(url)) return undefined;
  const extension = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? '';
  return { fileData: { mimeType: IMAGE_TYPES[extension] ?? 'image/jpeg', fileUri: url } };
}

function functionCalls(message: OpenAIMessage, callNames: Map<string, string>): GeminiPart[] {
  if (message.role !== 'assistant' || !Array.isArray(message.tool_calls)) return [];
  return message.tool_calls.map((call) => {
    const name = String(call.function?.name ?? '');
    callNames.set(String(call.id ?? ''), name);
    // Echoed back as Gemini signed the call: OpenAI clients return extra_content, the others the id it rides in.
    const extra = (call as { extra_content?: { google?: { thought_signature?: unknown } } }).extra_content?.google?.thought_signature;
    const signature = typeof extra === 'string' ? extra : signatureOfCallId(call.id);
    return { functionCall: { name, args: parseArguments(call.function?.arguments) }, ...(signature ? { thoughtSignature: signature } : {}) };
  });
}

/**
 * `response` must be an object: the result text is wrapped as `{output}` (Portkey's convention), or as
 * `{error}` for a failed tool run (the hub's `is_error`), the two keys Gemini's docs name.
 */
function functionResponse(message: OpenAIMessage & { is_error?: unknown }, callNames: Map<string, string>): GeminiPart {
  const text = plainText(message.content);
  return { functionResponse: { name: callNames.get(String(message.tool_call_id ?? '')) ?? '', response: message.is_error === true ? { error: text } : { output: text } } };
}
