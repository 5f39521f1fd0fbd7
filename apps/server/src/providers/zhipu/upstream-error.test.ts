import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { parseZhipuError } from './upstream-error.js';

describe('Zhipu errors (reference providers.md 10.2)', () => {
  it.each([
    [401, '1002', 'Authorization Token非法', 'authentication_error', 'invalid_api_key', true, true],
    [429, '1113', '余额不足或无可用资源包,请充值。', 'insufficient_quota', 'insufficient_quota', true, true],
    [403, '1112', '账户已被锁定', 'authentication_error', 'invalid_api_key', true, true],
    [400, '1211', '模型不存在', 'invalid_request_error', 'invalid_request', false, false],
    [400, '1301', '系统检测到输入或生成内容可能包含不安全或敏感内容', 'invalid_request_error', 'content_filter', false, false],
    [429, '1302', '您当前使用该API的并发数过高', 'rate_limit_error', 'rate_limit_exceeded', true, false],
    [500, '500', '内部错误', 'server_error', 'server_error', true, false],
  ])('%i %s', (status, zhipuCode, message, type, code, retryable, disables) => {
    const failure = classifyFailure(status, parseZhipuError(status, JSON.stringify({ error: { code: zhipuCode, message } })));
    expect(failure.error.toBody()).toEqual({ error: { message, type, code, param: String(status) } });
    expect(failure.retryable).toBe(retryable);
    expect(failure.disableChannel).toBe(disables);
  });
});
