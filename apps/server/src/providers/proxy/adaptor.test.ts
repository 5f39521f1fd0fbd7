import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { classifyFailure } from '../../relay/upstream-call.js';
import { proxyAdaptor } from './adaptor.js';

describe('Proxy channels (type 43) in the adaptor registry', () => {
  it('serve no relay mode, so routing never sends /v1 endpoints to them', () => {
    expect(proxyAdaptor.modes).toEqual([]);
  });

  it('refuse a direct use before any call, without retry or disabling the channel', async () => {
    const target = { type: channelType(43)!, key: 'k', baseUrl: 'http://127.0.0.1:9', other: '', config: {}, settings: {} };
    const refusal = await proxyAdaptor.prepare?.(target, () => Promise.reject(new Error('no call')));
    expect(refusal).toMatchObject({ status: 400, error: { code: 'mode_not_supported' } });
    const failure = classifyFailure(refusal!.status, refusal!.error);
    expect(failure.retryable).toBe(false);
    expect(failure.disableChannel).toBe(false);
  });
});
