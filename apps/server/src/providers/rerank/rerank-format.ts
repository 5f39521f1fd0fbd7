import type { UpstreamTarget } from '../adaptor.js';

/** The rerank wire formats Tollgate speaks, by the vendor that defined each. */
export const RERANK_FORMATS = ['cohere', 'jina', 'voyage', 'dashscope', 'tei'] as const;
export type RerankFormat = (typeof RERANK_FORMATS)[number];

const isFormat = (value: string): value is RerankFormat => (RERANK_FORMATS as readonly string[]).includes(value);

/**
 * The format a channel's rerank is sent in. A channel may name it in its config (`rerank_format`), which
 * is how a TEI server (its own `/rerank` shape) or a vendor behind a custom base URL is reached; otherwise
 * the channel's protocol decides (Cohere, DashScope), and for OpenAI-protocol channels the base URL's host
 * (Voyage AI, DashScope's Bailian, a Cohere-compatible host), with Jina's shape for every other server:
 * Jina, SiliconFlow, vLLM and Xinference all take it at /v1/rerank.
 */
export function rerankFormatOf(target: Pick<UpstreamTarget, 'type' | 'baseUrl' | 'config'>): RerankFormat {
  const configured = (target.config.rerank_format ?? '').trim().toLowerCase();
  if (isFormat(configured)) return configured;
  if (target.type.protocol === 'cohere') return 'cohere';
  if (target.type.protocol === 'ali') return 'dashscope';
  const host = hostOf(target.baseUrl || target.type.defaultBaseUrl);
  if (host.endsWith('voyageai.com')) return 'voyage';
  if (host.includes('dashscope') && host.endsWith('aliyuncs.com')) return 'dashscope';
  if (host.endsWith('cohere.ai') || host.endsWith('cohere.com')) return 'cohere';
  return 'jina';
}

function hostOf(url: string): string {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return '';
  }
}
