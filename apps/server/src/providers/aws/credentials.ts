import type { UpstreamTarget } from '../adaptor.js';

/** An IAM access key, signed with SigV4; temporary credentials (STS) add their session token. */
export interface AwsCredentials {
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** A Bedrock API key, sent as `Authorization: Bearer <key>` instead of a signature. */
export interface BedrockApiKey {
  region: string;
  apiKey: string;
}

export type BedrockAuth = AwsCredentials | BedrockApiKey;

export const isApiKey = (auth: BedrockAuth): auth is BedrockApiKey => 'apiKey' in auth;

/**
 * How a channel key carries each form, told apart by its number of `|`-separated parts:
 * `AK|SK|Region` (one-api's, unchanged), `AK|SK|Region|SessionToken` (temporary credentials) and
 * `APIKey|Region` (a Bedrock API key). A key in none of these forms falls back to the config fields
 * `ak`, `sk` and `region` of one-api's newer console.
 * Docs: https://docs.aws.amazon.com/bedrock/latest/userguide/api-keys-use.html
 */
export function credentialsOf(target: UpstreamTarget): BedrockAuth | undefined {
  const parts = target.key.includes('|') ? target.key.split('|').map((part) => part.trim()) : [];
  if (parts.every(Boolean)) {
    const [first = '', second = '', region = '', sessionToken = ''] = parts;
    if (parts.length === 2) return { apiKey: first, region: second };
    if (parts.length === 3) return { accessKeyId: first, secretAccessKey: second, region };
    if (parts.length === 4) return { accessKeyId: first, secretAccessKey: second, region, sessionToken };
  }
  const accessKeyId = target.config.ak?.trim() ?? '';
  const secretAccessKey = target.config.sk?.trim() ?? '';
  const region = target.config.region?.trim() ?? '';
  return accessKeyId && secretAccessKey && region ? { region, accessKeyId, secretAccessKey } : undefined;
}
