import { channelType } from '@tollgate/contract';
import { describe, expect, it } from 'vitest';
import { adaptorRequest, upstreamTarget } from '../../../test/adaptor-request.js';
import type { AdaptorRequest } from '../adaptor.js';
import { tencentAdaptorAt } from './adaptor.js';
import { signTc3 } from './tc3-signature.js';

const NOW = new Date(1551113065 * 1000);
const adaptor = tencentAdaptorAt(() => NOW);

const request = (config: Record<string, string> = {}, key = '1250000000|AKIDsecretid|secretkey'): AdaptorRequest =>
  adaptorRequest(upstreamTarget({ type: channelType(23)!, key, config }), { model: 'hunyuan-lite', body: { model: 'hunyuan-lite', messages: [{ role: 'user', content: 'hi' }] } });

describe('Hunyuan adaptor', () => {
  it('POSTs the converted body to {base}/ with the API 3.0 headers, signed at the given clock', () => {
    const built = adaptor.buildRequest(request({ region: 'ap-guangzhou' }));
    const body = '{"Model":"hunyuan-lite","Messages":[{"Role":"user","Content":"hi"}],"Stream":false}';
    expect(built.url).toBe('https://hunyuan.tencentcloudapi.com/');
    expect(built.body.toString('utf8')).toBe(body);
    const expected = signTc3({ secretId: 'AKIDsecretid', secretKey: 'secretkey', service: 'hunyuan', host: 'hunyuan.tencentcloudapi.com', contentType: 'application/json', action: 'ChatCompletions', timestamp: 1551113065, body });
    expect(built.headers).toEqual({
      'content-type': 'application/json',
      accept: 'application/json',
      'accept-encoding': 'identity',
      authorization: expected.authorization,
      'x-tc-action': 'ChatCompletions',
      'x-tc-version': '2023-09-01',
      'x-tc-timestamp': '1551113065',
      'x-tc-region': 'ap-guangzhou',
    });
    expect(expected.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDsecretid\/2019-02-25\/hunyuan\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=/);
  });

  it('sends no region header without a configured region, and signs embeddings as GetEmbedding', () => {
    expect(adaptor.buildRequest(request()).headers['x-tc-region']).toBeUndefined();
    const built = adaptor.buildRequest({ ...request(), mode: 'embeddings', body: Buffer.from('{"input":"a","model":"hunyuan-embedding"}') });
    expect(built.headers['x-tc-action']).toBe('GetEmbedding');
    expect(built.body.toString('utf8')).toBe('{"InputList":["a"]}');
  });

  it('finds an error in a 200 body, and refuses a malformed key before calling', async () => {
    expect(adaptor.answerError?.(request(), Buffer.from('{"Response":{"Error":{"Code":"AuthFailure.SecretIdNotFound","Message":"no such id"},"RequestId":"r"}}'))).toMatchObject({ status: 401 });
    expect(adaptor.answerError?.(request(), Buffer.from('{"Response":{"Choices":[],"RequestId":"r"}}'))).toBeUndefined();
    expect(await adaptor.prepare?.(request({}, 'only|two').target, () => Promise.reject(new Error('unused')))).toMatchObject({ status: 401 });
  });
});
