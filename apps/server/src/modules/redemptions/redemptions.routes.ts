import type { FastifyPluginAsync } from 'fastify';
import { RedemptionMessages } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { flagOf, idParamOf, keywordOf, pageOf } from '../../http/query.js';
import { toRedemptionView } from './redemption-view.js';
import * as repo from './redemptions.repository.js';
import * as service from './redemptions.service.js';

const redemptionIdOf = (params: unknown) => idParamOf(params, RedemptionMessages.idInvalid);

/** /api/redemption (admin): top-up codes. Redeeming one is POST /api/user/topup (topup.routes.ts). */
export const redemptionRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', async (request) => ok((await repo.listRedemptions(ctx.db, pageOf(request.query))).map(toRedemptionView)));

  app.get('/search', async (request) => ok((await repo.searchRedemptions(ctx.db, keywordOf(request.query))).map(toRedemptionView)));

  app.get('/:id', async (request) => ok(await service.getRedemption(ctx, redemptionIdOf(request.params))));

  // data is the list of new codes, which the console offers as a text file.
  app.post('/', async (request) => ok(await service.createRedemptions(ctx, currentUser(request).id, request.body)));

  // The reply carries the code: the list reads `data.status` after toggling.
  app.put('/', async (request) =>
    ok(flagOf(request.query, 'status_only') ? await service.setRedemptionStatus(ctx, request.body) : await service.updateRedemption(ctx, request.body)),
  );

  app.delete('/:id', async (request) => {
    await service.deleteRedemption(ctx, redemptionIdOf(request.params));
    return ok(undefined);
  });
};
