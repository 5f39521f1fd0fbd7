import type { RelayMode, UpstreamTarget } from '../adaptor.js';

/**
 * Where a Vertex AI request goes (reference providers.md 4.2). Claude models are Anthropic's publisher
 * models, called with rawPredict; everything else is Google's, called like the Gemini API. one-api sends
 * Claude to `publishers/google` too, which Vertex does not serve; the documented path is used here.
 * Docs: https://cloud.google.com/vertex-ai/generative-ai/docs/partner-models/claude/use-claude,
 * https://cloud.google.com/vertex-ai/generative-ai/docs/reference/rest/v1/projects.locations.endpoints/generateContent
 */

/** The region of a channel that names none: every Gemini and Claude model is served there. */
export const DEFAULT_REGION = 'us-central1';

export type Publisher = 'anthropic' | 'google';

export const publisherOf = (model: string): Publisher => (/^claude/i.test(model) ? 'anthropic' : 'google');

export const regionOf = (target: UpstreamTarget): string => target.config.region?.trim() || DEFAULT_REGION;

/** `global` has no regional prefix; the `us` and `eu` multi-regions have their own hosts. */
export function vertexHost(region: string): string {
  if (region === 'global') return 'https://aiplatform.googleapis.com';
  if (region === 'us' || region === 'eu') return `https://aiplatform.${region}.rep.googleapis.com`;
  return `https://${region}-aiplatform.googleapis.com`;
}

function method(mode: RelayMode, publisher: Publisher, stream: boolean): string {
  if (publisher === 'anthropic') return stream ? 'streamRawPredict' : 'rawPredict';
  if (mode === 'embeddings') return 'predict';
  return stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
}

/** A path segment; `@` stays as is, as in Claude's `claude-sonnet-4-5@20250929` ids and Google's own SDKs. */
const segment = (value: string) => encodeURIComponent(value).replace(/%40/g, '@');

/** The channel's base URL (a proxy, a test's fake) replaces the regional host; the path stays. */
export function vertexUrl(target: UpstreamTarget, projectId: string, mode: RelayMode, model: string, stream: boolean): string {
  const region = regionOf(target);
  const host = (target.baseUrl || vertexHost(region)).replace(/\/+$/, '');
  const publisher = publisherOf(model);
  const path = `/v1/projects/${segment(projectId)}/locations/${segment(region)}/publishers/${publisher}/models/${segment(model)}`;
  return `${host}${path}:${method(mode, publisher, stream)}`;
}
