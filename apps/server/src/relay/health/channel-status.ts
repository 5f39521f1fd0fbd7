import { ChannelStatus } from '@tollgate/contract';
import type { AppContext } from '../../context.js';

/**
 * Automatic status changes. Only an enabled channel is auto-disabled (status 3), and only an automatically
 * disabled one is auto-enabled: a channel an administrator switched off (2) stays off (one-api re-enabled it).
 * The change reaches every node's routing table through CacheSync.
 */

/**
 * Disables a broken channel when AutomaticDisableChannelEnabled is on. This node stops routing to it before
 * the function returns its promise (one-api kept picking it until the next sync, reference 1.9), so a
 * caller may leave the database write running and still never send it another request.
 */
export function autoDisableChannel(ctx: AppContext, channel: { id: number; name: string }, reason: string, requestId?: string): Promise<boolean> {
  if (!ctx.options.bool('AutomaticDisableChannelEnabled')) return Promise.resolve(false);
  const registry = ctx.relay.channels;
  const release = registry.withdraw(channel.id);
  return persistDisable(ctx, channel, reason, requestId).then(
    (changed) => {
      // The reload that CacheSync ran inside persistDisable already reads the new status (or the channel was
      // not enabled in the database to begin with), so the withdrawal is no longer needed to keep it out.
      release();
      return changed;
    },
    async (error: unknown) => {
      // The write (or the notice after it) failed: route by whatever the database now says, as every other node does.
      release();
      await registry.reload();
      throw error;
    },
  );
}

/** `requestId`: the relayed request whose failure disabled the channel, named in the log line. */
async function persistDisable(ctx: AppContext, channel: { id: number; name: string }, reason: string, requestId?: string): Promise<boolean> {
  const changed = await setStatus(ctx, channel.id, ChannelStatus.Enabled, ChannelStatus.AutoDisabled);
  if (changed) {
    ctx.log.warn({ channelId: channel.id, reason, ...(requestId ? { reqId: requestId } : {}) }, `channel "${channel.name}" (#${channel.id}) was disabled automatically`);
    await ctx.notifyRoot(`Channel "${channel.name}" (#${channel.id}) was disabled`, `The channel was disabled automatically. Reason: ${reason}`);
  }
  return changed;
}

export async function autoEnableChannel(ctx: AppContext, channel: { id: number; name: string }): Promise<boolean> {
  if (!ctx.options.bool('AutomaticEnableChannelEnabled')) return false;
  const changed = await setStatus(ctx, channel.id, ChannelStatus.AutoDisabled, ChannelStatus.Enabled);
  if (changed) await ctx.notifyRoot(`Channel "${channel.name}" (#${channel.id}) was enabled`, 'The channel passed its test and was enabled again.');
  return changed;
}

async function setStatus(ctx: AppContext, id: number, from: number, to: number): Promise<boolean> {
  const result = await ctx.db.updateTable('channels').set({ status: to }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  if (Number(result.numUpdatedRows) === 0) return false;
  await ctx.db.updateTable('abilities').set({ enabled: to === ChannelStatus.Enabled }).where('channel_id', '=', id).execute();
  await ctx.cacheSync.changed('channels');
  return true;
}
