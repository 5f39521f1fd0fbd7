import Fastify from 'fastify';
import { Agent, request } from 'undici';

/**
 * The floor of what a Node gateway can cost: Fastify receiving the body and undici sending it to the
 * upstream, answer streamed back untouched. No auth, no routing, no billing, no logging.
 */
export async function startBareProxy(port: number, upstream: string) {
  const app = Fastify({ logger: false });
  const dispatcher = new Agent({ keepAliveTimeout: 30_000, connections: null });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  app.post('/v1/*', async (req, reply) => {
    const response = await request(`${upstream}${req.url}`, {
      dispatcher,
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer upstream' },
      body: req.body as Buffer,
    });
    reply.status(response.statusCode).header('content-type', String(response.headers['content-type']));
    return reply.send(response.body);
  });
  await app.listen({ port, host: '127.0.0.1', backlog: 4096 });
  return app;
}

