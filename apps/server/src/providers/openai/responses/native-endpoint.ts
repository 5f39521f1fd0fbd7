import { jsonHeaders } from '../../adaptor-json.js';
import type { AdaptorRequest, BuiltRequest, NativeEndpoint } from '../../adaptor.js';
import { baseUrlOf } from '../../base-url.js';
import { openAIUrl } from '../upstream-url.js';

/**
 * Responses API calls passed through as the client made them: POST /v1/responses, and the calls about a
 * stored response (GET, DELETE, /cancel, /input_items), whose client path after `/responses` is kept.
 * - OpenAI and the vendors that serve the Responses API like it: {base}/v1/responses with the Bearer key,
 *   below the catalog's `native.responses` path when the type names one (another gateway's prefix);
 * - Azure: the v1 API, {base}/openai/v1/responses?api-version=preview with the `api-key` header; the
 *   deployment is the body's model (the channel's model mapping names it).
 * Docs: https://platform.openai.com/docs/api-reference/responses,
 * https://learn.microsoft.com/azure/ai-foundry/openai/how-to/responses
 */

/** What follows `/responses` in the client's path (`/resp_123/input_items?limit=5`), and its query apart. */
export function responsesSuffix(path: string): { rest: string; query: string | undefined } {
  const [pathname = '', query] = path.split('?');
  const at = pathname.indexOf('/responses');
  return { rest: at === -1 ? '' : pathname.slice(at + '/responses'.length), query };
}

const baseOf = (request: AdaptorRequest) => baseUrlOf(request.target);

export function responsesUrl(request: AdaptorRequest): string {
  const { type } = request.target;
  const { rest, query } = responsesSuffix(request.path);
  if (type.urlStyle === 'azure') return `${baseOf(request)}/openai/v1/responses${rest}?${query ? `${query}&` : ''}api-version=preview`;
  const path = `/v1/responses${rest}${query ? `?${query}` : ''}`;
  const prefix = type.native?.responses ?? '';
  return prefix ? `${baseOf(request)}${prefix}${path}` : openAIUrl(type, { baseUrl: request.target.baseUrl, apiVersion: '' }, path, request.model);
}

export function responsesHeaders(request: AdaptorRequest): Record<string, string> {
  const { target } = request;
  const headers: Record<string, string> = {
    ...jsonHeaders(request.stream),
    ...target.type.headers,
  };
  if (target.type.urlStyle === 'azure') headers['api-key'] = target.key;
  else headers.authorization = `Bearer ${target.key}`;
  return headers;
}

export const responsesNative: NativeEndpoint = {
  framing: 'sse',
  buildRequest: (request): BuiltRequest => ({ url: responsesUrl(request), headers: responsesHeaders(request), body: request.body }),
};
