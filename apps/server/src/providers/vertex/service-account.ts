import { createPrivateKey } from 'node:crypto';

/**
 * The service-account key JSON of a Vertex channel (`vertex_ai_adc` in its config), read and checked
 * before any network call so a pasted half key fails with a clear message (reference providers.md 4.1).
 * Docs: https://cloud.google.com/iam/docs/keys-create-delete#creating
 */
export interface ServiceAccount {
  clientEmail: string;
  privateKey: string;
  privateKeyId?: string;
  projectId?: string;
  /** Where this key's tokens are issued; Google's endpoint unless the key names another. */
  tokenUri: string;
}

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';

const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/** The key, or why it cannot be one. */
export function readServiceAccount(json: string): ServiceAccount | { problem: string } {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(json) as Record<string, unknown>;
  } catch {
    return { problem: 'the Vertex AI credentials (vertex_ai_adc) are not valid JSON' };
  }
  if (!parsed || typeof parsed !== 'object') return { problem: 'the Vertex AI credentials (vertex_ai_adc) are not a JSON object' };
  const clientEmail = text(parsed.client_email);
  // The key is PEM with real line breaks; a key pasted with literal "\n" sequences is repaired.
  const privateKey = text(parsed.private_key)?.replace(/\\n/g, '\n');
  if (!clientEmail || !privateKey) return { problem: 'the Vertex AI credentials (vertex_ai_adc) need client_email and private_key: paste the whole service-account key JSON' };
  if (!isPrivateKey(privateKey)) return { problem: 'the private_key of the Vertex AI credentials (vertex_ai_adc) is not a readable PEM private key' };
  return { clientEmail, privateKey, privateKeyId: text(parsed.private_key_id), projectId: text(parsed.project_id), tokenUri: text(parsed.token_uri) ?? GOOGLE_TOKEN_URI };
}

function isPrivateKey(pem: string): boolean {
  try {
    createPrivateKey(pem);
    return true;
  } catch {
    return false;
  }
}
