import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, NO_RATE_LIMITS, loginRoot, type TestApp } from '../../test/test-app.js';

// Scripts written for one-api send `Content-Type: application/json` on every call, with or without a body.
describe('an empty body that says it is JSON', () => {
  let t: TestApp;
  let root: string;
  const json = (cookie: string) => ({ cookie, 'content-type': 'application/json' });

  beforeAll(async () => {
    t = await buildTestApp('sqlite', NO_RATE_LIMITS);
    root = await loginRoot(t.app);
  });
  afterAll(() => t.close());

  it('is no body on /api: a log purge and a GET go through', async () => {
    const purge = await t.app.inject({ method: 'DELETE', url: '/api/log/?target_timestamp=1', headers: json(root), payload: '' });
    expect(purge.statusCode).toBe(200);
    expect(purge.json()).toMatchObject({ success: true });
    const self = await t.app.inject({ method: 'GET', url: '/api/user/self', headers: json(root), payload: '' });
    expect(self.json()).toMatchObject({ success: true, data: { username: 'root' } });
  });

  it('is a clear refusal where a body is required, and changes nothing', async () => {
    const update = await t.app.inject({ method: 'PUT', url: '/api/option/', headers: json(root), payload: '' });
    expect(update.statusCode).toBeLessThan(500);
    expect(update.json()).toMatchObject({ success: false });
  });

  it('still refuses malformed JSON with a 400 that says so', async () => {
    const before = t.ctx.options.str('TopUpLink');
    const update = await t.app.inject({ method: 'PUT', url: '/api/option/', headers: json(root), payload: '{"key":"TopUpLink",' });
    expect(update.statusCode).toBe(400);
    expect(update.json<{ message: string }>().message).toMatch(/JSON/i);
    expect(t.ctx.options.str('TopUpLink')).toBe(before);
  });

  it('refuses prototype poisoning as Fastify does', async () => {
    const update = await t.app.inject({ method: 'PUT', url: '/api/option/', headers: json(root), payload: '{"__proto__":{"admin":true},"key":"TopUpLink","value":"x"}' });
    expect(update.statusCode).toBe(400);
  });

  it('is no body on /v1 routes that take none', async () => {
    const models = await t.app.inject({ method: 'GET', url: '/v1/models', headers: { 'content-type': 'application/json', authorization: 'Bearer sk-unknown' }, payload: '' });
    // Refused for the key, not for the body.
    expect(models.statusCode).toBe(401);
    expect(models.json<{ error: { message: string } }>().error.message).not.toMatch(/body/i);
  });
});
