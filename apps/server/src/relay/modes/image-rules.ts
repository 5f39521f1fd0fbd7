import type { RelayRequest } from '../relay-exchange.js';
import { clean } from '../billing/price-tier.js';
import type { UnitBreakdown } from '../billing/unit-breakdown.js';
import { relayError } from '../relay-error.js';
import type { RelayPlan } from '../relay-plan.js';
import { readJsonInput, type RelayInput } from '../request-input.js';
import { twoRatioText, type ModeRules } from './mode-rules.js';

/** Price multipliers by size, and the limits OpenAI and the Chinese vendors publish (reference 1.8). */
const SIZE_RATIOS: Record<string, Record<string, number>> = {
  'dall-e-2': { '256x256': 1, '512x512': 1.125, '1024x1024': 1.25 },
  'dall-e-3': { '1024x1024': 1, '1024x1792': 2, '1792x1024': 2 },
  'ali-stable-diffusion-xl': { '512x1024': 1, '1024x768': 1, '1024x1024': 1, '576x1024': 1, '1024x576': 1 },
  'ali-stable-diffusion-v1.5': { '512x1024': 1, '1024x768': 1, '1024x1024': 1, '576x1024': 1, '1024x576': 1 },
  'wanx-v1': { '1024x1024': 1, '720x1280': 1, '1280x720': 1 },
  'step-1x-medium': { '256x256': 1, '512x512': 1, '768x768': 1, '1024x1024': 1, '1280x800': 1, '800x1280': 1 },
};
const AMOUNTS: Record<string, [number, number]> = {
  'dall-e-2': [1, 10],
  'dall-e-3': [1, 1],
  'ali-stable-diffusion-xl': [1, 4],
  'ali-stable-diffusion-v1.5': [1, 4],
  'wanx-v1': [1, 4],
  'cogview-3': [1, 1],
  'step-1x-medium': [1, 1],
};
const PROMPT_LIMITS: Record<string, number> = { 'dall-e-2': 1000, 'dall-e-3': 4000, 'cogview-3': 833 };

function checkImageRequest(input: RelayInput) {
  const { model } = input;
  const size = typeof input.json.size === 'string' ? input.json.size : '1024x1024';
  const n = input.json.n === undefined ? 1 : Number(input.json.n);
  const prompt = String(input.json.prompt ?? '');
  const sizes = SIZE_RATIOS[model];
  if (sizes && !(size in sizes)) throw relayError.invalidRequest(`size ${size} is not supported by ${model}; use one of ${Object.keys(sizes).join(', ')}`, 'size_not_supported');
  const limit = PROMPT_LIMITS[model];
  if (limit && prompt.length > limit) throw relayError.invalidRequest(`the prompt is longer than ${model} allows (${limit} characters)`, 'prompt_too_long');
  const [min, max] = AMOUNTS[model] ?? [1, 10];
  if (!Number.isInteger(n) || n < min || n > max) throw relayError.invalidRequest(`n must be between ${min} and ${max} for ${model}`, 'n_not_within_range');
  const quality = typeof input.json.quality === 'string' ? input.json.quality : undefined;
  return { size, n, quality };
}

/**
 * int(model ratio x group ratio x size ratio x 1000) per image, as one-api charges it; dall-e-3 HD costs 2x at
 * 1024, 1.5x otherwise. Its cost line counts the images at the points of one (before the group ratio), and its
 * quota is the charge itself, rounded down per image.
 */
function imageCharge(plan: RelayPlan, input: RelayInput): { quota: number; breakdown: UnitBreakdown } {
  const { size, n, quality } = checkImageRequest(input);
  let sizeRatio = SIZE_RATIOS[input.model]?.[size] ?? 1;
  if (input.model === 'dall-e-3' && quality === 'hd') sizeRatio *= size === '1024x1024' ? 2 : 1.5;
  const { modelRatio, groupRatio } = plan.price;
  const quota = Math.floor(modelRatio * groupRatio * sizeRatio * 1000) * n;
  const details = { image_size: size, size_ratio: clean(sizeRatio), ...(quality === undefined ? {} : { image_quality: quality }) };
  return { quota, breakdown: { ratioText: twoRatioText(plan), costs: [{ kind: 'image', tokens: n, ratio: clean(modelRatio * sizeRatio * 1000), quota }], details } };
}

/** Image generation: the price is known up front, so exactly that is reserved and charged after success. */
export const imageRules: ModeRules = {
  readInput(request: RelayRequest) {
    const input = readJsonInput('images', request.body);
    checkImageRequest(input);
    return input;
  },
  reservation: (_ctx, plan, input) => imageCharge(plan, input).quota,
  charge: async (_ctx, plan, input) => ({ ...imageCharge(plan, input), usage: { promptTokens: 0, completionTokens: 0 } }),
};
