import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTc3 } from './tc3-signature.js';

/** Tencent's own documented example (service cvm), the verified vector of reference providers.md 11.2. */
const VECTOR = {
  secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
  secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
  service: 'cvm',
  host: 'cvm.tencentcloudapi.com',
  contentType: 'application/json; charset=utf-8',
  timestamp: 1551113065,
  body: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
};
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('TC3-HMAC-SHA256 (reference providers.md 11.2)', () => {
  it('signs the vector exactly', () => {
    const signed = signTc3(VECTOR);
    expect(sha256(VECTOR.body)).toBe('35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064');
    expect(signed.canonicalRequest).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(sha256(signed.canonicalRequest)).toBe('5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    // 1551113065 is 2019-02-25 in UTC (02-26 in Beijing): the scope takes the UTC date.
    expect(signed.stringToSign).toBe('TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031');
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('signs the action lowercased, as x-tc-action, for hunyuan', () => {
    const signed = signTc3({ ...VECTOR, service: 'hunyuan', host: 'hunyuan.tencentcloudapi.com', contentType: 'application/json', action: 'ChatCompletions', body: '{}' });
    expect(signed.canonicalRequest.split('\n').slice(3, 8)).toEqual(['content-type:application/json', 'host:hunyuan.tencentcloudapi.com', 'x-tc-action:chatcompletions', '', 'content-type;host;x-tc-action']);
    expect(signed.authorization).toMatch(/^TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE\/2019-02-25\/hunyuan\/tc3_request, SignedHeaders=content-type;host;x-tc-action, Signature=[0-9a-f]{64}$/);
  });
});
