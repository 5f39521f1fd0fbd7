import { Role, TokenStatus, UserStatus } from '@tollgate/contract';
import { nowSeconds } from '../../lib/random.js';
import { relayError } from '../relay-error.js';
import { NOT_HELD, type KeyCache, type KeyRecord } from './key-cache.js';
import { keyExpired, keyLabel, keyUsedUp } from './key-refusals.js';
import { parseRelayKey, type RelayKey } from './relay-key.js';

export interface Caller {
  record: KeyRecord;
  /** A channel id pinned by an admin's key suffix; no routing and no retries then. */
  pinnedChannelId?: number;
}

/**
 * Every refusal of one-api's TokenAuth (reference 1.2): 401 for the key itself, 403 for what it may not do.
 * Answered at once for a key this node holds (nearly every request), with a promise only when it must be read.
 */
export function authenticate(cache: KeyCache, authorization: string | undefined, clientIp: string): Caller | Promise<Caller> {
  const parsed = parseRelayKey(authorization);
  if (!parsed) throw relayError.unauthorized('no API key provided: send Authorization: Bearer sk-...');
  const held = cache.held(parsed.key);
  if (held !== NOT_HELD) return admitted(cache, held, parsed, clientIp);
  return cache.get(parsed.key).then((record) => admitted(cache, record, parsed, clientIp));
}

function admitted(cache: KeyCache, record: KeyRecord | undefined, parsed: RelayKey, clientIp: string): Caller {
  if (!record) throw relayError.unauthorized('invalid token');
  const { tokenId, tokenName } = record;
  if (record.status === TokenStatus.Exhausted) throw keyUsedUp(tokenName, tokenId);
  if (record.status === TokenStatus.Expired) throw keyExpired(tokenName, tokenId);
  if (record.status !== TokenStatus.Enabled) throw relayError.unauthorized(`${keyLabel(tokenName, tokenId)} is not available`, 'token_disabled');
  // An enabled key found dead is stored as such (in the background, once), so the console shows it too.
  if (record.expiredTime !== -1 && record.expiredTime < nowSeconds()) {
    cache.statuses.expired(tokenId);
    throw keyExpired(tokenName, tokenId);
  }
  if (!record.unlimitedQuota && record.remainQuota <= 0) {
    cache.statuses.exhausted(tokenId);
    throw keyUsedUp(tokenName, tokenId);
  }
  if (record.inSubnet && !record.inSubnet(clientIp)) throw relayError.forbidden(`${keyLabel(tokenName, tokenId)} may only be used from its allowed subnets`, 'ip_not_allowed');
  if (record.userStatus !== UserStatus.Enabled) throw relayError.forbidden('user banned', 'user_banned');
  if (parsed.pinnedChannel === undefined) return { record };
  if (record.userRole < Role.Admin) throw relayError.forbidden('normal users cannot specify a channel', 'channel_pin_forbidden');
  const pinnedChannelId = Number(parsed.pinnedChannel);
  if (!Number.isInteger(pinnedChannelId) || pinnedChannelId <= 0) throw relayError.invalidRequest('invalid channel id', 'invalid_channel_id');
  return { record, pinnedChannelId };
}

export function checkModelAllowed(caller: Caller, model: string): void {
  const allowed = caller.record.models;
  if (allowed && !allowed.has(model)) throw relayError.forbidden(`token has no permission for model ${model}`, 'model_not_allowed');
}
