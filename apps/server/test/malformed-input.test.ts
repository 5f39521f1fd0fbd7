import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '@tollgate/contract';
import { insertToken } from '../src/modules/tokens/tokens.repository.js';
import { databaseKinds } from './databases.js';
import { FakeOpenAI } from './fake-openai.js';
import { BAD_VALUES, PATH_VALUES, QUERIES, RAW_BODIES, fieldCases, type BodyCase } from './malformed-inputs.js';
import { apiTargets, FUZZ_MODELS, relayTargets, type FuzzIds, type Target } from './malformed-targets.js';
import { buildTestApp, loginRoot, type TestApp } from './test-app.js';
import { addUser } from './users.js';

/**
 * Bad input never makes a server error. Every route that takes input (listed by Fastify as it registers
 * them, so a new route is covered without a change here) gets malformed bodies, wrong-typed fields,
 * odd content types, broken query strings and path parameters, as root on /api and with an API key on the
 * relay; no answer may be a 5xx, and the server must serve normally afterwards.
 */

const FUZZED_PREFIXES = ['/api/', '/v1/', '/v1beta/', '/v2/', '/dashboard/'];
const FUZZED_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH']);
/**
 * The relay's designed 503: a model a channel serves without a price. A fuzzed model name, or a channel the
 * fuzzed /api created for one, meets it by design. (A model no channel serves is a 404.)
 */
const MODEL_UNAVAILABLE = /has no price: an administrator can set one/;
/** Requests in flight at once: a few, as real clients send them, which is how the concurrency 500s were found. */
const CONCURRENCY = 4;
/** Field names the /api routes read, for routes with no valid request in malformed-targets.ts. */
const GENERIC_BASE = { id: 1, name: 'x', username: 'x', key: 'x', type: 1, status: 1, quota: 1, group: 'default', models: 'x', value: 'x' };

interface Case {
  route: string;
  input: string;
  request: InjectOptions;
}

/** The URL with each `:param` and `*` of the route replaced by `value`. */
const fill = (url: string, value: string) => url.replace(/:[^/]+/g, value).replace(/\*/g, value);
const withQuery = (url: string, query: string) => (url.includes('?') ? `${url}&${query.slice(1)}` : `${url}${query}`);

function casesOf(route: string, targets: Target[]): Case[] {
  const [method = 'GET', pattern = ''] = route.split(' ');
  const url = targets[0]?.url ?? fill(pattern, '987654');
  const send = (input: string, to: string, body?: BodyCase): Case => ({
    route,
    input,
    request: { method: method as 'GET', url: to, ...(body?.payload === undefined ? {} : { payload: body.payload }), headers: body?.contentType ? { 'content-type': body.contentType } : {} },
  });
  const cases = QUERIES.map(([name, query]) => send(`query: ${name}`, withQuery(url, query)));
  if (pattern.includes(':') || pattern.includes('*')) cases.push(...PATH_VALUES.map(([name, value]) => send(`path: ${name}`, fill(pattern, value))));
  if (method === 'GET') return cases;
  cases.push(...RAW_BODIES.map((body) => send(`body: ${body.name}`, url, body)));
  cases.push(...BAD_VALUES.map(([name, value]) => send(`body: every field = ${name}`, url, { name, payload: JSON.stringify(Object.fromEntries(Object.keys(GENERIC_BASE).map((key) => [key, value]))), contentType: 'application/json' })));
  for (const target of targets) cases.push(...fieldCases(target.base).map((body) => send(`${target.url}: ${body.name}`, target.url, body)));
  return cases;
}

