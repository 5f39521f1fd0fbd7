import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role, UserStatus } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser, signedInUser } from '../../../test/users.js';

describe.each(databaseKinds)('POST /api/user/manage on %s', (kind) => {
  let t: TestApp;
  let root: string;
  let admin: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    admin = (await signedInUser(t, 'manager', Role.Admin)).cookie;
  });
  afterAll(() => t.close());

  const manage = async (cookie: string, username: string, action: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/user/manage', headers: { cookie }, payload: { username, action } })).json<{ success: boolean; message: string; data?: unknown }>();
  const rowOf = (username: string) => t.ctx.db.selectFrom('users').select(['role', 'status']).where('username', '=', username).executeTakeFirst();

  it('disables and enables a common user, answering the new role and status', async () => {
    const { cookie } = await signedInUser(t, 'toggled');
    expect(await manage(admin, 'toggled', 'disable')).toEqual({ success: true, message: '', data: { role: Role.Common, status: UserStatus.Disabled } });
    // The user's existing session is refused at once.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } })).json()).toMatchObject({ success: false, message: 'user has been banned' });
    expect(await manage(admin, 'toggled', 'enable')).toEqual({ success: true, message: '', data: { role: Role.Common, status: UserStatus.Enabled } });
    expect((await t.app.inject({ method: 'GET', url: '/api/user/self', headers: { cookie } })).json().success).toBe(true);
  });

  it('lets only root promote, and refuses promoting an admin twice', async () => {
    await addUser(t, 'climber');
    expect(await manage(admin, 'climber', 'promote')).toEqual({ success: false, message: 'only the super administrator can promote users to administrator' });
    expect(await manage(root, 'climber', 'promote')).toEqual({ success: true, message: '', data: { role: Role.Admin, status: UserStatus.Enabled } });
    expect(await rowOf('climber')).toEqual({ role: Role.Admin, status: UserStatus.Enabled });
    expect(await manage(root, 'climber', 'promote')).toEqual({ success: false, message: 'this user is already an administrator' });
  });

  it('demotes an admin (root only, since admins cannot touch peers) and refuses demoting a common user', async () => {
    await addUser(t, 'fallen', { role: Role.Admin });
    expect(await manage(root, 'fallen', 'demote')).toEqual({ success: true, message: '', data: { role: Role.Common, status: UserStatus.Enabled } });
    expect(await manage(root, 'fallen', 'demote')).toEqual({ success: false, message: 'this user is already a common user' });
  });

  it('refuses an admin managing another admin or root, for every action', async () => {
    await addUser(t, 'otheradmin', { role: Role.Admin });
    for (const action of ['disable', 'enable', 'delete', 'promote', 'demote']) {
      expect(await manage(admin, 'otheradmin', action)).toEqual({ success: false, message: 'no permission to manage a user of equal or higher role' });
      expect(await manage(admin, 'root', action)).toEqual({ success: false, message: 'no permission to manage a user of equal or higher role' });
    }
    expect(await rowOf('otheradmin')).toEqual({ role: Role.Admin, status: UserStatus.Enabled });
    // Root may manage an admin.
    expect((await manage(root, 'otheradmin', 'disable')).success).toBe(true);
  });

  it('never disables, deletes or demotes root, even when root asks', async () => {
    expect(await manage(root, 'root', 'disable')).toEqual({ success: false, message: 'the super administrator cannot be disabled' });
    expect(await manage(root, 'root', 'delete')).toEqual({ success: false, message: 'the super administrator cannot be deleted' });
    expect(await manage(root, 'root', 'demote')).toEqual({ success: false, message: 'the super administrator cannot be demoted' });
    expect(await rowOf('root')).toEqual({ role: Role.Root, status: UserStatus.Enabled });
  });

  it('deletes softly: the name is freed and the user is gone from the list', async () => {
    await addUser(t, 'leaving');
    expect(await manage(admin, 'leaving', 'delete')).toEqual({ success: true, message: '', data: { role: Role.Common, status: UserStatus.Deleted } });
    expect(await rowOf('leaving')).toBeUndefined();
    expect(await manage(admin, 'leaving', 'enable')).toEqual({ success: false, message: 'user not found' });
  });

  it('refuses an unknown action and an unknown user', async () => {
    await addUser(t, 'target');
    expect(await manage(admin, 'target', 'explode')).toEqual({ success: false, message: 'action must be one of disable, enable, delete, promote, demote' });
    expect(await manage(admin, 'nobody-here', 'disable')).toEqual({ success: false, message: 'user not found' });
  });
});
