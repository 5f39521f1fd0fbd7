import { randomBytes } from 'node:crypto';

/**
 * The ids of the function calls a Gemini answer makes, as the clients of every other protocol see them.
 * Gemini usually gives a call no id, and Gemini 2.5+ signs its calls with a `thoughtSignature` that a later
 * request must echo on the same part. A client of another protocol sends back only what its protocol has:
 * the call's id (Anthropic's tool_use id, a Responses call_id) and not OpenAI's `extra_content`. So the
 * signature also rides inside the id, base64url-encoded after a marker, and is read back from it.
 * Docs: https://ai.google.dev/gemini-api/docs/thought-signatures
 */
const MARKER = '__ts_';

/** The call's own id when Gemini gave one, else a new one; with the signature inside when there is one. */
export function callId(ownId: string | undefined, signature: string | undefined): string {
  const base = ownId || `call_${randomBytes(12).toString('hex')}`;
  return signature ? `${base}${MARKER}${Buffer.from(signature, 'utf8').toString('base64url')}` : base;
}

/** The thought signature carried inside a call id, if any. */
export function signatureOfCallId(id: unknown): string | undefined {
  if (typeof id !== 'string') return undefined;
  const at = id.lastIndexOf(MARKER);
  if (at === -1) return undefined;
  const encoded = id.slice(at + MARKER.length);
  return /^[A-Za-z0-9_-]+$/.test(encoded) ? Buffer.from(encoded, 'base64url').toString('utf8') : undefined;
}
