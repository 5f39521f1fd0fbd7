import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, type TestApp } from '../../../test/test-app.js';
import { signedInUser } from '../../../test/users.js';
import { nowSeconds } from '../../lib/random.js';

const DAY = 86_400;
const dayText = (day: number) => new Date(day * DAY * 1000).toISOString().slice(0, 10);

describe.each(databaseKinds)('the user dashboard and available models on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
  });
  afterAll(() => t.close());

  const get = async (url: string, cookie: string) => (await t.app.inject({ method: 'GET', url, headers: { cookie } })).json<{ success: boolean; data: unknown }>();
  const addLog = (userId: number, createdAt: number, model: string, quota: number, type: number = LogType.Consume) =>
    t.ctx.db
      .insertInto('logs')
      .values({
        user_id: userId,
        created_at: createdAt,
        type,
        content: '',
        username: 'u',
        token_name: 'k',
        model_name: model,
        quota,
        prompt_tokens: quota * 2,
        completion_tokens: quota * 3,
        channel_id: 1,
        request_id: '',
        elapsed_time: 0,
        is_stream: false,
        system_prompt_reset: false,
      })
      .execute();

  it('sums my consume logs of the last 7 UTC days per day and model, oldest first', async () => {
    const me = await signedInUser(t, 'dasher');
    const other = await signedInUser(t, 'otherguy');
    const today = Math.floor(nowSeconds() / DAY);
    await addLog(me.user.id, today * DAY + 5, 'gpt-4o', 10);
    await addLog(me.user.id, today * DAY + 60, 'gpt-4o', 20);
    await addLog(me.user.id, today * DAY + 7, 'claude-3-haiku', 1);
    await addLog(me.user.id, (today - 6) * DAY, 'gpt-4o', 100); // first second of the window
    await addLog(me.user.id, (today - 6) * DAY - 1, 'gpt-4o', 1000); // last second before it
    await addLog(me.user.id, (today - 3) * DAY, 'gpt-4o', 5000, LogType.Topup);
    await addLog(other.user.id, today * DAY + 5, 'gpt-4o', 7);

    const answer = await get('/api/user/dashboard', me.cookie);
    expect(answer).toEqual({
      success: true,
      message: '',
      data: [
        { Day: dayText(today - 6), ModelName: 'gpt-4o', RequestCount: 1, Quota: 100, PromptTokens: 200, CompletionTokens: 300 },
        { Day: dayText(today), ModelName: 'claude-3-haiku', RequestCount: 1, Quota: 1, PromptTokens: 2, CompletionTokens: 3 },
        { Day: dayText(today), ModelName: 'gpt-4o', RequestCount: 2, Quota: 30, PromptTokens: 60, CompletionTokens: 90 },
      ],
    });
    expect((await get('/api/user/dashboard', other.cookie)).data).toEqual([
      { Day: dayText(today), ModelName: 'gpt-4o', RequestCount: 1, Quota: 7, PromptTokens: 14, CompletionTokens: 21 },
    ]);
  });

  it('lists the enabled models of every group of the user, once each, sorted', async () => {
    const ability = (group: string, model: string, channelId: number, enabled: boolean) => ({ group, model, channel_id: channelId, enabled, priority: 0 });
    await t.ctx.db
      .insertInto('abilities')
      .values([
        ability('default', 'gpt-4o', 1, true),
        ability('default', 'gpt-4o', 2, true),
        ability('default', 'claude-3-opus', 1, false),
        ability('vip', 'gemini-1.5-pro', 3, true),
        ability('svip', 'o1', 4, true),
      ])
      .execute();
    const plain = await signedInUser(t, 'plainuser');
    expect(await get('/api/user/available_models', plain.cookie)).toEqual({ success: true, message: '', data: ['gpt-4o'] });
    const multi = await signedInUser(t, 'multigroup');
    await t.ctx.db.updateTable('users').set({ group: 'default,vip' }).where('id', '=', multi.user.id).execute();
    expect((await get('/api/user/available_models', multi.cookie)).data).toEqual(['gemini-1.5-pro', 'gpt-4o']);
  });
});
