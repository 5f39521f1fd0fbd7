import { ChannelStatus, type UnpricedChannelModel } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { routableModels } from '../../db/channel-columns.js';

/**
 * Every model an enabled channel lists that has no price on that channel (its type's price, the operator's,
 * the price source's or Tollgate's table): what an administrator must price before the first request for it
 * is refused. Each with the channels listing it.
 */
export async function unpricedChannelModels(ctx: AppContext): Promise<UnpricedChannelModel[]> {
  const channels = await ctx.db.selectFrom('channels').selectAll().where('status', '=', ChannelStatus.Enabled).execute();
  const unpriced = new Map<string, string[]>();
  for (const channel of channels) {
    for (const model of routableModels(channel)) {
      if (ctx.relay.pricing.quote(model, 'default', channel.type)) continue;
      unpriced.set(model, [...(unpriced.get(model) ?? []), channel.name ?? `#${channel.id}`]);
    }
  }
  return [...unpriced].sort(([a], [b]) => a.localeCompare(b)).map(([model, names]) => ({ model, channels: names }));
}