describe.each(databaseKinds)('malformed input on %s', (kind) => {
  const registered = new Set<string>();
  const upstream = new FakeOpenAI('fuzz');
  let t: TestApp;
  let rootCookie: string;
  let relayKey: string;
  let ids: FuzzIds;

  const inject = async (request: InjectOptions) => {
    const auth = String(request.url).startsWith('/api/') ? { cookie: rootCookie } : { authorization: `Bearer sk-${relayKey}` };
    return t.app.inject({ ...request, headers: { ...auth, ...request.headers } });
  };
  const created = async (request: InjectOptions): Promise<unknown> => {
    const body = (await inject(request)).json<{ success: boolean; message: string; data: unknown }>();
    if (!body.success) throw new Error(`${request.method} ${request.url}: ${body.message}`);
    return body.data;
  };

  beforeAll(async () => {
    await upstream.start();
    const env = { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', ...(process.env.TEST_REDIS_URL ? { REDIS_CONN_STRING: process.env.TEST_REDIS_URL } : {}) };
    t = await buildTestApp(kind, env, {
      onRoute: ({ method, url }) => {
        if (FUZZED_METHODS.has(method) && FUZZED_PREFIXES.some((prefix) => url.startsWith(prefix))) registered.add(`${method} ${url.replace(/\/$/, '')}`);
      },
    });
    rootCookie = await loginRoot(t.app);
    const channel = { type: 1, key: 'upstream-key', base_url: upstream.baseUrl, group: 'default' };
    await created({ method: 'POST', url: '/api/channel/', payload: { ...channel, name: 'relay', models: FUZZ_MODELS.join(','), priority: 100 } });
    const channelId = Number(await created({ method: 'POST', url: '/api/channel/', payload: { ...channel, name: 'fuzzed', models: 'gpt-4o-mini', priority: -1 } }));
    // The relay's key belongs to a user of its own, so the fuzzed /api token routes (as root) cannot touch it.
    const relayUser = await addUser(t, 'fuzz-relay', { quota: 1e9 });
    relayKey = `fuzzrelaykey${'x'.repeat(36)}`;
    await insertToken(t.ctx.db, t.ctx.dialect, { userId: relayUser.id, name: 'relay', unlimitedQuota: true, key: relayKey });
    const fuzzUser = await addUser(t, 'fuzz-user', { role: Role.Common, quota: 1000 });
    await created({ method: 'POST', url: '/api/token/', payload: { name: 'fuzzed', unlimited_quota: true } });
    const tokens = (await created({ method: 'GET', url: '/api/token/' })) as { id: number }[];
    await created({ method: 'POST', url: '/api/redemption/', payload: { name: 'fuzzed', quota: 1, count: 1 } });
    const codes = (await created({ method: 'GET', url: '/api/redemption/' })) as { id: number }[];
    ids = { userId: fuzzUser.id, tokenId: tokens[0]?.id ?? 0, channelId, redemptionId: codes[0]?.id ?? 0, upstreamUrl: upstream.baseUrl };
  });
  afterAll(async () => {
    await t.close();
    await upstream.stop();
  });

  it('answers every malformed request below 500, and serves normally afterwards', async () => {
    const targets = [...apiTargets(ids), ...relayTargets()];
    // Routes that refuse everything (OpenAI endpoints one-api does not implement: 501) take no input.
    const routes: string[] = [];
    for (const route of [...registered].sort()) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      const probe = await inject({ method: method as 'GET', url: fill(pattern, '987654') });
      if (!(probe.statusCode === 501 && probe.body.includes('api_not_implemented'))) routes.push(route);
    }
    const cases = routes.flatMap((route) => casesOf(route, targets.filter((target) => target.route === route)));
    expect(routes.length).toBeGreaterThan(80);
    expect(targets.every((target) => routes.includes(target.route)), 'every target names a registered route').toBe(true);

    const failures: string[] = [];
    const queue = cases.values();
    // A few requests at a time, as clients send them: the password hashing of the sign-in cases overlaps the rest.
    const sender = async () => {
      for (const { route, input, request } of queue) {
        const response = await inject(request);
        const designed = response.statusCode === 503 && MODEL_UNAVAILABLE.test(response.body);
        if (response.statusCode >= 500 && !designed) failures.push(`${route} [${input}] -> ${response.statusCode} ${response.body.slice(0, 300)}`);
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, sender));
    expect(failures).toEqual([]);
    console.log(`malformed input on ${kind}: ${cases.length} requests over ${routes.length} routes, no server error`);

    // Still serving: root's session, a login, and a relayed chat.
    expect((await inject({ method: 'GET', url: '/api/user/self' })).json()).toMatchObject({ success: true, data: { username: 'root' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/user/login', payload: { username: 'root', password: '123456' } })).json()).toMatchObject({ success: true });
    const chat = await inject({ method: 'POST', url: '/v1/chat/completions', payload: { model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'still there?' }] } });
    expect(chat.statusCode).toBe(200);
    expect(chat.json()).toMatchObject({ object: 'chat.completion' });
    // The timeout: some 9,000 requests take about 10 s of CPU; the rest is room for a loaded machine.
  }, 180_000);
});
