import type { UpstreamTarget } from '../../../providers/adaptor.js';
import { channelApiVersion, openAIUrl } from '../../../providers/openai/upstream-url.js';
import type { ModelLister } from './model-lister.js';
import { listField, textField } from './model-lister.js';

/**
 * OpenAI's model list and every vendor that copies it: `GET /v1/models`, `data[].id`.
 * Docs: https://platform.openai.com/docs/api-reference/models/list,
 * https://learn.microsoft.com/azure/ai-services/openai/reference-preview#list---models
 */

/** Azure's models list exists from this version on; older channel versions would get a 404 for it. */
const AZURE_LIST_VERSION = '2024-10-21';

/**
 * Where the list is: beside the chat endpoint for a vendor that moved it (`/api/v3/chat/completions` →
 * `/api/v3/models`), at Azure's resource-wide `/openai/models`, else wherever the type's URL rules put
 * `/v1/models` (strip-v1 types drop the `/v1`).
 */
export function openAIModelsUrl(target: UpstreamTarget): string {
  const base = (target.baseUrl || target.type.defaultBaseUrl).replace(/\/+$/, '');
  if (target.type.urlStyle === 'azure') return `${base}/openai/models?api-version=${encodeURIComponent(azureVersion(target))}`;
  const chat = target.type.paths?.chat;
  if (chat?.endsWith('/chat/completions')) return `${base}${chat.slice(0, -'/chat/completions'.length)}/models`;
  return openAIUrl(target.type, { baseUrl: target.baseUrl, apiVersion: '' }, '/v1/models', '');
}

/** The channel's version when it is recent enough to have the list (versions are dates, so they sort). */
function azureVersion(target: UpstreamTarget): string {
  const configured = channelApiVersion(target);
  return configured >= AZURE_LIST_VERSION ? configured : AZURE_LIST_VERSION;
}

export const listOpenAIModels: ModelLister = async (target, get) => {
  const url = openAIModelsUrl(target);
  const headers: Record<string, string> = target.type.urlStyle === 'azure' ? { 'api-key': target.key } : { ...target.type.headers, authorization: `Bearer ${target.key}` };
  // Gemini's OpenAI endpoint names its models `models/gemini-…`; its chat endpoint takes them without the prefix.
  return listField(await get(url, headers), 'data', url).map((model) => textField(model, 'id').replace(/^models\//, ''));
};
