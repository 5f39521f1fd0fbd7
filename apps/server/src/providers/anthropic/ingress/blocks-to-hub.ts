import type { JsonObject } from '../../openai/request-body.js';
import type { ClientBlock } from './request-types.js';

/**
 * One user-side content block as a hub content part (providers/hub.ts), its cache_control kept as the
 * hub's extension: text as text, an image as an image_url (a data URL for base64), a PDF as OpenAI's
 * `file` part, a plain-text document as its text. What has no OpenAI form (a document by URL or by file
 * id, an image by file id) makes the request `nativeOnly`, with the reason.
 * Docs: https://docs.anthropic.com/en/api/messages#body-messages-content
 */
export interface HubPart {
  part?: JsonObject;
  nativeOnly?: string;
}

const withCache = (part: JsonObject, block: ClientBlock): JsonObject => (block.cache_control ? { ...part, cache_control: block.cache_control } : part);

export function hubPart(block: ClientBlock): HubPart {
  if (block.type === 'text') return { part: withCache({ type: 'text', text: block.text ?? '' }, block) };
  const source = block.source;
  if (block.type === 'image') {
    if (source?.type === 'base64') return { part: withCache({ type: 'image_url', image_url: { url: `data:${source.media_type ?? ''};base64,${source.data ?? ''}` } }, block) };
    if (source?.type === 'url') return { part: withCache({ type: 'image_url', image_url: { url: source.url ?? '' } }, block) };
    return { nativeOnly: `an image by ${source?.type ?? 'unknown'} source can only be read by Anthropic` };
  }
  if (block.type === 'document') {
    if (source?.type === 'text') return { part: withCache({ type: 'text', text: documentText(block, source.data ?? '') }, block) };
    if (source?.type === 'base64' && source.media_type === 'application/pdf') {
      return { part: withCache({ type: 'file', file: { filename: `${block.title ?? 'document'}.pdf`, file_data: `data:application/pdf;base64,${source.data ?? ''}` } }, block) };
    }
    return { nativeOnly: `a document by ${source?.type ?? 'unknown'} source can only be read by Anthropic` };
  }
  // Server tool results and newer block types mean nothing to another upstream.
  return {};
}

const documentText = (block: ClientBlock, text: string) => (block.title ? `${block.title}\n\n${text}` : text);

/** The text of a block list (a system prompt, a tool result), one block per line. */
export const blocksText = (blocks: ClientBlock[]): string =>
  blocks
    .filter((block) => block.type === 'text')
    .map((block) => block.text ?? '')
    .join('\n');
