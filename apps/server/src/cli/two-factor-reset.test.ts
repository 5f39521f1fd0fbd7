import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType } from '@tollgate/contract';
import { runCli } from '../../test/tollgate-cli.js';
import { writeOneApiFixture } from './one-api-fixture.test-data.js';

/** Root who lost the phone and the recovery codes has no administrator above to turn the second factor off. */
describe('npm run tollgate -- two-factor reset', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-2fa-'));
  const env = { SQLITE_PATH: path.join(dir, 'tollgate.db') };
  const open = () => new Database(env.SQLITE_PATH);

  beforeAll(async () => {
    await writeOneApiFixture(path.join(dir, 'one-api.db'));
    expect((await runCli(['import-one-api', '--from', path.join(dir, 'one-api.db')], env)).code).toBe(0);
    const db = open();
    db.prepare(`insert into user_two_factor (user_id, secret, enabled, enabled_at, last_step, recovery_codes, created_at) values (1, 'sealed', 1, 1700000000, 0, '[]', 1700000000)`).run();
    db.prepare(`insert into passkeys (user_id, credential_id, public_key, counter, transports, name, created_at, last_used_at, backed_up, aaguid) values (1, 'cred-a', 'key', 0, '', 'Laptop', 1700000000, 0, 0, '')`).run();
    db.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('turns off root’s second factor, removes root’s passkeys and says so in root’s management log', async () => {
    const run = await runCli(['two-factor', 'reset', '--user', 'root'], env);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('two-factor sign-in of root turned off');
    expect(run.stdout).toContain('TOTP turned off, 1 passkey removed');
    const db = open();
    try {
      expect(db.prepare('select count(*) as n from user_two_factor where user_id = 1').get()).toEqual({ n: 0 });
      const logs = db.prepare('select username, content from logs where type = ? and user_id = 1').all(LogType.Manage);
      expect(logs).toContainEqual({ username: 'root', content: 'two-factor sign-in turned off from the command line (tollgate two-factor reset)' });
      expect(logs).toContainEqual({ username: 'root', content: 'passkeys removed from the command line (tollgate two-factor reset): 1' });
      expect(db.prepare('select count(*) as n from passkeys where user_id = 1').get()).toEqual({ n: 0 });
    } finally {
      db.close();
    }
  });

  it('says when there is nothing to turn off, and refuses an unknown user or a missing --user', async () => {
    expect((await runCli(['two-factor', 'reset', '--user', 'alice'], env)).stdout).toContain('alice has no two-factor sign-in on');
    const unknown = await runCli(['two-factor', 'reset', '--user', 'nobody'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no user named nobody');
    const missing = await runCli(['two-factor', 'reset'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('two-factor reset needs --user USERNAME');
  });
});
