import type { FastifyPluginAsync } from 'fastify';
import { CHANNEL_TYPES, defaultModels } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { requireAdmin } from '../../http/auth.js';
import { ok } from '../../http/envelope.js';
import { fail } from '../../http/errors.js';
import { toChannelView } from './channel-view.js';
import * as repo from './channels.repository.js';
import * as service from './channels.service.js';

const pageOf = (query: unknown) => Math.max(0, Number((query as { p?: string }).p) || 0);
const idOf = (params: unknown) => {
  const id = Number((params as { id: string }).id);
  if (!Number.isInteger(id) || id <= 0) throw fail('invalid channel id');
  return id;
};

/** /api/channel (admin): the upstream credentials. Keys go in and are never sent back. */
export const channelRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', async (request) => ok((await repo.listChannels(ctx.db, pageOf(request.query))).map(toChannelView)));

  app.get('/search', async (request) => {
    const keyword = String((request.query as { keyword?: string }).keyword ?? '').trim();
    return ok((await repo.searchChannels(ctx.db, keyword)).map(toChannelView));
  });

  // OpenAI's list shape: one-api's channel form reads `data[].id` without checking success.
  app.get('/models', async () => {
    const names = [...new Set(CHANNEL_TYPES.flatMap((type) => defaultModels(type.id)))];
    return { success: true, message: '', object: 'list', data: names.map((id) => ({ id, object: 'model', created: 1626777600, owned_by: 'tollgate' })) };
  });

  app.get('/:id', async (request) => ok(await service.getChannel(ctx, idOf(request.params))));

  app.post('/', async (request) => {
    const ids = await service.createChannels(ctx, request.body);
    return ok(ids.length === 1 ? ids[0] : ids, `created ${ids.length} channel${ids.length === 1 ? '' : 's'}`);
  });

  app.put('/', async (request) => ok(await service.updateChannel(ctx, request.body)));

  app.delete('/disabled', async () => ok(await repo.deleteDisabledChannels(ctx.db)));

  app.delete('/:id', async (request) => {
    if (!(await repo.deleteChannel(ctx.db, idOf(request.params)))) throw fail('channel not found');
    return ok(undefined);
  });
};
