import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseKinds } from './databases.js';
import { buildTestApp, loginRoot, NO_RATE_LIMITS, type TestApp } from './test-app.js';

type Operation = { summary?: string; tags?: string[]; 'x-undescribed'?: string; 'x-auth-level'?: string; requestBody?: { content: Record<string, { schema: Schema }> } };
type Schema = { required?: string[]; properties?: Record<string, unknown>; $ref?: string };
type OpenApi = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, Schema> }; 'x-hidden-routes': { url: string; methods: string[]; reason: string }[] };

const HOW_TO_DESCRIBE = `Describe each route where it is registered, with the describer of its routes file (apps/server/src/http/openapi/route-description.ts):

  const doc = describeRoutes({ tag: 'Keys', auth: 'user' });      // once per routes file; tags: http/openapi/openapi-tags.ts
  app.post('/', doc('Create a key', { body: CreateTokenRequestSchema }), handler);
  app.get('/:id', doc('Read a key', { data: SomeZodSchema }), handler);   // query/params/body: the zod schemas the service parses with
  direct.postOn(app, '/rerank', openAIProtocol, handler, doc('Rerank documents', { answer: 'json' }));

or leave it out of the document, saying why: app.options('*', hiddenRoute('CORS preflight'), handler).
See docs/api.md.`;

/** Fastify's `/api/token/:id` as the document writes it. */
const openApiPath = (url: string) => url.replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}').replace(/\*$/, '{path}');

describe.each(databaseKinds)('the OpenAPI document on %s', (kind) => {
  let t: TestApp;
  const registered: { method: string; url: string }[] = [];
  let document: OpenApi;

  beforeAll(async () => {
    t = await buildTestApp(kind, NO_RATE_LIMITS, { onRoute: (route) => registered.push(route) });
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    document = response.json<OpenApi>();
  });
  afterAll(() => t.close());

  /** `METHOD /path` of every operation in the document. */
  const documented = () => new Set(Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).filter((key) => !key.startsWith('x-') && key !== 'parameters').map((method) => `${method.toUpperCase()} ${path}`)));

  it('describes every route Fastify registered, with a summary and a tag', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ route: `${method.toUpperCase()} ${path}`, operation })));
    const undescribed = operations.filter(({ operation }) => operation['x-undescribed'] || !operation.summary || !operation.tags?.length).map(({ route, operation }) => operation['x-undescribed'] ?? route);
    expect(undescribed, `These routes have no description.\n${HOW_TO_DESCRIBE}\n`).toEqual([]);
  });

  it('has a path and method for every registered route, and none that is not registered', () => {
    const paths = documented();
    // A route ending in `*` is written as the paths it stands for (Gemini's `{model}:generateContent`...) or `{path}`.
    const matches = (method: string, url: string, route: string) => {
      const [docMethod, docPath = ''] = route.split(' ');
      const stem = openApiPath(url);
      return docMethod === method && (url.endsWith('*') ? docPath.startsWith(stem.slice(0, -'{path}'.length)) : docPath === stem);
    };
    // Hidden on purpose (a CORS preflight, an endpoint that only answers 501): listed with the reason.
    const hidden = new Set(document['x-hidden-routes'].flatMap(({ url, methods, reason }) => (reason ? methods.map((method) => `${method} ${url}`) : [])));
    const missing = registered.filter(({ method, url }) => !hidden.has(`${method} ${url}`) && ![...paths].some((route) => matches(method, url, route)));
    expect(missing.map(({ method, url }) => `${method} ${url}`), `Registered but missing from the document.\n${HOW_TO_DESCRIBE}\n`).toEqual([]);
    const unserved = [...paths].filter((route) => !registered.some(({ method, url }) => matches(method, url, route)));
    expect(unserved, 'In the document but not registered').toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(structuredClone(document) as unknown as Parameters<Validator["validate"]>[0]);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('covers the console API and the relay, and the auth level of each', () => {
    const paths = documented();
    for (const route of ['POST /api/token', 'GET /api/token/{id}', 'POST /v1/chat/completions', 'POST /v1/messages', 'POST /v1/responses', 'POST /v1beta/models/{model}:generateContent', 'GET /api/openapi.json']) expect(paths).toContain(route);
    expect(document.paths['/api/token']?.post?.['x-auth-level']).toBe('user');
    expect(document.paths['/api/option']?.put?.['x-auth-level']).toBe('admin');
    expect(document.paths['/api/config/export']?.get?.['x-auth-level']).toBe('root');
    expect(document.paths['/v1/chat/completions']?.post?.['x-auth-level']).toBe('key');
  });

  it('is cacheable and answers 304 to its own ETag', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(first.headers['cache-control']).toMatch(/^public/);
    const again = await t.app.inject({ method: 'GET', url: '/api/openapi.json', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('serves the reference page from bundled files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('/api/docs/swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/https?:\/\//);
    for (const asset of ['swagger-ui-bundle.js', 'swagger-ui.css', 'init.js']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect(response.statusCode, asset).toBe(200);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/init.js' })).body).toContain('/api/openapi.json');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/..%2Fpackage.json' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/docs/index.html' })).statusCode).toBe(404);
    for (const name of ['__proto__', 'constructor', 'toString']) expect((await t.app.inject({ method: 'GET', url: `/api/docs/${name}` })).statusCode, name).toBe(404);
  });

  /** The key form's body, listed under the contract's name for it. */
  const tokenBody = () => {
    const body = document.paths['/api/token']?.post?.requestBody?.content['application/json']?.schema;
    expect(body?.$ref).toBe('#/components/schemas/CreateTokenRequest');
    return document.components.schemas.CreateTokenRequest;
  };

  it('describes what the service really refuses: a key without a name', async () => {
    const schema = tokenBody();
    expect(schema?.required).toContain('name');
    const cookie = await loginRoot(t.app);
    // one-api's answer to a business refusal: HTTP 200, success false, the message naming the field.
    const refused = await t.app.inject({ method: 'POST', url: '/api/token', headers: { cookie, 'accept-language': 'en' }, payload: { remain_quota: 5 } });
    expect(refused.json()).toMatchObject({ success: false, message: 'the token name must not be empty' });
    const accepted = await t.app.inject({ method: 'POST', url: '/api/token', headers: { cookie }, payload: { name: 'described' } });
    expect(accepted.json()).toMatchObject({ success: true });
  });

  it('describes a number field\'s range as the service refuses it (400 naming the field)', async () => {
    const schema = tokenBody();
    expect(schema?.properties?.remain_quota).toMatchObject({ type: 'integer', minimum: 0 });
    const cookie = await loginRoot(t.app);
    const refused = await t.app.inject({ method: 'POST', url: '/api/token', headers: { cookie }, payload: { name: 'negative', remain_quota: -1 } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ success: false, field: 'remain_quota' });
  });
});

