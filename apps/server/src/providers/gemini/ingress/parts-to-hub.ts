import type { JsonObject } from '../../openai/request-body.js';
import type { ClientPart } from './request-types.js';

/**
 * The parts of a user turn as the hub's content parts (OpenAI's): text, images (inline as data URLs, Files
 * API and gs:// URIs as image URLs), PDFs as `file` parts, WAV and MP3 as `input_audio`, plain text files as
 * text, code execution as text. What no OpenAI-shaped request can carry (video, other files) is reported as
 * the reason the request must pass through to a Gemini upstream.
 */
export interface ConvertedParts {
  parts: JsonObject[];
  nativeOnly?: string;
}

const AUDIO_FORMATS: Record<string, string> = { 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/wave': 'wav', 'audio/mp3': 'mp3', 'audio/mpeg': 'mp3' };

export function hubParts(parts: ClientPart[]): ConvertedParts {
  const converted: ConvertedParts = { parts: [] };
  for (const part of parts) {
    const hub = hubPart(part);
    if (typeof hub === 'string') converted.nativeOnly ??= hub;
    else if (hub) converted.parts.push(hub);
  }
  return converted;
}

/** A part as a hub part; a string says why it cannot be converted; undefined for parts with nothing to say (thoughts). */
function hubPart(part: ClientPart): JsonObject | string | undefined {
  if (part.thought) return undefined;
  if (typeof part.text === 'string') return { type: 'text', text: part.text };
  if (part.inlineData) return inlinePart(part.inlineData.mimeType.toLowerCase(), part.inlineData.data);
  if (part.fileData) {
    const mime = (part.fileData.mimeType ?? '').toLowerCase();
    if (mime && !mime.startsWith('image/')) return `fileData of type ${mime} can only be read by Gemini`;
    return { type: 'image_url', image_url: { url: part.fileData.fileUri } };
  }
  const code = codeText(part);
  return code === undefined ? undefined : { type: 'text', text: code };
}

function inlinePart(mime: string, data: string): JsonObject | string {
  if (mime.startsWith('image/')) return { type: 'image_url', image_url: { url: `data:${mime};base64,${data}` } };
  if (mime === 'application/pdf') return { type: 'file', file: { filename: 'document.pdf', file_data: `data:${mime};base64,${data}` } };
  const audio = AUDIO_FORMATS[mime];
  if (audio) return { type: 'input_audio', input_audio: { data, format: audio } };
  if (mime.startsWith('text/')) return { type: 'text', text: Buffer.from(data, 'base64').toString('utf8') };
  return `inlineData of type ${mime} can only be read by Gemini`;
}

/** Code the model ran with the code execution tool, and its output, as text. */
export function codeText(part: ClientPart): string | undefined {
  if (part.executableCode) return `\`\`\`${(part.executableCode.language ?? '').toLowerCase()}\n${part.executableCode.code ?? ''}\n\`\`\``;
  if (part.codeExecutionResult) return part.codeExecutionResult.output ?? '';
  return undefined;
}

/** A user message's content: a plain string when it is one text, else the parts. */
export const userContent = (parts: JsonObject[]): string | JsonObject[] => (parts.length === 1 && parts[0]?.type === 'text' ? String(parts[0].text) : parts);
