import type { UpstreamTarget } from '../adaptor.js';
import { baseUrlOf } from '../base-url.js';

/**
 * Where a Cloudflare Workers AI request goes (reference providers.md 13, one-api.md 2.3): the
 * OpenAI-compatible endpoints of the account (config `user_id` = account id), or the same paths under an
 * AI Gateway base, which already names the account and the gateway.
 * Docs: https://developers.cloudflare.com/workers-ai/configuration/open-ai-compatibility/
 */
const GATEWAY_HOST = 'https://gateway.ai.cloudflare.com';

export type CloudflareTask = 'chat/completions' | 'embeddings';

export const isGatewayBase = (base: string) => base.startsWith(GATEWAY_HOST);

export function cloudflareBase(target: UpstreamTarget): string {
  return baseUrlOf(target);
}

/** The account id the direct API needs; a gateway base carries it in its path. */
export const accountIdOf = (target: UpstreamTarget): string => (target.config.user_id ?? '').trim();

export function cloudflareUrl(target: UpstreamTarget, task: CloudflareTask): string {
  const base = cloudflareBase(target);
  if (isGatewayBase(base)) {
    // `https://gateway.ai.cloudflare.com/v1/{account}/{gateway}` routes to Workers AI under `/workers-ai`.
    const workersAi = base.endsWith('/workers-ai') ? base : `${base}/workers-ai`;
    return `${workersAi}/v1/${task}`;
  }
  return `${base}/client/v4/accounts/${encodeURIComponent(accountIdOf(target))}/ai/v1/${task}`;
}
