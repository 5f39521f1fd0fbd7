import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedHeaders } from './sigv4.js';
import { invokeUrl } from './upstream-url.js';

/** The verified vector of reference providers.md 5.2 (openai-node's fixture; service `bedrock-mantle`). */
const VECTOR = {
  credentials: { region: 'us-east-1', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY', sessionToken: 'fixture-session-token' },
  date: new Date('2025-01-02T03:04:05Z'),
  url: 'https://bedrock-mantle.us-east-1.api.aws/openai/v1/responses',
  body: '{"model":"gpt-4o","input":"hello"}',
};

const sha256 = (data: string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** SigV4 written out step by step as the reference describes it, to check the library against. */
function referenceSignature(input: { method: string; canonicalUri: string; headers: Record<string, string>; body: string; secret: string; region: string; service: string; amzDate: string }) {
  const names = Object.keys(input.headers).sort();
  const canonicalHeaders = names.map((name) => `${name}:${input.headers[name]?.trim()}\n`).join('');
  const canonicalRequest = [input.method, input.canonicalUri, '', canonicalHeaders, names.join(';'), sha256(input.body)].join('\n');
  const date = input.amzDate.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', input.amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secret}`, date), input.region), input.service), 'aws4_request');
  return { canonicalRequest, signature: createHmac('sha256', key).update(stringToSign).digest('hex') };
}

describe('SigV4 signing with the AWS signer', () => {
  it('reproduces the reference test vector exactly', async () => {
    const headers = await signedHeaders({ method: 'POST', url: VECTOR.url, headers: { 'content-type': 'application/json' }, body: VECTOR.body, credentials: VECTOR.credentials, service: 'bedrock-mantle', date: VECTOR.date });
    expect(headers['x-amz-content-sha256']).toBe('50329e51ad520f21b77bad0b01999930ff556cd1bf18434701251ba6c9f877bc');
    expect(headers['x-amz-date']).toBe('20250102T030405Z');
    expect(headers['x-amz-security-token']).toBe('fixture-session-token');
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20250102/us-east-1/bedrock-mantle/aws4_request, ' +
        'SignedHeaders=content-type;host;x-amz-content-sha256;x-amz-date;x-amz-security-token, ' +
        'Signature=dc20c8fbe516daf0ccae7e5b7a78fc2936870413a9f1af6e1b2d44b970ce411f',
    );
  });

  it('matches the step-by-step algorithm on the vector (canonical request hash included)', () => {
    const { canonicalRequest, signature } = referenceSignature({
      method: 'POST',
      canonicalUri: '/openai/v1/responses',
      headers: { 'content-type': 'application/json', host: 'bedrock-mantle.us-east-1.api.aws', 'x-amz-content-sha256': sha256(VECTOR.body), 'x-amz-date': '20250102T030405Z', 'x-amz-security-token': 'fixture-session-token' },
      body: VECTOR.body,
      secret: VECTOR.credentials.secretAccessKey,
      region: 'us-east-1',
      service: 'bedrock-mantle',
      amzDate: '20250102T030405Z',
    });
    expect(sha256(canonicalRequest)).toBe('1b69b17ef7548a7bf16a6ee749acfd44b7793e04216345dddd6cfaf4c01bfde5');
    expect(signature).toBe('dc20c8fbe516daf0ccae7e5b7a78fc2936870413a9f1af6e1b2d44b970ce411f');
  });

  it('signs a Bedrock model path with the model id encoded twice (%3A sent, %253A signed) under service bedrock', async () => {
    const url = invokeUrl('https://bedrock-runtime.us-west-2.amazonaws.com', 'anthropic.claude-3-5-sonnet-20241022-v2:0', false);
    expect(url).toBe('https://bedrock-runtime.us-west-2.amazonaws.com/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/invoke');
    const credentials = { region: 'us-west-2', accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
    const body = '{"anthropic_version":"bedrock-2023-05-31"}';
    const headers = await signedHeaders({ method: 'POST', url, headers: { 'content-type': 'application/json', accept: 'application/json' }, body, credentials, date: VECTOR.date });
    expect(headers['x-amz-security-token']).toBeUndefined();
    const expected = referenceSignature({
      method: 'POST',
      canonicalUri: '/model/anthropic.claude-3-5-sonnet-20241022-v2%253A0/invoke',
      headers: { accept: 'application/json', 'content-type': 'application/json', host: 'bedrock-runtime.us-west-2.amazonaws.com', 'x-amz-content-sha256': sha256(body), 'x-amz-date': '20250102T030405Z' },
      body,
      secret: 'secret',
      region: 'us-west-2',
      service: 'bedrock',
      amzDate: '20250102T030405Z',
    });
    expect(headers.authorization).toBe(
      `AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE/20250102/us-west-2/bedrock/aws4_request, SignedHeaders=accept;content-type;host;x-amz-content-sha256;x-amz-date, Signature=${expected.signature}`,
    );
  });

  it('signs the host with its port when the base URL has one (a test server, a proxy)', async () => {
    const headers = await signedHeaders({ method: 'POST', url: 'http://127.0.0.1:8123/model/meta.llama3-8b-instruct-v1%3A0/invoke', headers: {}, body: '{}', credentials: { region: 'us-east-1', accessKeyId: 'a', secretAccessKey: 's' } });
    expect(headers.host).toBe('127.0.0.1:8123');
    expect(headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=a\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
  });
});
