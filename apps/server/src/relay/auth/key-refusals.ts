import { RelayError, relayError } from '../relay-error.js';
import type { KeyStatusMarker } from './key-status-marker.js';

/** How one-api names a key in its refusals (reference 1.2). */
export const keyLabel = (name: string | null | undefined, id: number) => `token ${name ?? ''} (#${id})`;

export const keyUsedUp = (name: string | null | undefined, id: number) => relayError.unauthorized(`${keyLabel(name, id)} quota used up`, 'token_quota_exhausted');

export const keyExpired = (name: string | null | undefined, id: number) => relayError.unauthorized(`${keyLabel(name, id)} has expired`, 'token_expired');

/**
 * A limited key that cannot pay for a reservation. With nothing left it is used up: refused as the key
 * check refuses it (401, reference 1.2) and stored as exhausted. With something left but less than this
 * request reserves, it is one-api's pre-consume refusal (403, reference 1.8); a smaller request may pass.
 */
export function keyQuotaRefusal(statuses: KeyStatusMarker, tokenId: number, remain: number, nameOf: () => string | null | undefined): RelayError {
  if (remain > 0) return new RelayError(403, 'token quota insufficient', 'pre_consume_token_quota_failed');
  statuses.exhausted(tokenId);
  // Once the key is stored as exhausted, the key cache refuses it before this is reached again.
  return keyUsedUp(nameOf(), tokenId);
}
