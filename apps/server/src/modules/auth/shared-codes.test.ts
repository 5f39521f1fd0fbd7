import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { createRuntime, type Runtime } from '../../bootstrap.js';
import { loadConfig } from '../../config.js';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../../../test/databases.js';
import { codeIn, useSmtpSink } from '../../../test/mail-setup.js';
import { SmtpSink } from '../../../test/smtp-sink.js';
import { register, silentLogger } from '../../../test/test-app.js';

/** Two nodes on one database: a code mailed by one is accepted by the other, because codes live in the database. */
describe.each(databaseKinds)('verification codes shared by two nodes on %s', (kind) => {
  let database: TestDatabase;
  const nodes: Array<{ runtime: Runtime; app: FastifyInstance }> = [];
  const sink = new SmtpSink();

  beforeAll(async () => {
    database = await createTestDatabase(kind);
    for (const nodeType of ['master', 'slave']) {
      const config = loadConfig({ SESSION_SECRET: 'shared', CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', NODE_TYPE: nodeType, ...database.env });
      const runtime = await createRuntime(config, silentLogger);
      nodes.push({ runtime, app: await buildApp(runtime.ctx) });
    }
    const [a, b] = nodes.map((n) => n.runtime.ctx.options);
    if (!a || !b) throw new Error('two nodes expected');
    await useSmtpSink(a, await sink.start());
    await a.set('EmailVerificationEnabled', 'true');
    await b.reload();
  });
  afterAll(async () => {
    for (const { app, runtime } of nodes) {
      await app.close();
      await runtime.close();
    }
    await database.drop();
    await sink.close();
  });

  it('issues a code on node A and registers with it on node B, once', async () => {
    const [a, b] = nodes;
    if (!a || !b) throw new Error('two nodes expected');
    expect((await a.app.inject({ method: 'GET', url: '/api/verification?email=twin%40example.com' })).json()).toMatchObject({ success: true });
    const code = codeIn((await sink.next('twin@example.com')).text);
    expect(await register(b.app, 'twin', 'password123', { email: 'twin@example.com', verification_code: code })).toMatchObject({ success: true });
    expect(await register(a.app, 'twin2', 'password123', { email: 'twin@example.com', verification_code: code })).toMatchObject({ success: false });
  });
});
