import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import type { CozeChatRequest, CozeHistoryMessage } from './wire-types.js';

/**
 * An OpenAI chat request as a Coze v2 /open_api/v2/chat request (reference providers.md 14.1, one-api.md
 * 2.3). The model names the bot (`bot-<bot_id>`); the bot owns its prompt, tools and sampling, so system
 * messages, tools, images and sampling fields are not sent. The last user message is the query and the
 * turns before it are the history.
 * Docs: https://www.coze.com/docs/developer_guides/coze_api_overview
 */
const BOT_PREFIX = 'bot-';

export const botIdOf = (model: string) => (model.startsWith(BOT_PREFIX) ? model.slice(BOT_PREFIX.length) : model);

export function toCozeRequest(body: JsonObject, model: string, stream: boolean, user: string): CozeChatRequest {
  const turns: CozeHistoryMessage[] = [];
  for (const message of Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : []) {
    const content = plainText(message.content);
    if (message.role === 'user') turns.push({ role: 'user', content, content_type: 'text' });
    else if (message.role === 'assistant' && content !== '') turns.push({ role: 'assistant', type: 'answer', content, content_type: 'text' });
  }
  const lastUser = turns.map((turn) => turn.role).lastIndexOf('user');
  const query = lastUser >= 0 ? (turns[lastUser]?.content ?? '') : '';
  const history = lastUser >= 0 ? turns.slice(0, lastUser) : turns;
  const request: CozeChatRequest = { bot_id: botIdOf(model), user, query, stream };
  if (history.length > 0) request.chat_history = history;
  return request;
}

/** Coze wants a user id per caller; the channel's configured one first, then the client's `user`. */
export function cozeUser(config: Record<string, string>, body: JsonObject): string {
  const configured = (config.user_id ?? '').trim();
  if (configured) return configured;
  return typeof body.user === 'string' && body.user !== '' ? body.user : 'tollgate';
}
