import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { UpstreamTarget } from '../adaptor.js';
import type { JsonObject } from '../openai/request-body.js';
import type { LibraryAskRequest } from './wire-types.js';

/**
 * An OpenAI chat request as an AI Proxy library question (reference providers.md 19, one-api.md 2.3): the
 * last user message asks the library named by the channel; the system prompt, tools and images have no
 * place in it. The model is passed on: the library answers with it.
 */
function lastUserText(body: JsonObject): string {
  const messages = Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : [];
  const last = messages.filter((message) => message.role === 'user').at(-1);
  return last ? plainText(last.content) : '';
}

export function toAskRequest(body: JsonObject, model: string, libraryId: string, stream: boolean): LibraryAskRequest {
  return { model, query: lastUserText(body), libraryId, stream };
}

/** The library id: the channel's `other` (the console's "library id" field), or `library_id` in its config. */
export const libraryIdOf = (target: UpstreamTarget): string => (target.other || target.config.library_id || '').trim();
