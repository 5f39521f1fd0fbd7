import { ChannelStatus } from '@tollgate/contract';
import type { AttemptOutcome, ChannelBreakers } from '../health/breaker/channel-breakers.js';
import { relayError } from '../relay-error.js';
import type { ChannelTable } from './channel-table.js';
import type { RoutableChannel } from './routable-channel.js';

/**
 * The channels one request goes through: the first pick, then one per retry, never the same channel twice.
 * A pinned channel (admin key suffix) is used alone, whatever its model list, and never retried.
 * With breakers, channels whose circuit is open are passed over, in every tier, while another channel can
 * serve; when only cooling channels are left, one of them is tried anyway: it may well answer, and a 503
 * surely fails. Picking a half-open channel makes this request its one probe.
 */
export class Route {
  private readonly tried = new Set<number>();
  private readonly healthy: (channel: RoutableChannel) => boolean;
  /** The half-open channel this request took as its probe, until its outcome is recorded. */
  private probe?: number;

  constructor(
    private readonly table: ChannelTable,
    private readonly group: string,
    private readonly model: string,
    private readonly pinnedChannelId?: number,
    /** Channels that cannot serve this request (an endpoint their protocol lacks) are passed over. */
    private readonly accepts: (channel: RoutableChannel) => boolean = () => true,
    private readonly breakers?: ChannelBreakers,
  ) {
    this.healthy = breakers ? (channel) => accepts(channel) && breakers.passable(channel.id) : accepts;
  }

  get pinned(): boolean {
    return this.pinnedChannelId !== undefined;
  }

  first(): RoutableChannel {
    if (this.pinnedChannelId !== undefined) {
      const channel = this.table.channel(this.pinnedChannelId);
      if (!channel) throw relayError.invalidRequest(`channel #${this.pinnedChannelId} does not exist`, 'invalid_channel_id');
      if (channel.status !== ChannelStatus.Enabled) throw relayError.forbidden(`channel #${channel.id} is disabled`, 'channel_disabled');
      this.tried.add(channel.id);
      return channel;
    }
    // When the model's channels all lack what this request needs (the endpoint, streaming), one of them is
    // still planned, so that the client hears precisely what its protocol cannot do.
    const channel = this.pick() ?? this.table.select(this.group, this.model);
    if (!channel) throw relayError.noChannel(this.model, this.group);
    this.tried.add(channel.id);
    return channel;
  }

  /** Another channel for a retry, or undefined when every channel serving the model was tried. */
  next(): RoutableChannel | undefined {
    if (this.pinned) return undefined;
    const channel = this.pick();
    if (channel) this.tried.add(channel.id);
    return channel;
  }

  /** The channels picked so far, in order: the first, then one per retry. */
  get channels(): number[] {
    return [...this.tried];
  }

  /** Counts one attempt's outcome against its channel's breaker. */
  record(channelId: number, outcome: AttemptOutcome): void {
    if (channelId === this.probe) this.probe = undefined;
    this.breakers?.record(channelId, outcome);
  }

  /** The request ends without sending its probe (its quota was refused, say): another request may probe. */
  release(): void {
    if (this.probe === undefined) return;
    this.breakers?.record(this.probe, 'neutral');
    this.probe = undefined;
  }

  /** An untried channel that can serve: a healthy one first, else a cooling one. */
  private pick(): RoutableChannel | undefined {
    const healthy = this.breakers ? this.table.select(this.group, this.model, this.tried, this.healthy) : undefined;
    if (healthy) {
      if (this.breakers?.picked(healthy.id)) this.probe = healthy.id;
      return healthy;
    }
    return this.table.select(this.group, this.model, this.tried, this.accepts);
  }
}
