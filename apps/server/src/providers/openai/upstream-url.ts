import type { ChannelType } from '@tollgate/contract';

/**
 * Where an OpenAI-protocol request goes (reference 2.2). `path` is the client's path and query, e.g.
 * `/v1/chat/completions`. Docs: https://platform.openai.com/docs/api-reference,
 * https://learn.microsoft.com/azure/ai-services/openai/reference
 */
export interface UrlTarget {
  baseUrl: string;
  /** Azure's API version, as `channelApiVersion` chooses it. */
  apiVersion: string;
}

/**
 * Azure's API version as one-api picks it: the channel config's `api_version` (what its console writes
 * now), else the legacy `other` column that older channels still carry. Blank means the default.
 */
export function channelApiVersion(channel: { config: Record<string, string>; other: string }): string {
  return channel.config.api_version?.trim() || channel.other.trim();
}

const CLOUDFLARE_GATEWAY = 'https://gateway.ai.cloudflare.com';

export function openAIUrl(type: ChannelType, target: UrlTarget, path: string, model: string): string {
  const configured = target.baseUrl || type.defaultBaseUrl;
  // Every request comes here: the common case (no trailing slash, no query) builds nothing it does not need.
  const base = configured.endsWith('/') ? configured.replace(/\/+$/, '') : configured;
  const queryAt = path.indexOf('?');
  const pathname = queryAt === -1 ? path : path.slice(0, queryAt);
  const query = queryAt === -1 ? undefined : path.slice(queryAt + 1);
  const viaGateway = base.startsWith(CLOUDFLARE_GATEWAY);
  if (type.urlStyle === 'azure') return azureUrl(base, pathname, model, target.apiVersion, viaGateway);
  if (type.urlStyle === 'strip-v1' || viaGateway) return withQuery(base + pathname.replace(/^\/v1(?=\/)/, ''), query);
  const custom = pathname.endsWith('/chat/completions') ? type.paths?.chat : pathname.endsWith('/embeddings') ? type.paths?.embeddings : undefined;
  return withQuery(base + (custom ?? pathname), query);
}

/** Azure names deployments without dots (gpt-3.5-turbo -> gpt-35-turbo) and versions the API by query. */
function azureUrl(base: string, pathname: string, model: string, apiVersion: string, viaGateway: boolean): string {
  const task = pathname.replace(/^\/v1\//, '');
  const deployment = model.replaceAll('.', '');
  const prefix = viaGateway ? '' : '/openai/deployments';
  return `${base}${prefix}/${deployment}/${task}?api-version=${encodeURIComponent(apiVersion || '2024-03-01-preview')}`;
}

const withQuery = (url: string, query: string | undefined) => (query ? `${url}?${query}` : url);
