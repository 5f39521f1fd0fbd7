import type { RelayMode, UpstreamTarget } from '../adaptor.js';
import { baseUrlOf } from '../base-url.js';

/**
 * Where a Gemini request goes (reference one-api.md 2.3, providers.md 3.1).
 * Docs: https://ai.google.dev/api#api-versions, https://ai.google.dev/api/generate-content
 */

/** one-api's GEMINI_VERSION default. */
export const DEFAULT_API_VERSION = 'v1';

/**
 * one-api forces v1beta for gemini-1.5 and 2.0; Tollgate extends that to every later generation and to
 * the experimental and thinking models, whose systemInstruction, tools and JSON schemas are v1beta features.
 */
const BETA_MODELS = /gemini-(1\.5|[2-9]|exp)|thinking|learnlm/;

/** The channel's own version wins: config `api_version` (one-api's field), then the `other` column. */
export function apiVersion(target: UpstreamTarget, model: string, fallback = DEFAULT_API_VERSION): string {
  const own = target.config.api_version?.trim() || target.other.trim();
  if (own) return own;
  return BETA_MODELS.test(model) ? 'v1beta' : fallback;
}

export function geminiUrl(target: UpstreamTarget, mode: RelayMode, model: string, stream: boolean): string {
  const base = baseUrlOf(target);
  const method = mode === 'embeddings' ? 'batchEmbedContents' : stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${base}/${apiVersion(target, model, target.settings.GEMINI_VERSION)}/models/${encodeURIComponent(model)}:${method}`;
}
