import { describe, expect, it } from 'vitest';
import { shouldDisableChannel } from '../../relay/health/disable-rules.js';
import { parseVertexError } from './upstream-error.js';

const google = (code: number, status: string, message: string) => JSON.stringify({ error: { code, message, status } });
const anthropic = (type: string, message: string) => JSON.stringify({ type: 'error', error: { type, message } });

describe('Vertex AI error classification (reference providers.md 4.4, 21.2)', () => {
  it.each([
    [401, google(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'), 'authentication_error', 'invalid_api_key', true],
    [403, google(403, 'PERMISSION_DENIED', 'Permission denied on resource project proj-1 (or it may not exist).'), 'permission_error', 'permission_denied', true],
    [429, google(429, 'RESOURCE_EXHAUSTED', 'Quota exceeded for aiplatform.googleapis.com/generate_content_requests_per_minute_per_project_per_base_model.'), 'rate_limit_error', 'rate_limit_exceeded', false],
    [404, google(404, 'NOT_FOUND', 'Publisher Model `claude-3-opus@20240229` not found.'), 'invalid_request_error', 'model_not_found', false],
    [400, google(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.'), 'invalid_request_error', 'invalid_request', false],
    [503, google(503, 'UNAVAILABLE', 'The service is currently unavailable.'), 'server_error', 'overloaded', false],
    [529, anthropic('overloaded_error', 'Overloaded'), 'server_error', 'overloaded', false],
    [400, anthropic('invalid_request_error', 'max_tokens: 100000 > 8192'), 'invalid_request_error', 'invalid_request', false],
    [429, anthropic('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'), 'rate_limit_error', 'rate_limit_exceeded', false],
    [500, '<html>upstream connect error</html>', 'upstream_error', undefined, false],
  ])('HTTP %i %s reads as %s / %s (disables: %s)', (status, body, type, code, disables) => {
    const error = parseVertexError(status, body);
    expect(error.type).toBe(type);
    if (code) expect(error.code).toBe(code);
    expect(shouldDisableChannel({ status, ...error })).toBe(disables);
  });
});
