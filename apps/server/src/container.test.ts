import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ENV_NAMES, loadConfig } from './config.js';
import { parseDatabaseTarget } from './db/dsn.js';
import { signIn } from '../test/cluster-accounts.js';
import { createTestDatabase } from '../test/databases.js';
import { readComposeEnvironments, readImageStart } from '../test/deployment-files.js';
import { NodeProcess, repo } from '../test/node-process.js';
import { PrivateRedis } from '../test/private-redis.js';

/**
 * The container files, tested without Docker (these machines cannot run it): the environment they set
 * is one Tollgate reads and accepts, and the image's start command, run here with that environment
 * (container paths and host names mapped to local ones), starts a server that answers.
 */

const TOLLGATE_SERVICES = ['tollgate-master', 'tollgate-slave'];
const compose = () => readComposeEnvironments({ SESSION_SECRET: 'compose-test-secret' });
const built = fs.existsSync(path.join(repo, 'apps/server/dist/main.js'));

describe('docker-compose.yml and the Dockerfile', () => {
  it('set only variables config.ts knows, with values it accepts', () => {
    const image = readImageStart();
    const services = compose();
    expect(Object.keys(services)).toEqual(expect.arrayContaining([...TOLLGATE_SERVICES, 'postgres']));
    for (const name of TOLLGATE_SERVICES) {
      const env = { ...image.env, ...services[name] };
      expect(Object.keys(env).filter((key) => key !== 'NODE_ENV' && !ENV_NAMES.includes(key))).toEqual([]);
      const config = loadConfig(env);
      expect(config.SESSION_SECRET).toBe('compose-test-secret');
      expect(parseDatabaseTarget(config.SQL_DSN, config.SQLITE_PATH)).toMatchObject({ dialect: 'postgres' });
      expect(config.REDIS_CONN_STRING).toBe('redis://redis:6379');
    }
    expect(services['tollgate-master']?.NODE_TYPE).toBe('master');
    expect(services['tollgate-slave']?.NODE_TYPE).toBe('slave');
    // The database the nodes are given is the one the postgres service creates.
    const dsn = new URL(services['tollgate-master']?.SQL_DSN ?? '');
    expect([dsn.hostname, dsn.username, dsn.password, dsn.pathname]).toEqual(['postgres', services.postgres?.POSTGRES_USER, services.postgres?.POSTGRES_PASSWORD, `/${services.postgres?.POSTGRES_DB}`]);
  });

  it('refuses to bring the cluster up without a SESSION_SECRET', () => {
    expect(() => readComposeEnvironments({})).toThrow(/SESSION_SECRET/);
  });

  it('start the image with the README start command, a health check on /healthz and SQLite in /data', () => {
    const dockerfile = fs.readFileSync(path.join(repo, 'Dockerfile'), 'utf8');
    const image = readImageStart();
    expect(image.command).toEqual(['node', '--max-semi-space-size=16', 'apps/server/dist/main.js']);
    expect(fs.readFileSync(path.join(repo, 'README.md'), 'utf8')).toContain('node --max-semi-space-size=16 apps/server/dist/main.js');
    expect(image.env.SQLITE_PATH).toBe('/data/one-api.db');
    expect(dockerfile).toMatch(/^VOLUME \/data$/m);
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/^HEALTHCHECK .*\/healthz/ms);
    // The malloc_trim addon is compiled with the dependencies and shipped beside them.
    expect(dockerfile).toMatch(/^RUN npm ci --omit=dev .*--workspace packages\/memory-trim/m);
    expect(dockerfile).toMatch(/^COPY --from=deps \/app\/packages\/memory-trim \.\/packages\/memory-trim$/m);
  });
});

describe.runIf(built)('the image start command, run without Docker', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  /** Runs the image's CMD from the repository (the image's WORKDIR holds the same layout). */
  const startImage = async (env: Record<string, string>) => {
    const { command } = readImageStart();
    const node = await NodeProcess.start(env, command.slice(1));
    cleanups.push(() => node.stop('SIGKILL'));
    return node;
  };

  it('starts on its own on SQLite in the data volume', { timeout: 30_000 }, async () => {
    const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-volume-'));
    cleanups.push(async () => fs.rmSync(volume, { recursive: true, force: true }));
    const { env } = readImageStart();
    const node = await startImage({ ...env, SQLITE_PATH: env.SQLITE_PATH?.replace(/^\/data/, volume) ?? '', SESSION_SECRET: 'image-test-secret' });
    expect((await fetch(`${node.url}/api/status`)).status).toBe(200);
    expect(fs.existsSync(path.join(volume, 'one-api.db'))).toBe(true);
  });

  it.runIf(process.env.TEST_PG_DSN)('starts the two compose nodes on PostgreSQL and Redis, sharing sessions', { timeout: 40_000 }, async () => {
    const database = await createTestDatabase('postgres');
    cleanups.push(() => database.drop());
    const redis = await PrivateRedis.start();
    cleanups.push(() => redis.kill());
    const services = compose();
    const volume = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-volume-'));
    cleanups.push(async () => fs.rmSync(volume, { recursive: true, force: true }));
    // The compose network's host names and the volume, pointed at this machine's.
    const local = { SQL_DSN: database.env.SQL_DSN ?? '', REDIS_CONN_STRING: redis.url, SQLITE_PATH: path.join(volume, 'one-api.db') };
    const master = await startImage({ ...readImageStart().env, ...services['tollgate-master'], ...local });
    const slave = await startImage({ ...readImageStart().env, ...services['tollgate-slave'], ...local });
    const cookie = await signIn(master.url, 'root', '123456');
    const self = await fetch(`${slave.url}/api/user/self`, { headers: { cookie } });
    expect(await self.json()).toMatchObject({ success: true, data: { username: 'root' } });
  });
});
