import type { Settlement } from './journal-record.js';
import { PendingLogs } from './pending-logs.js';
import type { Reservation } from './reservation.js';
import { RollupCells } from './rollup-cells.js';

interface UserDelta {
  quota: number;
  used: number;
  requests: number;
}

interface TokenDelta {
  remain: number;
  used: number;
}

/** Usage settled in memory and not yet written: balance deltas per user and key, counters per channel, logs, rollups (PostgreSQL, MySQL). */
export interface Pending {
  users: Map<number, UserDelta>;
  tokens: Map<number, TokenDelta>;
  channels: Map<number, number>;
  logs: PendingLogs;
  rollups: RollupCells;
}

export const emptyPending = (): Pending => ({ users: new Map(), tokens: new Map(), channels: new Map(), logs: new PendingLogs(), rollups: new RollupCells() });

/** The user's delta in `pending`, made (at zero) if it has none yet. */
function userDelta(pending: Pending, userId: number): UserDelta {
  let user = pending.users.get(userId);
  if (!user) pending.users.set(userId, (user = { quota: 0, used: 0, requests: 0 }));
  return user;
}

function tokenDelta(pending: Pending, tokenId: number): TokenDelta {
  let token = pending.tokens.get(tokenId);
  if (!token) pending.tokens.set(tokenId, (token = { remain: 0, used: 0 }));
  return token;
}

/**
 * A settlement's effect on the balances: the reservation is given back and the charge taken (a refund
 * charges 0 and does not count), the key's and the user's used quota and the channel's grow by the charge.
 */
export function addSettlement(pending: Pending, { reservation, charged, counted, channelId }: Settlement): void {
  const user = userDelta(pending, reservation.userId);
  user.quota += reservation.amount - charged;
  if (counted) {
    user.used += charged;
    user.requests += 1;
  }
  const token = tokenDelta(pending, reservation.tokenId);
  if (reservation.unlimitedToken) token.used += charged;
  else {
    token.remain += reservation.amount - charged;
    token.used += charged - reservation.amount;
  }
  if (counted && channelId > 0) pending.channels.set(channelId, (pending.channels.get(channelId) ?? 0) + charged);
}

/** A reservation taken: the user's and the (limited) key's balances drop by its amount. */
export function addHold(pending: Pending, reservation: Reservation): void {
  userDelta(pending, reservation.userId).quota -= reservation.amount;
  if (reservation.unlimitedToken) return;
  const token = tokenDelta(pending, reservation.tokenId);
  token.remain -= reservation.amount;
  token.used += reservation.amount;
}

export function addCredit(pending: Pending, userId: number, amount: number): void {
  userDelta(pending, userId).quota += amount;
}

/** Adds what `from` holds to `into` (a batch that failed to write, taking back what came meanwhile). */
export function mergePending(into: Pending, from: Pending): void {
  for (const [id, d] of from.users) {
    const user = userDelta(into, id);
    user.quota += d.quota;
    user.used += d.used;
    user.requests += d.requests;
  }
  for (const [id, d] of from.tokens) {
    const token = tokenDelta(into, id);
    token.remain += d.remain;
    token.used += d.used;
  }
  for (const [id, used] of from.channels) into.channels.set(id, (into.channels.get(id) ?? 0) + used);
  into.logs.append(from.logs.take());
  into.rollups.restore(from.rollups.take());
}
