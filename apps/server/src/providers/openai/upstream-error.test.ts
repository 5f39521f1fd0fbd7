import { describe, expect, it } from 'vitest';
import { shouldDisableChannel } from '../../relay/health/disable-rules.js';
import { parseUpstreamError } from './upstream-error.js';

describe('upstream errors', () => {
  it.each([
    ['OpenAI shape', 401, '{"error":{"message":"Incorrect API key","type":"invalid_request_error","code":"invalid_api_key"}}', { message: 'Incorrect API key', type: 'invalid_request_error', code: 'invalid_api_key' }],
    ['message', 500, '{"message":"overloaded"}', { message: 'overloaded', type: 'upstream_error' }],
    ['msg', 500, '{"msg":"busy"}', { message: 'busy' }],
    ['err', 502, '{"err":"gateway"}', { message: 'gateway' }],
    ['error_msg', 500, '{"error_msg":"baidu says no"}', { message: 'baidu says no' }],
    ['header.message', 500, '{"header":{"message":"spark says no"}}', { message: 'spark says no' }],
    ['response.error.message', 500, '{"response":{"error":{"message":"tencent says no"}}}', { message: 'tencent says no' }],
    ['a string error', 429, '{"error":"rate limited"}', { message: 'rate limited' }],
    ['plain text', 503, 'Service Unavailable', { message: 'Service Unavailable' }],
    ['nothing', 504, '', { message: 'bad response status code 504', code: 'bad_response_status_code' }],
  ])('reads the message from %s', (_name, status, body, expected) => {
    expect(parseUpstreamError(status, body)).toMatchObject(expected);
  });

  it.each([
    [{ status: 401, type: '', code: '', message: 'nope' }, true],
    [{ status: 429, type: 'insufficient_quota', code: '', message: 'quota' }, true],
    [{ status: 400, type: '', code: 'account_deactivated', message: '' }, true],
    [{ status: 403, type: '', code: '', message: 'Your credit balance is too low to access the API' }, true],
    [{ status: 400, type: '', code: '', message: 'API key not valid. Please pass a valid API key.' }, true],
    [{ status: 429, type: 'requests', code: 'rate_limit_exceeded', message: 'Rate limit reached' }, false],
    [{ status: 500, type: 'server_error', code: '', message: 'The server had an error' }, false],
  ])('decides whether %o disables the channel: %s', (error, expected) => {
    expect(shouldDisableChannel(error)).toBe(expected);
  });
});
