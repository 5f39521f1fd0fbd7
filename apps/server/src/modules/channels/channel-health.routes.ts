import { message } from '@tollgate/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import type { ChannelRow } from '../../db/schema.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ApiError } from '../../http/errors.js';
import { languageOf, say } from '../../http/language.js';
import { idParamOf, queryText } from '../../http/query.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { nowSeconds } from '../../lib/random.js';
import { balanceSupported, fetchBalance } from './channel-balance.js';
import { channelTestRunner } from './channel-test-runner.js';
import { testChannel } from './channel-test.js';
import { findChannel } from './channels.repository.js';

/** Asks the vendor for the channel's balance and stores it with the time of asking. */
async function refreshBalance(ctx: AppContext, channel: ChannelRow): Promise<number> {
  const balance = await fetchBalance(ctx.relay.upstream, channel);
  await ctx.db.updateTable('channels').set({ balance, balance_updated_time: nowSeconds() }).where('id', '=', channel.id).execute();
  return balance;
}

/**
 * /api/channel/test and /api/channel/update_balance. The console reads `time`, `model` and `balance` at the
 * top level of these answers (one-api's shape), so they are sent beside success and message.
 */
const doc = describeRoutes({ tag: 'Channels', auth: 'admin', answer: 'json' });

export const channelHealthRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));
  const channelOf = (params: unknown) => findChannel(ctx.db, idParamOf(params, 'channel.id_invalid'));

  app.get('/test', doc('Start testing every channel (`?scope=disabled`: the disabled ones)', { description: 'Answers `{success, message}` at once; the tests run in the background, one cluster-wide run at a time.' }), async (request) => {
    const scope = queryText(request.query, 'scope') === 'disabled' ? 'disabled' : 'all';
    let started: boolean;
    try {
      started = await channelTestRunner(ctx).start(scope, 'console');
    } catch (error) {
      // Only the cluster lock can fail here (Redis down): say so rather than answer a bare 500.
      request.log.error({ err: error }, 'channel test lock unavailable');
      return { success: false, message: say(request, message('channel.test_lock_unavailable', { detail: (error as Error).message })) };
    }
    if (!started) return { success: false, message: say(request, message('channel.test_running')) };
    return { success: true, message: say(request, message('channel.test_started')) };
  });

  app.get('/test/:id', doc('Test a channel with one request (`?model=` to choose the model)', { description: 'Answers `{success, message, time, model}`: the seconds the request took.' }), async (request) => {
    const channel = await channelOf(request.params);
    if (!channel) return { success: false, message: say(request, message('channel.not_found')), time: 0, model: '' };
    const { text, ...result } = await testChannel(ctx, channel, queryText(request.query, 'model'));
    // one-api sent `modelName`; its console reads `model`. Both are sent.
    return { ...result, message: say(request, text), modelName: result.model };
  });

  app.get('/update_balance/:id', doc('Ask the vendor for a channel\'s balance', { description: 'Answers `{success, message, balance}`.' }), async (request) => {
    const channel = await channelOf(request.params);
    if (!channel) return { success: false, message: say(request, message('channel.not_found')), balance: 0 };
    if (!balanceSupported(channel.type)) return { success: false, message: say(request, message('channel.balance_unsupported')), balance: channel.balance };
    try {
      return { success: true, message: '', balance: await refreshBalance(ctx, channel) };
    } catch (error) {
      const refusal = error instanceof ApiError ? error : new ApiError('channel.balance_failed', { detail: (error as Error).message });
      return { success: false, message: refusal.messageIn(languageOf(request)), balance: channel.balance };
    }
  });

  // one-api's version of this was a no-op; here every channel whose vendor reports a balance is refreshed.
  app.get('/update_balance', doc('Refresh the balance of every channel whose vendor reports one'), async (request) => {
    const channels = (await ctx.db.selectFrom('channels').selectAll().execute()).filter((c) => balanceSupported(c.type));
    let updated = 0;
    for (const channel of channels) {
      try {
        await refreshBalance(ctx, channel);
        updated += 1;
      } catch (error) {
        ctx.log.warn({ channelId: channel.id, err: error }, 'balance update failed');
      }
    }
    return { success: true, message: say(request, message('channel.balances_updated', { updated, total: channels.length })), data: updated };
  });
};
