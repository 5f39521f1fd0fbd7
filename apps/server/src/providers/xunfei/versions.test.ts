import { describe, expect, it } from 'vitest';
import { sparkService, takesFunctions } from './versions.js';

describe('Spark model → version, domain and path (reference providers.md 9.1, one-api.md 2.3)', () => {
  it.each([
    ['Spark-Lite', 'v1.1', 'lite', '/v1.1/chat'],
    ['Spark-Pro', 'v3.1', 'generalv3', '/v3.1/chat'],
    ['Spark-Pro-128K', 'v3.1-128K', 'pro-128k', '/chat/pro-128k'],
    ['Spark-Max', 'v3.5', 'generalv3.5', '/v3.5/chat'],
    ['Spark-Max-32K', 'v3.5-32K', 'max-32k', '/chat/max-32k'],
    ['Spark-4.0-Ultra', 'v4.0', '4.0Ultra', '/v4.0/chat'],
    ['SparkDesk-v3.5', 'v3.5', 'generalv3.5', '/v3.5/chat'],
  ])('%s', (model, version, domain, path) => {
    expect(sparkService(model, '')).toEqual({ version, domain, path });
  });

  it("uses the channel's api version when the name does not tell, else Lite", () => {
    expect(sparkService('SparkDesk', 'v3.1')).toMatchObject({ domain: 'generalv3', path: '/v3.1/chat' });
    expect(sparkService('SparkDesk', '4.0')).toMatchObject({ version: 'v4.0', domain: '4.0Ultra' });
    expect(sparkService('SparkDesk', '')).toMatchObject({ version: 'v1.1', domain: 'lite' });
  });

  it('sends functions only to the services that take them', () => {
    expect(['lite', 'generalv3', 'pro-128k', 'generalv3.5', 'max-32k', '4.0Ultra'].filter(takesFunctions)).toEqual(['generalv3', 'generalv3.5', '4.0Ultra']);
  });
});
