import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * An OpenAI chat request as a PaLM 2 generateMessage request (reference providers.md 6). System text
 * goes to `prompt.context`, the API's field for it; the turns alternate between two authors, so
 * consecutive turns of one side are merged. PaLM takes text only: images are dropped, tool results are
 * sent as the text they are.
 * Docs: https://ai.google.dev/api/palm#method:-models.generatemessage (legacy, shut down)
 */
export interface PalmMessage {
  author: string;
  content: string;
}

export interface PalmRequest {
  prompt: { context?: string; messages: PalmMessage[] };
  temperature?: number;
  candidateCount?: number;
  topP?: number;
  topK?: number;
}

/** The two authors of a PaLM conversation, as one-api names them. */
export const USER_AUTHOR = '0';
export const MODEL_AUTHOR = '1';

/** one-api's model name stands for the one chat model the API served. */
const MODEL_NAMES: Record<string, string> = { 'PaLM-2': 'chat-bison-001' };

export const palmModel = (model: string): string => MODEL_NAMES[model] ?? model;

export function toPalmRequest(body: JsonObject): PalmRequest {
  const context: string[] = [];
  const messages: PalmMessage[] = [];
  for (const message of Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : []) {
    const text = plainText(message.content);
    if (message.role === 'system' || message.role === 'developer') {
      if (text) context.push(text);
      continue;
    }
    if (!text) continue;
    const author = message.role === 'assistant' ? MODEL_AUTHOR : USER_AUTHOR;
    const last = messages.at(-1);
    if (last?.author === author) last.content += `\n${text}`;
    else messages.push({ author, content: text });
  }
  const request: PalmRequest = { prompt: { ...(context.length > 0 ? { context: context.join('\n') } : {}), messages } };
  const fields: [keyof PalmRequest, unknown][] = [
    ['temperature', body.temperature],
    ['candidateCount', body.n],
    ['topP', body.top_p],
    ['topK', body.top_k],
  ];
  for (const [key, value] of fields) if (typeof value === 'number') Object.assign(request, { [key]: value });
  return request;
}
