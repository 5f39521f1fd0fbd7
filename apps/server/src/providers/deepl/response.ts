import { chatChunk, finishChunk } from '../openai-chunks.js';

/**
 * DeepL translations → OpenAI's chat shapes (reference providers.md 15). A translation has no stop reason
 * and DeepL reports characters, not tokens, so usage is counted locally by the relay.
 */
export interface DeepLResponse {
  translations?: { detected_source_language?: string; text?: string }[];
}

export const translationText = (response: DeepLResponse): string => (response.translations ?? []).map((t) => t.text ?? '').join('\n');

export function toChatCompletion(response: DeepLResponse, model: string, created: number) {
  return {
    id: `chatcmpl-deepl-${created}`,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content: translationText(response) }, finish_reason: 'stop' }],
  };
}

/** The whole translation as a stream: the text in one chunk, then the finish chunk. */
export function toChunks(response: DeepLResponse, model: string, created: number): string[] {
  const head = { id: `chatcmpl-deepl-${created}`, created, model };
  return [chatChunk(head, { role: 'assistant', content: translationText(response) }), finishChunk(head, 'stop')];
}
