/** A transition one node tells the others: the circuit opened for `cooldownMs` from now, or closed. */
export type BreakerMessage = { channelId: number; state: 'open'; cooldownMs: number; openings: number } | { channelId: number; state: 'closed' };

/**
 * How the breakers of several nodes agree (Redis in a cluster; absent on a single node). Publishing is fire
 * and forget: a node that cannot reach the others keeps its own breaker.
 */
export interface BreakerBus {
  publish(message: BreakerMessage): void;
  /** True when this node won the one probe of the channel's current cooldown (for `ttlMs` at most). */
  claimProbe(channelId: number, ttlMs: number): Promise<boolean>;
}
