import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, type ConfigDocumentInput } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../../test/test-app.js';
import { addUser } from '../../../test/users.js';

type Envelope<T> = { success: boolean; message: string; data: T };

/** An import that writes leaves a management log row saying who imported what; one that writes nothing leaves none. */
describe.each(databaseKinds)('the trace of an import on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    await addUser(t, 'alice', { quota: 10 });
  });
  afterAll(() => t.close());

  const exported = async () => {
    const answer = await t.app.inject({ method: 'GET', url: '/api/config/export?keys=true', headers: { cookie: root } });
    return answer.json<Envelope<{ document: ConfigDocumentInput }>>().data.document;
  };
  const importDocument = async (document: object, query = '') => (await t.app.inject({ method: 'POST', url: `/api/config/import${query}`, headers: { cookie: root }, payload: document })).json<Envelope<unknown>>();
  const manageLogs = async () => {
    const answer = await t.app.inject({ method: 'GET', url: `/api/log/?type=${LogType.Manage}`, headers: { cookie: root } });
    return answer.json<Envelope<{ user_id: number; username: string; type: number; content: string }[]>>().data;
  };

  it('logs the administrator and the counts per section of an import that writes, and nothing for one that does not', async () => {
    const document = await exported();
    const changed = {
      ...document,
      channels: [{ name: 'traced', type: 1, key: 'sk-traced', models: ['gpt-4o'], groups: ['default'] }],
      prices: { ModelRatio: { 'gpt-4o': 2 } },
      options: { SystemName: 'Traced' },
      users: [{ username: 'alice', quota: 20 }],
    };
    expect(await importDocument(changed, '?dry_run=true')).toMatchObject({ success: true });
    expect(await importDocument({ ...changed, users: [{ username: 'nobody', quota: 1 }] })).toMatchObject({ success: false });
    expect(await manageLogs()).toEqual([]);

    expect(await importDocument(changed)).toMatchObject({ success: true, data: { applied: true } });
    const rootId = (await t.ctx.db.selectFrom('users').select('id').where('username', '=', 'root').executeTakeFirstOrThrow()).id;
    expect(await manageLogs()).toEqual([
      expect.objectContaining({
        user_id: rootId,
        username: 'root',
        type: LogType.Manage,
        content:
          'administrator root imported a configuration document: channels: 1 added, 0 changed, 0 removed; prices: 1 added, 0 changed, 0 removed; groups: 0 added, 0 changed, 0 removed; options: 0 added, 1 changed, 0 removed; users: 0 added, 1 changed, 0 removed',
      }),
    ]);

    // The same document again changes nothing, and leaves no second row.
    expect(await importDocument(changed)).toMatchObject({ success: true, data: { applied: false } });
    expect(await manageLogs()).toHaveLength(1);
    // Delete the channel this test created: the document without it removes it.
    expect(await importDocument({ ...changed, channels: [] })).toMatchObject({ success: true, data: { applied: true } });
    expect((await manageLogs())[0]?.content).toContain('channels: 0 added, 0 changed, 1 removed;');
  });
});
