import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

const ONE_WEEK_SECONDS = 7 * 24 * 3600;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

export type ConsoleIndex = (reply: FastifyReply) => FastifyReply;

/**
 * Serves the built console at `/`. index.html is never cached so a new release is picked up at once;
 * hashed assets are immutable; other files (logo, favicon) are kept a week, as one-api does.
 * Returns the sender of index.html for the history fallback, or undefined when no console was built.
 */
export async function registerConsole(app: FastifyInstance, webDist: string): Promise<ConsoleIndex | undefined> {
  const indexFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn({ webDist }, 'console build not found: run `npm run build` to serve the console');
    return undefined;
  }
  const indexHtml = fs.readFileSync(indexFile);
  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    cacheControl: false,
    index: false,
    setHeaders(res, filePath) {
      const relative = path.relative(webDist, filePath);
      if (relative === 'index.html') res.setHeader('Cache-Control', 'no-cache');
      else if (relative.startsWith(`assets${path.sep}`)) res.setHeader('Cache-Control', `public, max-age=${ONE_YEAR_SECONDS}, immutable`);
      else res.setHeader('Cache-Control', `public, max-age=${ONE_WEEK_SECONDS}`);
    },
  });
  return (reply) => reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
}
