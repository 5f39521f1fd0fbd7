import { relayError } from '../../relay/relay-error.js';
import type { JsonObject } from '../openai/request-body.js';

/**
 * Zhipu's v4 API is OpenAI's body on its own paths (reference providers.md 10.2, one-api.md 2.3).
 * Docs: https://docs.bigmodel.cn/api-reference
 */
const V4_PATHS = { chat: '/api/paas/v4/chat/completions', embeddings: '/api/paas/v4/embeddings' } as const;

/**
 * The legacy v3 model-api models (chatglm_turbo, chatglm_pro, chatglm_std, chatglm_lite) speak another
 * protocol, and Zhipu retired them; refusing them names the problem instead of a confusing upstream 404.
 */
const V3_MODEL = /^chatglm_/i;

export function zhipuUrl(baseUrl: string, mode: 'chat' | 'embeddings', model: string): string {
  if (V3_MODEL.test(model)) {
    throw relayError.invalidRequest(`the Zhipu v3 model ${model} is not supported; use a glm-* model of the v4 API`, 'model_not_supported');
  }
  return baseUrl.replace(/\/+$/, '') + V4_PATHS[mode];
}

/** Older GLM models refused values outside [0, 1] (one-api clamps them too). */
const clamp = (value: unknown) => (typeof value === 'number' ? Math.min(1, Math.max(0, value)) : value);

export function toZhipuChat(body: JsonObject, model: string): JsonObject {
  const next: JsonObject = { ...body, model };
  if ('temperature' in body) next.temperature = clamp(body.temperature);
  if ('top_p' in body) next.top_p = clamp(body.top_p);
  return next;
}

/** one-api sends one input; a one-element list is unwrapped, longer lists go as sent (embedding-3 takes them). */
export function toZhipuEmbeddings(body: JsonObject, model: string): JsonObject {
  const input = Array.isArray(body.input) && body.input.length === 1 ? (body.input[0] as unknown) : body.input;
  return { model, input };
}
