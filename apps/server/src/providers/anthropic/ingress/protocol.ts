import type { IngressProtocol } from '../../ingress.js';
import { anthropicError, anthropicStatus } from './anthropic-error.js';

/**
 * The Anthropic Messages API as clients call it (the SDKs, Claude Code): the key in `x-api-key`, or in
 * `Authorization: Bearer` (the SDKs' authToken, Claude Code's ANTHROPIC_AUTH_TOKEN); errors in Anthropic's
 * shape and statuses, with the request id as Anthropic gives it (`request_id` and the `request-id` header).
 * Docs: https://docs.anthropic.com/en/api/overview#authentication, https://docs.anthropic.com/en/api/errors
 */
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

export const anthropicProtocol: IngressProtocol = {
  protocol: 'anthropic',
  credential(headers) {
    const apiKey = first(headers['x-api-key']);
    return apiKey ? `Bearer ${apiKey}` : first(headers.authorization);
  },
  error(failure, requestId) {
    const status = anthropicStatus(failure.status, failure.code, failure.type);
    return { status, body: anthropicError(status, failure.message, requestId), headers: { 'request-id': requestId } };
  },
};
