import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseGeminiError, streamError } from './upstream-error.js';

const body = (code: number, status: string, message: string, details: unknown[] = []) => JSON.stringify({ error: { code, message, status, details } });
const BAD_KEY_DETAILS = [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID', domain: 'googleapis.com' }];
const quota = (quotaId: string) => [
  { '@type': 'type.googleapis.com/google.rpc.QuotaFailure', violations: [{ quotaMetric: 'generativelanguage.googleapis.com/generate_content_free_tier_requests', quotaId }] },
  { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '34.4s' },
];

describe('Gemini errors (reference providers.md 3.5, 21.2)', () => {
  // upstream HTTP status, Google status, message, details -> OpenAI type and code, the status the error stands for (the client's), retried elsewhere, disables
  it.each([
    [400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.', BAD_KEY_DETAILS, 'authentication_error', 'invalid_api_key', 401, true, true],
    [400, 'INVALID_ARGUMENT', '* GenerateContentRequest.contents: contents is not specified', [], 'invalid_request_error', 'invalid_request', 400, false, false],
    [400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.', [], 'invalid_request_error', 'failed_precondition', 403, true, false],
    [401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.', [], 'authentication_error', 'invalid_api_key', 401, true, true],
    [403, 'PERMISSION_DENIED', 'Permission denied: Consumer has been suspended.', [], 'permission_error', 'permission_denied', 403, true, true],
    [404, 'NOT_FOUND', 'models/gemini-9 is not found for API version v1beta', [], 'invalid_request_error', 'model_not_found', 404, true, false],
    [429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', quota('GenerateRequestsPerMinutePerProjectPerModel-FreeTier'), 'rate_limit_error', 'rate_limit_exceeded', 429, true, false],
    [429, 'RESOURCE_EXHAUSTED', 'You exceeded your current quota, please check your plan and billing details.', quota('GenerateRequestsPerDayPerProjectPerModel-FreeTier'), 'insufficient_quota', 'insufficient_quota', 429, true, true],
    [429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).', [], 'rate_limit_error', 'rate_limit_exceeded', 429, true, false],
    [500, 'INTERNAL', 'An internal error has occurred.', [], 'server_error', 'server_error', 500, true, false],
    [503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.', [], 'server_error', 'overloaded', 503, true, false],
    [504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.', [], 'server_error', 'timeout', 504, true, false],
  ])('%i %s: %s', (status, googleStatus, message, details, type, code, meant, retryable, disables) => {
    const failure = classifyFailure(status, parseGeminiError(status, body(status, googleStatus, message, details)));
    // `param` keeps the upstream's own status, as one-api puts it there.
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    expect(failure.error.status).toBe(meant);
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });

  it('reads a body that is not Google JSON (a proxy in front) generically', () => {
    expect(parseGeminiError(502, 'Bad Gateway')).toMatchObject({ message: 'Bad Gateway', type: 'upstream_error' });
  });

  it('keeps the corrected status out of a mid-stream error chunk', () => {
    expect(streamError({ message: 'API key not valid.', status: 'INVALID_ARGUMENT', details: BAD_KEY_DETAILS })).toEqual({ message: 'API key not valid.', type: 'authentication_error', code: 'invalid_api_key' });
  });
});
