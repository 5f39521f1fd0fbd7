import type { FastifyPluginAsync } from 'fastify';
import { AdminUpdateUserRequestSchema, AdminUserMessages, CreateUserRequestSchema, ManageUserRequestSchema, USER_ORDERS, type UserOrder } from '@tollgate/contract';
import type { AppContext } from '../../context.js';
import { currentUser, requireAdmin } from '../auth/console-roles.js';
import { ok } from '../../http/envelope.js';
import { describeRoutes } from '../../http/openapi/route-description.js';
import { idParamOf, keywordOf, pageOf, queryText } from '../../http/query.js';
import { userLimitStatus } from '../rate-limits/rate-limit-status.js';
import * as service from './admin-users.service.js';
import { manageUser } from './manage-user.service.js';

const orderOf = (query: unknown): UserOrder => USER_ORDERS.find((order) => order === queryText(query, 'order')) ?? '';
const userIdOf = (params: unknown) => idParamOf(params, AdminUserMessages.idInvalid);

const doc = describeRoutes({ tag: 'Users', auth: 'admin' });

/** /api/user (admin): the user list, search, add, edit, manage and delete of the console. */
export const adminUserRoutes = (ctx: AppContext): FastifyPluginAsync => async (app) => {
  const guard = requireAdmin(ctx);
  const admin = (summary: string, more?: Parameters<typeof doc>[1]) => ({ preHandler: guard, ...doc(summary, more) });

  app.get('/', admin('List users', { description: 'A page at a time: `?p=` from 0, `?order=`.' }), async (request) => ok(await service.listUsers(ctx, pageOf(request.query), orderOf(request.query))));

  app.get('/search', admin('Search users by `?keyword=`'), async (request) => ok(await service.searchUsers(ctx, keywordOf(request.query))));

  app.get('/:id', admin('Read a user'), async (request) => ok(await service.getUser(ctx, currentUser(request), userIdOf(request.params))));

  // The user's rate limits in force (own, or the group's default if tighter) and their use right now, and the budget's spend this period.
  app.get('/:id/limits', admin('A user\'s rate limits and budget in force, and their use right now'), async (request) => {
    const user = await service.getUser(ctx, currentUser(request), userIdOf(request.params));
    return ok(await userLimitStatus(ctx, user.id, user.group, user));
  });

  app.post('/', admin('Create a user', { body: CreateUserRequestSchema }), async (request) => {
    await service.createUser(ctx, request.body);
    return ok(undefined);
  });

  app.put('/', admin('Update a user', { body: AdminUpdateUserRequestSchema }), async (request) => {
    await service.updateUser(ctx, currentUser(request), request.body);
    return ok(undefined);
  });

  app.post('/manage', admin('Enable, disable, delete, promote or demote a user', { body: ManageUserRequestSchema }), async (request) => ok(await manageUser(ctx, currentUser(request), request.body)));

  // one-api answered nothing on success here; Tollgate answers the envelope like every other route.
  app.delete('/:id', admin('Delete a user'), async (request) => {
    await service.deleteUser(ctx, currentUser(request), userIdOf(request.params));
    return ok(undefined);
  });
};
