import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { upgradedOneApiDatabase, versionsAndKinds, type UpgradedDatabase } from '../../test/one-api-v0.6-database.js';
import { ALICE_PASSWORD, ROOT_PASSWORD } from '../../test/one-api-v0.6-rows.js';
import { tableRows } from '../../test/schema-snapshot.js';
import { login } from '../../test/test-app.js';

/**
 * Editing one-api's rows in Tollgate's console keeps what was in them: the console reads a row, changes one
 * field and sends the form back, and every other column (empty strings, one-api's deprecated `other`,
 * balances, priorities) stays as one-api left it. A NULL may come back as '' or 0: Tollgate's forms have no
 * NULL, and one-api reads a NULL in those columns (its pointer fields: base URL, model mapping, weight,
 * priority, key models and subnet; its config) as empty or 0 all the same.
 */
describe.each(versionsAndKinds(databaseKinds))('editing the rows of a one-api %s database on %s', (version, kind) => {
  let t: UpgradedDatabase;
  let root: string;

  beforeAll(async () => {
    t = await upgradedOneApiDatabase(version, kind);
    root = await login(t.app, 'root', ROOT_PASSWORD);
  });
  afterAll(() => t?.close());

  /** GET the item as the console does, change `changes`, PUT it back; answers the stored rows before and after. */
  async function roundTrip(table: string, id: number, getUrl: string, putUrl: string, cookie: string, changes: Record<string, unknown>) {
    const before = (await tableRows(t.db, table)).find((row) => row.id === id);
    const item = (await t.app.inject({ method: 'GET', url: getUrl, headers: { cookie } })).json<{ success: boolean; data: Record<string, unknown> }>();
    expect(item, getUrl).toMatchObject({ success: true });
    const saved = await t.app.inject({ method: 'PUT', url: putUrl, headers: { cookie }, payload: { ...item.data, ...changes } });
    expect(saved.json(), saved.body).toMatchObject({ success: true });
    const after = (await tableRows(t.db, table)).find((row) => row.id === id);
    return { before: before && after ? { ...before, ...emptiedNulls(before, after) } : before, after };
  }

  /** The columns that were NULL and are now '' or 0, with their new value. */
  const emptiedNulls = (before: Record<string, unknown>, after: Record<string, unknown>) =>
    Object.fromEntries(Object.entries(after).filter(([column, value]) => before[column] === null && (value === '' || value === 0)));

  it.each([1, 2, 3])('keeps every other column of channel %i when its name is changed', async (id) => {
    const { before, after } = await roundTrip('channels', id, `/api/channel/${id}`, '/api/channel/', root, { name: `renamed-${id}` });
    expect(after).toEqual({ ...before, name: `renamed-${id}` });
  });

  it("keeps every other column of a user's key when its name is changed", async () => {
    const alice = await login(t.app, 'alice', ALICE_PASSWORD);
    const { before, after } = await roundTrip('tokens', 1, '/api/token/1', '/api/token/', alice, { name: 'renamed-key' });
    expect(after).toEqual({ ...before, name: 'renamed-key' });
  });

  it('keeps every other column of a user an admin renames', async () => {
    const { before, after } = await roundTrip('users', 3, '/api/user/3', '/api/user/', root, { display_name: 'Bob', password: '' });
    expect(after).toEqual({ ...before, display_name: 'Bob' });
  });

  it('keeps every other column of a redemption code when its name is changed', async () => {
    const { before, after } = await roundTrip('redemptions', 1, '/api/redemption/1', '/api/redemption/', root, { name: 'renamed-code' });
    expect(after).toEqual({ ...before, name: 'renamed-code' });
  });
});
