import { baseUrlOf } from '../../../providers/base-url.js';
import { allPages, listField, textField, type ModelLister } from './model-lister.js';

/**
 * Anthropic's model list, newest first, a page at a time: `has_more` and `last_id` lead to the next page.
 * Docs: https://docs.anthropic.com/en/api/models-list
 */
const PAGE_SIZE = 1000;
const VERSION = '2023-06-01';

export const listAnthropicModels: ModelLister = (target, get) => {
  const headers = { 'x-api-key': target.key, 'anthropic-version': VERSION };
  return allPages(async (after) => {
    const url = `${baseUrlOf(target)}/v1/models?limit=${PAGE_SIZE}${after ? `&after_id=${encodeURIComponent(after)}` : ''}`;
    const answer = await get(url, headers);
    const ids = listField(answer, 'data', url).map((model) => textField(model, 'id'));
    const more = (answer as { has_more?: unknown }).has_more === true;
    return { ids, next: more ? textField(answer, 'last_id') || ids.at(-1) : undefined };
  });
};
