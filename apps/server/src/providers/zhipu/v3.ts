import { plainText, type OpenAIMessage } from '../anthropic/messages.js';
import type { ChatCompletion } from '../anthropic/response.js';
import type { OpenAIUsage } from '../anthropic/usage.js';
import { newId } from '../ollama/response.js';
import type { JsonObject } from '../openai/request-body.js';
import { clampUnit } from './request.js';

/**
 * Zhipu's legacy v3 model-api (reference providers.md 10.3): `prompt` turns of user and assistant only,
 * `invoke` answering `{code, msg, success, data:{choices, usage}}`, `sse-invoke` streaming raw text.
 * Docs (archived): https://open.bigmodel.cn/dev/api#chatglm_turbo
 */
export interface V3Turn {
  role: 'user' | 'assistant';
  content: string;
}

export interface V3Usage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
}

export interface V3Answer {
  code?: number;
  msg?: string;
  success?: boolean;
  data?: { request_id?: string; task_id?: string; task_status?: string; choices?: { role?: string; content?: string }[]; usage?: V3Usage };
}

/**
 * v3 has no system role: system (and developer) text is put before the first user turn, as the reference
 * says. Tool results, which v3 cannot take, go as user text.
 */
export function toV3Request(body: JsonObject, stream: boolean): JsonObject {
  const messages = Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => plainText(m.content));
  const prompt: V3Turn[] = messages.filter((m) => m.role !== 'system' && m.role !== 'developer').map((m) => ({ role: m.role === 'assistant' ? 'assistant' : 'user', content: plainText(m.content) }));
  const first = prompt.find((turn) => turn.role === 'user');
  if (system.length > 0) {
    if (first) first.content = [...system, first.content].join('\n');
    else prompt.unshift({ role: 'user', content: system.join('\n') });
  }
  const request: JsonObject = { prompt };
  if (typeof body.temperature === 'number') request.temperature = clampUnit(body.temperature);
  if (typeof body.top_p === 'number') request.top_p = clampUnit(body.top_p);
  if (stream) request.incremental = true;
  return request;
}

export const v3Usage = (usage: V3Usage | undefined): OpenAIUsage => {
  const prompt = usage?.prompt_tokens ?? 0;
  const completion = usage?.completion_tokens ?? 0;
  return { prompt_tokens: prompt, completion_tokens: completion, total_tokens: usage?.total_tokens ?? prompt + completion };
};

/** The answer text comes wrapped in literal quote characters, which are taken off (as one-api does). */
const unquoted = (text: string) => (text.length >= 2 && text.startsWith('"') && text.endsWith('"') ? text.slice(1, -1) : text);

export function v3ToChatCompletion(answer: V3Answer, model: string, created: number): ChatCompletion {
  const data = answer.data;
  return {
    id: data?.request_id ? `chatcmpl-${data.request_id}` : newId('chatcmpl-'),
    object: 'chat.completion',
    created,
    model,
    choices: (data?.choices ?? []).map((choice, index) => ({ index, message: { role: 'assistant', content: unquoted(choice.content ?? '') }, finish_reason: 'stop' })),
    usage: v3Usage(data?.usage),
  };
}
