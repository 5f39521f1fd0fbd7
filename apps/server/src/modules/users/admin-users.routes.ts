import type { FastifyPluginAsync } from 'fastify';
import { AdminUserMessages, USER_ORDERS, type UserOrder } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { idParamOf, keywordOf, pageOf, queryText } from '../../http/query.js';
import { userLimitStatus } from '../rate-limits/rate-limit-status.js';
import * as service from './admin-users.service.js';
import { manageUser } from './manage-user.service.js';

const orderOf = (query: unknown): UserOrder => USER_ORDERS.find((order) => order === queryText(query, 'order')) ?? '';
const userIdOf = (params: unknown) => idParamOf(params, AdminUserMessages.idInvalid);

/** /api/user (admin): the user list, search, add, edit, manage and delete of the console. */
export const adminUserRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const admin = { preHandler: requireAdmin(ctx) };

  app.get('/', admin, async (request) => ok(await service.listUsers(ctx, pageOf(request.query), orderOf(request.query))));

  app.get('/search', admin, async (request) => ok(await service.searchUsers(ctx, keywordOf(request.query))));

  app.get('/:id', admin, async (request) => ok(await service.getUser(ctx, currentUser(request), userIdOf(request.params))));

  // The user's rate limits in force (own, or the group's default if tighter) and their use right now.
  app.get('/:id/limits', admin, async (request) => {
    const user = await service.getUser(ctx, currentUser(request), userIdOf(request.params));
    return ok(await userLimitStatus(ctx, user.id, user.group, user));
  });

  app.post('/', admin, async (request) => {
    await service.createUser(ctx, request.body);
    return ok(undefined);
  });

  app.put('/', admin, async (request) => {
    await service.updateUser(ctx, currentUser(request), request.body);
    return ok(undefined);
  });

  app.post('/manage', admin, async (request) => ok(await manageUser(ctx, currentUser(request), request.body)));

  // one-api answered nothing on success here; Tollgate answers the envelope like every other route.
  app.delete('/:id', admin, async (request) => {
    await service.deleteUser(ctx, currentUser(request), userIdOf(request.params));
    return ok(undefined);
  });
};
