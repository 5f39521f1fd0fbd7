import type { AddressInfo } from 'node:net';
import OpenAI from 'openai';
import { insertToken, type NewTokenInput } from '../src/modules/tokens/tokens.repository.js';
import type { DatabaseKind } from './databases.js';
import { buildTestApp, register, loginRoot, type TestApp } from './test-app.js';

export interface RelayFixture extends TestApp {
  url: string;
  rootCookie: string;
  addChannel(fields: Record<string, unknown>): Promise<number>;
  /** Deletes a channel a test added for itself, so later tests route as before. */
  removeChannel(id: number): Promise<void>;
  addUser(username: string, quota: number, group?: string): Promise<number>;
  addKey(userId: number, options?: Partial<NewTokenInput>): Promise<string>;
  client(key: string): OpenAI;
  /** Writes the batched usage now, so a test can read balances and logs. */
  flush(): Promise<void>;
}

/** A listening Tollgate on a fresh database, with helpers to add channels, users and keys. */
export async function relayFixture(kind: DatabaseKind, env: Record<string, string> = {}): Promise<RelayFixture> {
  const t = await buildTestApp(kind, { CRITICAL_RATE_LIMIT: '0', GLOBAL_API_RATE_LIMIT: '0', ...env });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  const rootCookie = await loginRoot(t.app);
  let keyCounter = 0;
  return {
    ...t,
    url,
    rootCookie,
    async addChannel(fields) {
      const response = await t.app.inject({ method: 'POST', url: '/api/channel/', headers: { cookie: rootCookie }, payload: { type: 1, key: 'upstream-key', group: 'default', ...fields } });
      const body = response.json<{ success: boolean; message: string; data: number }>();
      if (!body.success) throw new Error(`channel not created: ${body.message}`);
      return body.data;
    },
    async removeChannel(id) {
      const response = await t.app.inject({ method: 'DELETE', url: `/api/channel/${id}`, headers: { cookie: rootCookie } });
      const body = response.json<{ success: boolean; message: string }>();
      if (!body.success) throw new Error(`channel ${id} not deleted: ${body.message}`);
    },
    async addUser(username, quota, group = 'default') {
      const result = await register(t.app, username);
      if (!result.success) throw new Error(result.message);
      await t.ctx.db.updateTable('users').set({ quota, group }).where('username', '=', username).execute();
      await t.ctx.cacheSync.changed('keys');
      return (await t.ctx.db.selectFrom('users').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;
    },
    async addKey(userId, options = {}) {
      keyCounter += 1;
      const key = `testkey${String(keyCounter).padStart(4, '0')}${'x'.repeat(37)}`.slice(0, 48);
      await insertToken(t.ctx.db, t.ctx.dialect, { userId, name: `key${keyCounter}`, unlimitedQuota: true, ...options, key });
      return key;
    },
    client: (key) => new OpenAI({ apiKey: `sk-${key}`, baseURL: `${url}/v1`, maxRetries: 0 }),
    flush: () => t.ctx.relay.usage.flush(),
  };
}

export const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;
