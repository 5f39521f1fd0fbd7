import { plainText, type ContentPart, type OpenAIMessage } from '../anthropic/messages.js';
import type { JsonObject } from '../openai/request-body.js';
import type { PredictionRequest } from './wire-types.js';

/**
 * OpenAI chat and image requests as Replicate predictions (reference providers.md 17, one-api.md 2.3).
 * A prediction's `input` is model-specific; these are the fields the official language and image models
 * (meta/meta-llama-3-*, mistralai/*, ibm-granite/*, black-forest-labs/flux-*) share.
 * Docs: https://replicate.com/docs/reference/http#models.predictions.create
 */
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/**
 * `owner/name` goes to the model's own predictions path (official models, what one-api uses); a model
 * pinned as `owner/name:version` to `/v1/predictions` with the version in the body. The channel base URL
 * may be the catalogue default `https://api.replicate.com/v1/models/` or just the host.
 */
export function predictionUrl(baseUrl: string, model: string): string {
  const host = baseUrl.replace(/\/+$/, '').replace(/\/v1(\/models)?$/, '');
  return model.includes(':') ? `${host}/v1/predictions` : `${host}/v1/models/${model}/predictions`;
}

const pinned = (model: string): Pick<PredictionRequest, 'version'> => (model.includes(':') ? { version: model.slice(model.indexOf(':') + 1) } : {});

/**
 * Messages become `prompt` and `system_prompt`: a single user turn is sent as its text, so the model's own
 * chat template applies; a longer conversation is flattened into `role: content` lines, as one-api does.
 * The first image (a data URL or an https URL) goes in `image`, for the models that take one.
 */
export function toChatPrediction(body: JsonObject, model: string, stream: boolean): PredictionRequest {
  const messages = Array.isArray(body.messages) ? (body.messages as OpenAIMessage[]) : [];
  const system = messages.filter((m) => m.role === 'system' || m.role === 'developer').map((m) => plainText(m.content));
  const turns = messages.filter((m) => m.role !== 'system' && m.role !== 'developer');
  const only = turns.length === 1 && turns[0]?.role === 'user' ? turns[0] : undefined;
  const prompt = only ? plainText(only.content) : turns.map((m) => `${String(m.role)}: ${plainText(m.content)}`).join('\n');
  const input: Record<string, unknown> = { prompt };
  if (system.length > 0) input.system_prompt = system.join('\n');
  const image = firstImage(turns);
  if (image) input.image = image;
  const maxTokens = num(body.max_completion_tokens) ?? num(body.max_tokens);
  if (maxTokens !== undefined) input.max_tokens = maxTokens;
  for (const key of ['temperature', 'top_p', 'top_k', 'presence_penalty', 'frequency_penalty', 'seed'] as const) {
    const value = num(body[key]);
    if (value !== undefined) input[key] = value;
  }
  // The language models take their stop sequences as one comma-separated string.
  const stop = typeof body.stop === 'string' ? [body.stop] : Array.isArray(body.stop) ? body.stop.filter((s): s is string => typeof s === 'string') : [];
  if (stop.length > 0) input.stop_sequences = stop.join(',');
  return { ...pinned(model), input, ...(stream ? { stream: true } : {}) };
}

function firstImage(messages: OpenAIMessage[]): string | undefined {
  for (const message of messages) {
    if (!Array.isArray(message.content)) continue;
    for (const part of message.content as ContentPart[]) {
      const url = typeof part.image_url === 'string' ? part.image_url : part.image_url?.url;
      if (part.type === 'image_url' && typeof url === 'string') return url;
    }
  }
  return undefined;
}

/** The aspect ratios the flux-style models accept; other sizes are sent as width and height. */
const ASPECT_RATIOS = new Set(['1:1', '16:9', '9:16', '21:9', '9:21', '3:2', '2:3', '4:3', '3:4', '4:5', '5:4']);
/** OpenAI's image fields, converted below; anything else the client sent is a model input and passed on. */
const OPENAI_IMAGE_FIELDS = new Set(['model', 'prompt', 'n', 'size', 'response_format', 'quality', 'style', 'user']);

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

export function toImagePrediction(body: JsonObject, model: string): PredictionRequest {
  const input: Record<string, unknown> = { prompt: String(body.prompt ?? '') };
  const n = num(body.n);
  if (n !== undefined && n > 1) input.num_outputs = n;
  const size = typeof body.size === 'string' ? /^(\d+)x(\d+)$/.exec(body.size) : null;
  if (size) {
    const [width, height] = [Number(size[1]), Number(size[2])];
    const divisor = gcd(width, height) || 1;
    const ratio = `${width / divisor}:${height / divisor}`;
    if (ASPECT_RATIOS.has(ratio)) input.aspect_ratio = ratio;
    else Object.assign(input, { width, height });
  }
  for (const [key, value] of Object.entries(body)) if (!OPENAI_IMAGE_FIELDS.has(key)) input[key] = value;
  return { ...pinned(model), input };
}
