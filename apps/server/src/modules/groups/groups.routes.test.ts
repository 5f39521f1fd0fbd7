import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('the models of a group on %s', (kind) => {
  let t: TestApp;
  let root: string;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
    const ability = (group: string, model: string, channelId: number, enabled: boolean) => ({ group, model, channel_id: channelId, enabled, priority: 0 });
    await t.ctx.db
      .insertInto('abilities')
      .values([ability('default', 'gpt-4o', 1, true), ability('default', 'gpt-4o', 2, true), ability('default', 'claude-3-opus', 1, false), ability('vip', 'gemini-1.5-pro', 3, true), ability('vip', 'gpt-4o', 3, true)])
      .execute();
  });
  afterAll(() => t.close());

  const get = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: { cookie: root } });
    return { body: response.json<{ success: boolean; data?: unknown }>() };
  };

  it('lists the models the enabled channels of the group serve, once each, sorted', async () => {
    expect((await get('/api/group/models?group=default')).body).toEqual({ success: true, message: '', data: ['gpt-4o'] });
    expect((await get('/api/group/models?group=vip')).body.data).toEqual(['gemini-1.5-pro', 'gpt-4o']);
    expect((await get('/api/group/models?group=nobody')).body.data).toEqual([]);
  });

  it('lists the models of every group for *, the group of rules that apply to all', async () => {
    expect((await get(`/api/group/models?group=${encodeURIComponent('*')}`)).body.data).toEqual(['gemini-1.5-pro', 'gpt-4o']);
  });

  it('refuses a request without a group, naming it', async () => {
    const answer = await get('/api/group/models?group=%20');
    expect(answer.body).toMatchObject({ success: false, message: expect.stringContaining('group is required') });
  });
});
