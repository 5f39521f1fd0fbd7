import type { FastifyPluginAsync } from 'fastify';
import { CreateRedemptionRequestSchema, RedemptionMessages, UpdateRedemptionRequestSchema } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { flagOf, idParamOf, keywordOf, pageOf } from '../../http/query.js';
import { toRedemptionView } from './redemption-view.js';
import * as repo from './redemptions.repository.js';
import * as service from './redemptions.service.js';

const redemptionIdOf = (params: unknown) => idParamOf(params, RedemptionMessages.idInvalid);

const doc = describeRoutes({ tag: 'Redemption codes', auth: 'admin' });

/** /api/redemption (admin): top-up codes. Redeeming one is POST /api/user/topup (topup.routes.ts). */
export const redemptionRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireAdmin(ctx));

  app.get('/', doc('List redemption codes', { description: 'A page at a time: `?p=` from 0.' }), async (request) => ok((await repo.listRedemptions(ctx.db, pageOf(request.query))).map(toRedemptionView)));

  app.get('/search', doc('Search redemption codes by `?keyword=`'), async (request) => ok((await repo.searchRedemptions(ctx.db, keywordOf(request.query))).map(toRedemptionView)));

  app.get('/:id', doc('Read a redemption code'), async (request) => ok(await service.getRedemption(ctx, redemptionIdOf(request.params))));

  // data is the list of new codes, which the console offers as a text file.
  app.post('/', doc('Create redemption codes', { body: CreateRedemptionRequestSchema, description: 'Answers the new codes.' }), async (request) => ok(await service.createRedemptions(ctx, currentUser(request).id, request.body)));

  // The reply carries the code: the list reads `data.status` after toggling.
  app.put('/', doc('Update a redemption code', { body: UpdateRedemptionRequestSchema, description: 'With `?status_only=1` the body is `{id, status}` and only the status changes.' }), async (request) =>
    ok(flagOf(request.query, 'status_only') ? await service.setRedemptionStatus(ctx, request.body) : await service.updateRedemption(ctx, request.body)),
  );

  app.delete('/:id', doc('Delete a redemption code'), async (request) => {
    await service.deleteRedemption(ctx, redemptionIdOf(request.params));
    return ok(undefined);
  });
};
