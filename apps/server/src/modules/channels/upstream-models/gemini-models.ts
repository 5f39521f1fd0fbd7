import { baseUrlOf } from '../../../providers/base-url.js';
import { allPages, listField, textField, type ModelLister } from './model-lister.js';

/**
 * The Gemini API's model list, a page at a time (`nextPageToken`). Names come as `models/gemini-…`; only
 * models that generate, embed or predict are kept (the list also has tuning-only and retired entries).
 * The key goes in a header, as the relay sends it, rather than in the URL where proxies log it.
 * Docs: https://ai.google.dev/api/models#method:-models.list
 */
const PAGE_SIZE = 1000;
const SERVED_METHODS = ['generateContent', 'embedContent', 'predict'];

const served = (model: Record<string, unknown>) => {
  const methods = model.supportedGenerationMethods;
  return Array.isArray(methods) && methods.some((method) => SERVED_METHODS.includes(String(method)));
};

export const listGeminiModels: ModelLister = (target, get) => {
  const headers = { 'x-goog-api-key': target.key };
  return allPages(async (token) => {
    const url = `${baseUrlOf(target)}/v1beta/models?pageSize=${PAGE_SIZE}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
    const answer = await get(url, headers);
    const ids = listField(answer, 'models', url)
      .filter(served)
      .map((model) => textField(model, 'name').replace(/^models\//, ''));
    return { ids, next: textField(answer, 'nextPageToken') || undefined };
  });
};
