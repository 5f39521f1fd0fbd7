/**
 * GET /v1/models in Anthropic's shape, for clients that send `anthropic-version` (the SDKs' models.list,
 * Claude Code): every model the key may use on one page. Tollgate knows only the names, so a model's
 * display name is its id and its creation time one-api's fixed date.
 * Docs: https://docs.anthropic.com/en/api/models-list
 */
const CREATED_AT = '2021-07-20T10:40:00Z';

export const anthropicModel = (id: string) => ({ type: 'model', id, display_name: id, created_at: CREATED_AT });

export const anthropicModelList = (ids: readonly string[]) => ({ data: ids.map(anthropicModel), has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null });
