import bcrypt from 'bcryptjs';
import { Role, UserStatus } from '@tollgate/contract';
import type { UserRow } from '../src/db/schema.js';
import { insertUser } from '../src/modules/users/users.repository.js';
import { login, type TestApp } from './test-app.js';

export const TEST_PASSWORD = 'password123';
// One hash for every fixture user: bcrypt at cost 10 per user would make role-heavy tests slow.
const passwordHash = bcrypt.hashSync(TEST_PASSWORD, 10);

/** A user written straight to the database (role, quota... as given), signed in when `signIn` is set. */
export async function addUser(t: TestApp, username: string, fields: Partial<Omit<UserRow, 'id'>> = {}): Promise<UserRow> {
  const id = await insertUser(t.ctx.db, t.ctx.dialect, {
    username,
    password: passwordHash,
    display_name: username,
    role: Role.Common,
    status: UserStatus.Enabled,
    email: '',
    quota: 0,
    used_quota: 0,
    request_count: 0,
    group: 'default',
    ...fields,
  });
  return t.ctx.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A user of the given role and the session cookie to act as them. */
export async function signedInUser(t: TestApp, username: string, role: number = Role.Common): Promise<{ user: UserRow; cookie: string }> {
  const user = await addUser(t, username, { role });
  return { user, cookie: await login(t.app, username, TEST_PASSWORD) };
}
