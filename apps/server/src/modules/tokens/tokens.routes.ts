import type { FastifyPluginAsync } from 'fastify';
import { CreateTokenRequestSchema, TOKEN_ORDERS, TokenMessages, UpdateTokenRequestSchema, type TokenOrder } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireUser } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { flagOf, idParamOf, keywordOf, pageOf, queryText } from '../../http/query.js';
import { keyLimitStatus } from '../rate-limits/rate-limit-status.js';
import { toTokenView } from './token-view.js';
import * as repo from './tokens.repository.js';
import * as service from './tokens.service.js';

const orderOf = (query: unknown): TokenOrder => TOKEN_ORDERS.find((order) => order === queryText(query, 'order')) ?? '';
const tokenIdOf = (params: unknown) => idParamOf(params, TokenMessages.idInvalid);

const doc = describeRoutes({ tag: 'Keys', auth: 'user' });

/** /api/token: the caller's own relay keys. Every route is scoped to the signed-in user. */
export const tokenRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  app.addHook('preHandler', requireUser(ctx));

  app.get('/', doc('List your keys', { description: 'A page at a time: `?p=` from 0, `?order=`.' }), async (request) => {
    const rows = await repo.listUserTokens(ctx.db, currentUser(request).id, pageOf(request.query), orderOf(request.query));
    return ok(rows.map(toTokenView));
  });

  app.get('/search', doc('Search your keys by `?keyword=`'), async (request) => ok((await repo.searchUserTokens(ctx.db, currentUser(request).id, keywordOf(request.query))).map(toTokenView)));

  app.get('/:id', doc('Read a key'), async (request) => ok(await service.getToken(ctx, currentUser(request).id, tokenIdOf(request.params))));

  // The key's rate limits and their use right now, and its budget's spend this period (the key form shows them).
  app.get('/:id/limits', doc('A key\'s rate limits and budget, and their use right now'), async (request) => {
    const token = await service.getToken(ctx, currentUser(request).id, tokenIdOf(request.params));
    return ok(await keyLimitStatus(ctx, token));
  });

  app.post('/', doc('Create a key', { body: CreateTokenRequestSchema }), async (request) => ok(await service.createToken(ctx, currentUser(request).id, request.body)));

  // The reply carries the token: the list reads `data.status` after toggling.
  app.put('/', doc('Update a key', { body: UpdateTokenRequestSchema, description: 'With `?status_only=1` the body is `{id, status}` and only the status changes.' }), async (request) => {
    const userId = currentUser(request).id;
    return ok(flagOf(request.query, 'status_only') ? await service.setTokenStatus(ctx, userId, request.body) : await service.updateToken(ctx, userId, request.body));
  });

  app.delete('/:id', doc('Delete a key'), async (request) => {
    await service.deleteToken(ctx, currentUser(request).id, tokenIdOf(request.params));
    return ok(undefined);
  });
};
