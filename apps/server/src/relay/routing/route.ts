import { ChannelStatus } from '@tollgate/contract';
import { relayError } from '../relay-error.js';
import type { ChannelTable } from './channel-table.js';
import type { RoutableChannel } from './routable-channel.js';

/**
 * The channels one request goes through: the first pick, then one per retry, never the same channel twice.
 * A pinned channel (admin key suffix) is used alone, whatever its model list, and never retried.
 */
export class Route {
  private readonly tried = new Set<number>();

  constructor(
    private readonly table: ChannelTable,
    private readonly group: string,
    private readonly model: string,
    private readonly pinnedChannelId?: number,
    /** Channels that cannot serve this request (an endpoint their protocol lacks) are passed over. */
    private readonly accepts: (channel: RoutableChannel) => boolean = () => true,
  ) {}

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
    const channel = this.table.select(this.group, this.model, this.tried, this.accepts) ?? this.table.select(this.group, this.model);
    if (!channel) throw relayError.noChannel(this.model, this.group);
    this.tried.add(channel.id);
    return channel;
  }

  /** Another channel for a retry, or undefined when every channel serving the model was tried. */
  next(): RoutableChannel | undefined {
    if (this.pinned) return undefined;
    const channel = this.table.select(this.group, this.model, this.tried, this.accepts);
    if (channel) this.tried.add(channel.id);
    return channel;
  }
}
