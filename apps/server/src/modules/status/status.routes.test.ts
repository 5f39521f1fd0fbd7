import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusSchema } from '@tollgate/contract';
import { databaseKinds } from '../../../test/databases.js';
import { buildTestApp, type TestApp } from '../../../test/test-app.js';

describe.each(databaseKinds)('public status and content on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('reports every status field with the option defaults', async () => {
    const body = (await t.app.inject({ method: 'GET', url: '/api/status' })).json();
    expect(body.success).toBe(true);
    const status = StatusSchema.strict().parse(body.data);
    expect(status).toMatchObject({ system_name: 'One API', quota_per_unit: 500000, display_in_currency: true, server_address: '', github_oauth: false });
    expect(status.version).toMatch(/^v\d+\.\d+\.\d+/);
    expect(status).toMatchObject({ github_base_url: 'https://github.com', lark_base_url: 'https://open.feishu.cn', oidc: false, oidc_authorization_endpoint: '' });
    expect(Math.abs(status.start_time - Date.now() / 1000)).toBeLessThan(120);
  });

  it('follows option changes', async () => {
    await t.ctx.options.set('SystemName', 'Tollgate Test');
    await t.ctx.options.set('ChatLink', 'https://chat.example.com');
    const status = (await t.app.inject({ method: 'GET', url: '/api/status' })).json().data;
    expect(status).toMatchObject({ system_name: 'Tollgate Test', chat_link: 'https://chat.example.com' });
  });

  it('gives the console the GitHub and Lark hosts to send the browser to', async () => {
    await t.ctx.options.set('GitHubBaseUrl', 'https://ghe.example.com');
    await t.ctx.options.set('LarkBaseUrl', 'https://open.larksuite.com');
    const status = (await t.app.inject({ method: 'GET', url: '/api/status' })).json().data;
    expect(status).toMatchObject({ github_base_url: 'https://ghe.example.com', lark_base_url: 'https://open.larksuite.com' });
  });

  it('returns notice, about and home page content as strings, empty by default', async () => {
    for (const path of ['notice', 'about', 'home_page_content']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/${path}` })).json()).toEqual({ success: true, message: '', data: '' });
    }
    await t.ctx.options.set('Notice', '# Maintenance tonight');
    await t.ctx.options.set('HomePageContent', 'https://example.com/home');
    expect((await t.app.inject({ method: 'GET', url: '/api/notice' })).json().data).toBe('# Maintenance tonight');
    expect((await t.app.inject({ method: 'GET', url: '/api/home_page_content' })).json().data).toBe('https://example.com/home');
  });

  it('keeps options written by this node after a reload from the database', async () => {
    await t.ctx.options.set('About', 'About us');
    await t.ctx.options.reload();
    expect(t.ctx.options.str('About')).toBe('About us');
    const stored = await t.ctx.db.selectFrom('options').select('value').where('key', '=', 'About').executeTakeFirst();
    expect(stored?.value).toBe('About us');
  });
});
