import type { Protocol } from '@tollgate/contract';
import { fail } from '../../../http/errors.js';
import type { UpstreamTarget } from '../../../providers/adaptor.js';
import { listAnthropicModels } from './anthropic-models.js';
import { listBedrockModels } from './bedrock-models.js';
import { listGeminiModels } from './gemini-models.js';
import type { GetJson } from './listing-get.js';
import type { ModelLister } from './model-lister.js';
import { listOpenAIModels } from './openai-models.js';

interface Listing {
  list: ModelLister;
  /** Checks its own credentials and address (AWS: the key or the config fields, a host made from the region). */
  ownCredentials?: boolean;
}

/** The protocols whose vendors publish a model list a key can read; the others are filled in by hand. */
const LISTINGS: Partial<Record<Protocol, Listing>> = {
  openai: { list: listOpenAIModels },
  anthropic: { list: listAnthropicModels },
  gemini: { list: listGeminiModels },
  aws: { list: listBedrockModels, ownCredentials: true },
};

/** The models the upstream lists for the channel's credentials, once each, sorted by name. */
export async function listUpstreamModels(target: UpstreamTarget, get: GetJson): Promise<string[]> {
  const listing = LISTINGS[target.type.protocol];
  if (!listing) throw fail('channel.models_unsupported', { type: target.type.label });
  if (!listing.ownCredentials && target.key === '') throw fail('channel.models_key_required');
  if (!listing.ownCredentials && !target.baseUrl && !target.type.defaultBaseUrl) throw fail('channel.models_no_base_url');
  const names = (await listing.list(target, get)).map((name) => name.trim()).filter(Boolean);
  return [...new Set(names)].sort();
}
