import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { readVersion } from '../../version.js';
import { openApiDocument } from './openapi-document.js';
import type { RouteCatalog } from './route-catalog.js';
import { describeRoutes } from './route-description.js';
import { DOCS_ASSETS, DOCS_INIT_SCRIPT, DOCS_PAGE } from './docs-page.js';

const doc = describeRoutes({ tag: 'API description', auth: 'public' });

/** The reference page's files are those of the installed swagger-ui-dist: they change with the release, so a day. */
const ASSET_MAX_AGE = 24 * 3600;
/** The document changes only with a release (or a restart that registers other routes). */
const DOCUMENT_MAX_AGE = 3600;

const swaggerUiDir = () => path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * GET /api/openapi.json: the OpenAPI 3.1 document, generated once from the routes Fastify registered
 * (`catalog`) when first asked, after every route is in; no secrets, so public and cacheable (with an ETag).
 * GET /api/docs: Swagger UI reading it, served from the swagger-ui-dist package: nothing is fetched from
 * elsewhere at run time.
 */
export const openApiRoutes = (catalog: RouteCatalog): FastifyPluginAsync => async (app) => {
  let served: { body: string; etag: string } | undefined;
  const document = () => {
    if (!served) {
      const body = JSON.stringify(openApiDocument(catalog.routes, { version: readVersion() }));
      served = { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
    }
    return served;
  };

  app.get('/openapi.json', doc('This OpenAPI 3.1 document', { answer: 'json', description: 'Generated from the routes the server registered; cacheable, with an ETag.' }), async (request, reply) => {
    const { body, etag } = document();
    reply.header('cache-control', `public, max-age=${DOCUMENT_MAX_AGE}`).header('etag', etag);
    if (request.headers['if-none-match'] === etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(body);
  });

  app.get('/docs', doc('The API reference page (Swagger UI)', { answer: 'html' }), async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(DOCS_PAGE),
  );

  const assets = new Map<string, Buffer>();
  app.get('/docs/:asset', doc('A file of the reference page', { answer: 'binary' }), async (request, reply) => {
    const { asset } = request.params as { asset: string };
    const type = DOCS_ASSETS.get(asset);
    if (!type) return reply.callNotFound();
    let content = assets.get(asset);
    if (!content) {
      content = asset === 'init.js' ? Buffer.from(DOCS_INIT_SCRIPT) : fs.readFileSync(path.join(swaggerUiDir(), asset));
      assets.set(asset, content);
    }
    return reply.header('cache-control', `public, max-age=${ASSET_MAX_AGE}`).type(type).send(content);
  });
};
