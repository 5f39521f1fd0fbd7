import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectAllWritten, readWritten, SlowUpstreams, unusedPort } from '../test/in-flight-traffic.js';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Waits for the spawned server to answer, or fails with what it printed if it exits first. */
async function waitUntilUp(url: string, exited: Promise<number | null>, stderr: () => string): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 300; i += 1) {
    if (gone) throw new Error(`the server exited before answering:\n${stderr()}`);
    const up = await fetch(`${url}/api/status`).then((response) => response.ok, () => false);
    if (up) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server did not answer within 30 s:\n${stderr()}`);
}

describe('the server process on SIGTERM', () => {
  it('finishes the requests in flight, writes all their usage to the database and exits 0', { timeout: 90_000 }, async () => {
    const upstreams = await new SlowUpstreams().start();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-sigterm-'));
    const port = await unusedPort();
    const env = {
      PORT: String(port),
      SQLITE_PATH: path.join(dir, 'one-api.db'),
      SESSION_SECRET: 'sigterm-session-secret',
      LOG_LEVEL: 'warn',
      // Nothing is written by the timer: only the shutdown's final flush can save the usage.
      BATCH_UPDATE_INTERVAL: '3600',
      CRITICAL_RATE_LIMIT: '0',
      GLOBAL_API_RATE_LIMIT: '0',
      GLOBAL_WEB_RATE_LIMIT: '0',
      // Run from source: the contract package from its source too, built or not.
      TSX_TSCONFIG_PATH: path.join(repo, 'apps/server/test/source-tsconfig.json'),
    };
    const inherited = { ...process.env };
    delete inherited.SQL_DSN;
    delete inherited.REDIS_CONN_STRING;
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: repo, env: { ...inherited, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      await waitUntilUp(url, exited, () => stderr);
      const { before, answers: traffic } = await upstreams.sendTwentyChats(url);
      child.kill('SIGTERM');
      const answers = await traffic;
      expect(await exited, stderr).toBe(0);
      expectAllWritten(answers, before, await readWritten({ SQLITE_PATH: env.SQLITE_PATH }));
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      fs.rmSync(dir, { recursive: true, force: true });
      await upstreams.stop();
    }
  });
});
