import { createHash, createHmac } from 'node:crypto';

/**
 * Tencent Cloud API 3.0 request signing, TC3-HMAC-SHA256 (reference providers.md 11.2). The signed
 * headers are content-type and host, plus x-tc-action when an action is given (as one-api signs it), each
 * as `name:value` lowercased. The content-type signed must be the one sent, byte for byte.
 * Docs: https://www.tencentcloud.com/document/api/213/33224
 */
export interface Tc3Input {
  secretId: string;
  secretKey: string;
  /** The product, e.g. `hunyuan`: the host's first label and part of the credential scope. */
  service: string;
  host: string;
  contentType: string;
  action?: string;
  /** Unix seconds; the server allows five minutes of skew. */
  timestamp: number;
  body: Buffer | string;
}

export interface Tc3Signature {
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
  authorization: string;
}

const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** The UTC date of the timestamp: the scope's date, which is not the local one near midnight. */
const utcDate = (timestamp: number) => new Date(timestamp * 1000).toISOString().slice(0, 10);

export function signTc3(input: Tc3Input): Tc3Signature {
  const headers: [string, string][] = [
    ['content-type', input.contentType],
    ['host', input.host],
  ];
  if (input.action) headers.push(['x-tc-action', input.action]);
  const canonicalHeaders = headers.map(([name, value]) => `${name}:${value.trim().toLowerCase()}\n`).join('');
  const signedHeaders = headers.map(([name]) => name).join(';');
  const canonicalRequest = `POST\n/\n\n${canonicalHeaders}\n${signedHeaders}\n${sha256Hex(input.body)}`;

  const date = utcDate(input.timestamp);
  const scope = `${date}/${input.service}/tc3_request`;
  const stringToSign = `TC3-HMAC-SHA256\n${input.timestamp}\n${scope}\n${sha256Hex(canonicalRequest)}`;

  const secretDate = hmac(`TC3${input.secretKey}`, date);
  const secretService = hmac(secretDate, input.service);
  const secretSigning = hmac(secretService, 'tc3_request');
  const signature = createHmac('sha256', secretSigning).update(stringToSign).digest('hex');
  const authorization = `TC3-HMAC-SHA256 Credential=${input.secretId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { canonicalRequest, stringToSign, signature, authorization };
}
