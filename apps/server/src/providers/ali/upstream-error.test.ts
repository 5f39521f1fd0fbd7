import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseDashScopeError } from './upstream-error.js';

describe('DashScope errors (reference providers.md 8.5)', () => {
  it.each([
    [401, 'InvalidApiKey', 'Invalid API-key provided.', 'authentication_error', 'invalid_api_key', true, true],
    [403, 'AccessDenied.Unpurchased', 'Access to model denied.', 'permission_error', 'model_not_enabled', true, true],
    [400, 'Arrearage', 'Access denied, plesase make sure your account is in good standing.', 'insufficient_quota', 'insufficient_quota', true, true],
    [400, 'DataInspectionFailed', 'Input data may contain inappropriate content.', 'invalid_request_error', 'content_filter', false, false],
    [400, 'InvalidParameter', 'Range of input length should be [1, 6000]', 'invalid_request_error', 'invalid_request', false, false],
    [429, 'Throttling.RateQuota', 'Requests rate limit exceeded, please try again later.', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [429, 'Throttling.AllocationQuota', 'Allocated quota exceeded, please increase your quota limit.', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, 'InternalError', 'An internal error has occured, please try again later.', 'server_error', 'server_error', true, false],
  ])('%i %s', (status, code, message, type, openAICode, retryable, disables) => {
    const failure = classifyFailure(status, parseDashScopeError(status, JSON.stringify({ code, message, request_id: 'fb53c4ec' })));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code: openAICode, param: String(status) } });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });
});
