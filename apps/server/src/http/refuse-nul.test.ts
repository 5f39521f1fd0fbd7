import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from '../../test/databases.js';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../test/test-app.js';

// PostgreSQL cannot store U+0000 in text: every database refuses it the same way, before the database sees it.
describe.each(databaseKinds)('a NUL character on %s', (kind) => {
  let t: TestApp;
  let root: string;

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS);
    root = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  it('in a JSON body of /api is a 400 that says so, and changes nothing', async () => {
    const before = t.ctx.options.str('Notice');
    const update = await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key: 'Notice', value: 'a\u0000b' } });
    expect(update.statusCode).toBe(400);
    expect(update.json()).toEqual({ success: false, message: 'text may not contain the NUL character (\\u0000)' });
    expect(t.ctx.options.str('Notice')).toBe(before);
    const named = await t.app.inject({ method: 'POST', url: '/api/token/', headers: { cookie: root }, payload: { name: 'ok', models: ['x\u0000'] } });
    expect(named.statusCode).toBe(400);
  });

  it('in a query string or path is a 400 on /api and on the relay, each in its own shape', async () => {
    const search = await t.app.inject({ method: 'GET', url: '/api/user/search?keyword=a%00', headers: { cookie: root } });
    expect(search.statusCode).toBe(400);
    expect(search.json()).toMatchObject({ success: false, message: /NUL character/ });
    const openai = await t.app.inject({ method: 'GET', url: '/v1/responses/resp_%00', headers: { authorization: 'Bearer sk-anything' } });
    expect(openai.statusCode).toBe(400);
    expect(openai.json()).toMatchObject({ error: { message: /NUL character/ } });
    const gemini = await t.app.inject({ method: 'GET', url: '/v1beta/models?key=%00' });
    expect(gemini.statusCode).toBe(400);
    expect(gemini.json()).toMatchObject({ error: { code: 400, message: /NUL character/ } });
  });

  it('is not confused with an escaped backslash or other text', async () => {
    const update = await t.app.inject({ method: 'PUT', url: '/api/option/', headers: { cookie: root }, payload: { key: 'Notice', value: 'a\\u0000 %0 ☃' } });
    expect(update.json()).toMatchObject({ success: true });
    expect(t.ctx.options.str('Notice')).toBe('a\\u0000 %0 ☃');
  });
});
