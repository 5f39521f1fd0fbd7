import type { JsonObject } from '../openai/request-body.js';
import type { DashScopeTask, ImageSynthesisRequest } from './wire-types.js';

/**
 * OpenAI image generation as DashScope's image-synthesis task and back (reference providers.md 8.7,
 * one-api.md 2.3). Docs: https://www.alibabacloud.com/help/en/model-studio/text-to-image-v2-api-reference
 */
const num = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : undefined);

/** one-api's names for the Stable Diffusion models DashScope serves under their own names. */
const ALI_PREFIX = 'ali-stable-diffusion-';

export function toImageSynthesisRequest(body: JsonObject, model: string): ImageSynthesisRequest {
  const upstreamModel = model.startsWith(ALI_PREFIX) ? `stable-diffusion-${model.slice(ALI_PREFIX.length)}` : model;
  const input: ImageSynthesisRequest['input'] = { prompt: String(body.prompt ?? '') };
  if (typeof body.negative_prompt === 'string') input.negative_prompt = body.negative_prompt;
  const parameters: ImageSynthesisRequest['parameters'] = {};
  // DashScope writes sizes with `*`: 1024x1024 is 1024*1024.
  if (typeof body.size === 'string') parameters.size = body.size.replace('x', '*');
  parameters.n = num(body.n) ?? 1;
  const seed = num(body.seed);
  if (seed !== undefined) parameters.seed = seed;
  // wanx takes a style such as `<watercolor>`; OpenAI's `vivid`/`natural` mean nothing to it.
  if (typeof body.style === 'string' && body.style.startsWith('<')) parameters.style = body.style;
  return { model: upstreamModel, input, parameters };
}

type ImageData = { url: string } | { b64_json: string };

export interface ImagesResponse {
  created: number;
  data: ImageData[];
}

/**
 * The finished task's images: URLs (DashScope's results are links valid for 24 hours). Base64 is answered
 * only when the upstream itself returns it (`b64_image`, unconfirmed); Tollgate never downloads the URL,
 * so a client asking `b64_json` gets the URL. Failed entries of a partly failed task are left out.
 */
export function toImagesResponse(task: DashScopeTask, created: number, wantsBase64: boolean): ImagesResponse {
  const data = (task.output?.results ?? []).flatMap((result): ImageData[] => {
    if (wantsBase64 && result.b64_image) return [{ b64_json: result.b64_image }];
    return result.url ? [{ url: result.url }] : result.b64_image ? [{ b64_json: result.b64_image }] : [];
  });
  return { created, data };
}
