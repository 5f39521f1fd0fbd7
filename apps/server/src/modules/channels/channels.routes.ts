import type { FastifyPluginAsync } from 'fastify';
import { ChannelInputSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import type { ChannelRow } from '../../db/schema.js';
import { requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { fail } from '../../http/errors.js';
import { idParamOf, keywordOf, pageOf } from '../../http/query.js';
import { defaultModelLists } from '../models/default-model-lists.js';
import { toChannelView } from './channel-view.js';
import * as repo from './channels.repository.js';
import * as service from './channels.service.js';

const idOf = (params: unknown) => idParamOf(params, 'channel.id_invalid');

/** Each channel with its circuit breaker's state: a map lookup per row. */
const viewsOf = (ctx: AppContext, rows: ChannelRow[]) => rows.map((row) => toChannelView(row, ctx.relay.breakers.view(row.id)));

const doc = describeRoutes({ tag: 'Channels', auth: 'admin' });

/** /api/channel (admin): the upstream credentials. Keys go in and are never sent back. */
export const channelRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));
  // Every change is in this node's routing table before the answer leaves, and reaches the others at once.
  app.addHook('onSend', async (request, _reply, payload) => {
    if (request.method !== 'GET') await ctx.cacheSync.changed('channels');
    return payload;
  });

  app.get('/', doc('List channels', { description: 'A page at a time: `?p=` from 0. Keys are never sent back.' }), async (request) => ok(viewsOf(ctx, await repo.listChannels(ctx.db, pageOf(request.query)))));

  app.get('/search', doc('Search channels by `?keyword=`'), async (request) => {
    return ok(viewsOf(ctx, await repo.searchChannels(ctx.db, keywordOf(request.query))));
  });

  // OpenAI's list shape: one-api's channel form reads `data[].id` without checking success.
  app.get('/models', doc('Every model a channel type lists by default', { answer: 'json', description: 'OpenAI\'s list shape beside `success`: `{success, message, object: "list", data: [{id, object, created, owned_by}]}`.' }), async () => {
    const names = [...new Set(Object.values(defaultModelLists(ctx.relay.priceSources)).flat())];
    return { success: true, message: '', object: 'list', data: names.map((id) => ({ id, object: 'model', created: 1626777600, owned_by: 'tollgate' })) };
  });

  app.get('/:id', doc('Read a channel'), async (request) => ok(await service.getChannel(ctx, idOf(request.params))));

  app.post('/', doc('Create a channel (one per line of `key` with batch creation)', { body: ChannelInputSchema }), async (request) => {
    const ids = await service.createChannels(ctx, request.body);
    return ok(ids.length === 1 ? ids[0] : ids, `created ${ids.length} channel${ids.length === 1 ? '' : 's'}`);
  });

  app.put('/', doc('Update a channel', { body: ChannelInputSchema, description: 'The body carries the channel\'s `id`; an empty `key` keeps the stored one.' }), async (request) => ok(await service.updateChannel(ctx, request.body)));

  app.delete('/disabled', doc('Delete every disabled channel'), async () => ok(await repo.deleteDisabledChannels(ctx.db)));

  app.delete('/:id', doc('Delete a channel'), async (request) => {
    if (!(await repo.deleteChannel(ctx.db, idOf(request.params)))) throw fail('channel.not_found');
    return ok(undefined);
  });
};
