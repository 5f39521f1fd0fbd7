import type { JsonObject } from '../openai/request-body.js';

/**
 * Zhipu's v4 API is OpenAI's body on its own paths; the legacy v3 model-api (chatglm_turbo, chatglm_pro,
 * chatglm_std, chatglm_lite) has its own paths and body, see v3.ts (reference providers.md 10.2 and 10.3,
 * one-api.md 2.3). Docs: https://docs.bigmodel.cn/api-reference
 */
const V4_PATHS = { chat: '/api/paas/v4/chat/completions', embeddings: '/api/paas/v4/embeddings', images: '/api/paas/v4/images/generations' } as const;

export type ZhipuCall = keyof typeof V4_PATHS;

/** The v3 models, named `chatglm_*` as one-api does; every other model speaks v4. */
export const isV3Model = (model: string): boolean => /^chatglm_/i.test(model);

export function zhipuUrl(baseUrl: string, call: ZhipuCall, model: string, stream = false): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (call === 'chat' && isV3Model(model)) return `${base}/api/paas/v3/model-api/${encodeURIComponent(model)}/${stream ? 'sse-invoke' : 'invoke'}`;
  return base + V4_PATHS[call];
}

/** Older GLM models refused values outside [0, 1] (one-api clamps them too). */
export const clampUnit = (value: unknown) => (typeof value === 'number' ? Math.min(1, Math.max(0, value)) : value);

export function toZhipuChat(body: JsonObject, model: string): JsonObject {
  const next: JsonObject = { ...body, model };
  if ('temperature' in body) next.temperature = clampUnit(body.temperature);
  if ('top_p' in body) next.top_p = clampUnit(body.top_p);
  return next;
}

/** one-api sends one input; a one-element list is unwrapped, longer lists go as sent (embedding-3 takes them). */
export function toZhipuEmbeddings(body: JsonObject, model: string): JsonObject {
  const input = Array.isArray(body.input) && body.input.length === 1 ? (body.input[0] as unknown) : body.input;
  return { model, input };
}

/**
 * CogView takes OpenAI's image body (prompt, size, quality, user_id) and answers OpenAI's shape; only one
 * image per call, so `n` and `response_format` (it answers URLs only) are left out.
 * Docs: https://docs.bigmodel.cn/api-reference/模型-api/图像生成
 */
export function toCogViewRequest(body: JsonObject, model: string): JsonObject {
  const { n: _n, response_format: _format, user, ...rest } = body;
  return { ...rest, model, ...(typeof user === 'string' && !('user_id' in body) ? { user_id: user } : {}) };
}
