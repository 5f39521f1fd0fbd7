import { describe, expect, it } from 'vitest';
import type { Token } from '@tollgate/contract';
import { buildTokenPayload, tokenUpdateBody, type TokenFormValues } from './token-payload';

const values: TokenFormValues = {
  name: ' my key ',
  remain_quota: '123.9',
  unlimited_quota: false,
  expiry: '',
  models: ['gpt-4o', 'claude-3'],
  subnet: ' 10.0.0.0/8,192.168.0.0/16 ',
  rpm_limit: 0,
  tpm_limit: 0,
  concurrency_limit: 0,
  budget_amount: null,
  budget_period: '',
  response_cache: false,
};

describe('buildTokenPayload', () => {
  it('builds the create body: trimmed name, integer quota, -1 for never, models joined by comma', () => {
    expect(buildTokenPayload(values, false)).toEqual({
      kind: 'ok',
      payload: {
        name: 'my key',
        remain_quota: 123,
        expired_time: -1,
        unlimited_quota: false,
        models: 'gpt-4o,claude-3',
        subnet: '10.0.0.0/8,192.168.0.0/16',
        rpm_limit: 0,
        tpm_limit: 0,
        concurrency_limit: 0,
        budget_amount: 0,
        budget_period: '',
        response_cache: false,
      },
    });
  });

  it('sends the rate limits as the form checked them, an emptied one as 0 (no limit)', () => {
    const result = buildTokenPayload({ ...values, rpm_limit: 60, tpm_limit: null, concurrency_limit: 2 }, false);
    expect(result).toMatchObject({ kind: 'ok', payload: { rpm_limit: 60, tpm_limit: 0, concurrency_limit: 2 } });
  });

  it('sends a budget in the display currency as whole quota units', () => {
    // No stored status: US dollars at one quota unit each (one-api's fallback), so $12.5 is 13 units rounded.
    const result = buildTokenPayload({ ...values, budget_amount: 12.5, budget_period: 'week' }, false);
    expect(result).toMatchObject({ kind: 'ok', payload: { budget_amount: 13, budget_period: 'week' } });
  });

  it('sends an empty models list as unrestricted and an empty quota as 0', () => {
    const result = buildTokenPayload({ ...values, models: [], remain_quota: null }, false);
    expect(result).toMatchObject({ kind: 'ok', payload: { models: '', remain_quota: 0 } });
  });

  it('converts the expiry text to epoch seconds', () => {
    const result = buildTokenPayload({ ...values, expiry: '2030-01-02 03:04:05' }, false);
    expect(result).toMatchObject({ kind: 'ok', payload: { expired_time: new Date(2030, 0, 2, 3, 4, 5).getTime() / 1000 } });
  });

  it('ignores a create without a name, but lets an edit through', () => {
    expect(buildTokenPayload({ ...values, name: '  ' }, false)).toEqual({ kind: 'ignored' });
    expect(buildTokenPayload({ ...values, name: '' }, true).kind).toBe('ok');
  });

  it('sends the response cache switch as the form holds it', () => {
    expect(buildTokenPayload({ ...values, response_cache: true }, false)).toMatchObject({ kind: 'ok', payload: { response_cache: true } });
  });

  it('reports an expiry that is not a date', () => {
    expect(buildTokenPayload({ ...values, expiry: 'soon' }, false)).toEqual({ kind: 'expiryInvalid' });
  });
});

describe('tokenUpdateBody', () => {
  it('sends the loaded token with the edits on top', () => {
    const loaded: Token = {
      id: 7, user_id: 2, key: 'k', status: 1, name: 'old', created_time: 1, accessed_time: 2, expired_time: -1,
      remain_quota: 5, unlimited_quota: true, used_quota: 3, models: '', subnet: '', rpm_limit: 10, tpm_limit: 0, concurrency_limit: 0,
      budget_amount: 0, budget_period: '', response_cache: false,
    };
    const result = buildTokenPayload({ ...values, unlimited_quota: false }, true);
    if (result.kind !== 'ok') throw new Error('expected a payload');
    expect(tokenUpdateBody(loaded, result.payload)).toEqual({ ...loaded, ...result.payload, id: 7 });
  });
});
