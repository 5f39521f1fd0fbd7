import type { AwsCredentials } from './credentials.js';

/**
 * AWS Signature Version 4 with AWS's own signer (reference providers.md 5.2). The signer escapes the
 * already-encoded path once more (`%3A` → `%253A`), which is what every service but S3 expects.
 * Docs: https://docs.aws.amazon.com/IAM/latest/UserGuide/reference_sigv-create-signed-request.html
 */
export const BEDROCK_SERVICE = 'bedrock';

export interface SignInput {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: Buffer | string;
  credentials: AwsCredentials;
  /** `bedrock` for the runtime; other names only for test vectors. */
  service?: string;
  /** Fixed in tests; now otherwise. */
  date?: Date;
}

/**
 * The headers to send: the given ones plus `host`, `x-amz-date`, `x-amz-content-sha256` (and the session
 * token) and `authorization`. The path of `url` is signed exactly as it will be sent.
 */
export async function signedHeaders(input: SignInput): Promise<Record<string, string>> {
  // The AWS libraries are loaded with the first Bedrock call: other nodes never pay for them.
  const [{ Sha256 }, { HttpRequest }, { SignatureV4 }] = await Promise.all([import('@aws-crypto/sha256-js'), import('@smithy/protocol-http'), import('@smithy/signature-v4')]);
  const url = new URL(input.url);
  const { region, accessKeyId, secretAccessKey, sessionToken } = input.credentials;
  const signer = new SignatureV4({
    service: input.service ?? BEDROCK_SERVICE,
    region,
    sha256: Sha256,
    credentials: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
  });
  const request = new HttpRequest({
    method: input.method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    // The Host the HTTP client will send: the URL's host, with its port when not the default.
    headers: { ...input.headers, host: url.host },
    body: input.body,
  });
  const signed = await signer.sign(request, input.date ? { signingDate: input.date } : {});
  return signed.headers;
}
