import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import Database from 'better-sqlite3';
import { LogType, type ConfigDocumentInput } from '@tollgate/contract';
import { runCli } from '../../test/tollgate-cli.js';
import { writeOneApiFixture } from './one-api-fixture.test-data.js';

/** The configuration commands on a temporary SQLite database (the service itself is tested on every database by the API tests). */
describe('npm run tollgate -- export / import', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-cli-'));
  const env = { SQLITE_PATH: path.join(dir, 'tollgate.db') };
  const file = (name: string) => path.join(dir, name);
  const exportNow = async () => {
    const run = await runCli(['export', '--keys'], env);
    expect(run.code).toBe(0);
    return { ...(JSON.parse(run.stdout) as ConfigDocumentInput), exported_at: 0 };
  };

  const manageLogs = () => {
    const db = new Database(env.SQLITE_PATH, { readonly: true });
    try {
      return db.prepare('select user_id, username, content from logs where type = ? order by id').all(LogType.Manage);
    } finally {
      db.close();
    }
  };

  beforeAll(async () => {
    await writeOneApiFixture(file('one-api.db'));
    expect((await runCli(['import-one-api', '--from', file('one-api.db')], env)).code).toBe(0);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('exports without keys to stdout, and with keys to a private file with a warning', async () => {
    const plain = await runCli(['export'], env);
    expect(plain.code).toBe(0);
    const document = JSON.parse(plain.stdout) as ConfigDocumentInput;
    expect(document.channels?.map((channel) => [channel.name, channel.key])).toEqual([
      ['old openai', undefined],
      ['old claude', undefined],
    ]);
    expect(document.options?.SystemName).toBe('Old Gateway');

    fs.writeFileSync(file('config.yaml'), 'an older export', { mode: 0o644 });
    const withKeys = await runCli(['export', '--keys', '--format', 'yaml', '--out', file('config.yaml')], env);
    expect(withKeys).toMatchObject({ code: 0, stdout: '' });
    expect(withKeys.stderr).toContain('warning: this document contains every channel key');
    expect(fs.statSync(file('config.yaml')).mode & 0o777).toBe(0o600);
    expect((parse(fs.readFileSync(file('config.yaml'), 'utf8')) as ConfigDocumentInput).channels?.[0]?.key).toBe('sk-old-openai');
  });

  it('prints the diff of a dry run and writes nothing, then imports it', async () => {
    const before = await exportNow();
    const edited = parse(fs.readFileSync(file('config.yaml'), 'utf8')) as ConfigDocumentInput;
    edited.options = { ...edited.options, SystemName: 'From Git' };
    edited.channels = edited.channels?.filter((channel) => channel.name !== 'old claude');
    edited.users = [{ username: 'alice', quota: 99 }];
    fs.writeFileSync(file('edited.yaml'), stringify(edited));

    const dry = await runCli(['import', file('edited.yaml'), '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('channels: 0 added, 0 changed, 1 removed\n  - old claude (type 14)\n');
    expect(dry.stdout).toContain('options: 0 added, 1 changed, 0 removed\n  ~ SystemName: value "Old Gateway" -> "From Git"\n');
    expect(dry.stdout).toContain('users: 0 added, 1 changed, 0 removed\n  ~ alice: quota "4321" -> "99"\n');
    expect(dry.stdout).toMatch(/dry run: nothing written\n$/);
    expect(await exportNow()).toEqual(before);
    expect(manageLogs()).toEqual([]);

    const applied = await runCli(['import', file('edited.yaml')], env);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toMatch(/imported\n$/);
    const after = await exportNow();
    expect(after.channels?.map((channel) => channel.name)).toEqual(['old openai']);
    expect(after.options?.SystemName).toBe('From Git');
    expect(after.users).toEqual(expect.arrayContaining([{ username: 'alice', quota: 99 }]));
    // The trace names the command line and the file, as no user of the database.
    expect(manageLogs()).toEqual([
      {
        user_id: 0,
        username: 'tollgate-cli',
        content: `the command line (tollgate import ${file('edited.yaml')}) imported a configuration document: channels: 0 added, 0 changed, 1 removed; prices: 0 added, 0 changed, 0 removed; groups: 0 added, 0 changed, 0 removed; options: 0 added, 1 changed, 0 removed; users: 0 added, 1 changed, 0 removed`,
      },
    ]);
  });

  it('refuses a malformed document naming the field, and an unknown command', async () => {
    const before = await exportNow();
    fs.writeFileSync(file('bad.yaml'), 'version: 1\nchannels:\n  - name: x\n    type: 9999\n    groups: [default]\n');
    expect(await runCli(['import', file('bad.yaml')], env)).toEqual({ code: 1, stdout: '', stderr: 'error: channels[0].type: expected a channel type id\n' });
    expect(await exportNow()).toEqual(before);
    const unknown = await runCli(['frobnicate'], env);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('unknown command: frobnicate\nusage: npm run tollgate -- <command>');
    expect((await runCli(['export', '--format', 'xml'], env)).stderr).toContain('--format must be json or yaml');
  });
});
