import { describe, expect, it } from 'vitest';
import { typeFormSpec } from './type-form-spec';

describe('typeFormSpec', () => {
  it('gives most types a key, models and an optional proxy URL', () => {
    expect(typeFormSpec(14)).toMatchObject({ hasKey: true, hasModels: true, keyPlaceholder: 'default', baseUrl: { label: 'proxy' } });
    expect(typeFormSpec(14).other).toBeUndefined();
  });

  it('asks Azure for its endpoint and API version', () => {
    expect(typeFormSpec(3)).toMatchObject({ baseUrl: { label: 'azureEndpoint' }, other: { label: 'azureApiVersion' } });
  });

  it('gives the documented key formats', () => {
    expect(typeFormSpec(15).keyPlaceholder).toBe('baidu');
    expect(typeFormSpec(18).keyPlaceholder).toBe('spark');
    expect(typeFormSpec(22).keyPlaceholder).toBe('fastgpt');
    expect(typeFormSpec(23).keyPlaceholder).toBe('tencent');
  });

  it('takes AWS credentials in fields or as a key in one of its three forms, and Vertex AI credentials instead of a key', () => {
    expect(typeFormSpec(33)).toMatchObject({ hasKey: true, keyPlaceholder: 'aws', notices: ['awsNotice'], baseUrl: { label: 'bedrockEndpoint' } });
    expect(typeFormSpec(42).hasKey).toBe(false);
    expect(typeFormSpec(33).config.map((field) => field.name)).toEqual(['region', 'ak', 'sk']);
    expect(typeFormSpec(42).config.map((field) => field.name)).toEqual(['region', 'vertex_ai_project_id', 'vertex_ai_adc']);
  });

  it('stores the other settings of Spark, AI Proxy, Ali, Coze and Cloudflare where the server reads them', () => {
    expect(typeFormSpec(18).other?.label).toBe('sparkVersion');
    expect(typeFormSpec(21).other?.label).toBe('libraryId');
    expect(typeFormSpec(17).other?.label).toBe('plugin');
    expect(typeFormSpec(34).config[0]?.name).toBe('user_id');
    expect(typeFormSpec(37).config[0]?.label).toBe('accountId');
  });

  it('lets a custom or OpenAI-compatible channel name the rerank format of its server', () => {
    expect(typeFormSpec(8).config.map((field) => field.name)).toEqual(['rerank_format']);
    expect(typeFormSpec(50).config.map((field) => field.name)).toEqual(['rerank_format']);
    expect(typeFormSpec(1).config).toEqual([]);
  });

  it('needs no models for the Proxy type and mentions balances where the list can query them', () => {
    expect(typeFormSpec(43).hasModels).toBe(false);
    for (const type of [1, 4, 5, 8, 10, 12, 13, 36, 44]) expect(typeFormSpec(type).notices).toContain('balanceNotice');
    expect(typeFormSpec(14).notices).not.toContain('balanceNotice');
  });
});
