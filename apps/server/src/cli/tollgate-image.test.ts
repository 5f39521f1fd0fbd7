import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LogType, type ConfigDocumentInput } from '@tollgate/contract';
import { readImageCopies, readImageStart } from '../../test/deployment-files.js';
import { repo } from '../../test/node-process.js';

/**
 * The command line as the Docker image runs it, without Docker: the server is built here (as the image's
 * build stage does), then the final stage's files are laid out in a folder of their own, with no source and
 * no dev dependencies in reach, and the command docs/configuration-as-code.md gives runs there.
 */
describe('the tollgate command line in the image', () => {
  const image = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-image-'));
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-image-data-'));
  const env = () => {
    const inherited = { ...process.env };
    for (const name of ['SQL_DSN', 'SQLITE_PATH', 'REDIS_CONN_STRING', 'NODE_TYPE', 'TSX_TSCONFIG_PATH']) delete inherited[name];
    return { ...inherited, ...readImageStart().env, SQLITE_PATH: path.join(data, 'one-api.db') };
  };
  const run = (command: string, args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
      execFile(command, args, { cwd: image, env: env(), timeout: 60_000 }, (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }));
    });

  beforeAll(() => {
    execFileSync('npm', ['run', 'build', '-w', 'packages/contract'], { cwd: repo, stdio: 'pipe' });
    execFileSync('npm', ['run', 'build', '-w', 'apps/server'], { cwd: repo, stdio: 'pipe' });
    for (const { stage, source, target } of readImageCopies()) {
      const from = path.join(repo, source);
      const to = path.join(image, target.endsWith('/') ? path.join(target, path.basename(source)) : target);
      fs.mkdirSync(path.dirname(to), { recursive: true });
      // The deps stage's production install is this checkout's install (a superset: it has tsx, which the image lacks, and must not need).
      if (stage === 'deps') fs.symlinkSync(from, to);
      // The console's build is not made here; the command line never loads it.
      else if (source.startsWith('apps/web/')) continue;
      else fs.cpSync(from, to, { recursive: true });
    }
    expect(fs.existsSync(path.join(image, 'apps/server/src'))).toBe(false);
  }, 300_000);
  afterAll(() => {
    fs.rmSync(image, { recursive: true, force: true });
    fs.rmSync(data, { recursive: true, force: true });
  });

  it('exports with the command the documentation gives image users, from the build', { timeout: 60_000 }, async () => {
    const page = fs.readFileSync(path.join(repo, 'docs/configuration-as-code.md'), 'utf8');
    expect(page).toContain('docker exec tollgate npm run -s tollgate -- export --format yaml');
    const exported = await run('npm', ['run', '-s', 'tollgate', '--', 'export']);
    expect(exported.stderr).toBe('');
    expect(exported.code).toBe(0);
    const document = JSON.parse(exported.stdout) as ConfigDocumentInput;
    expect(document).toMatchObject({ version: 1, keys_included: false });
  });

  it('imports through the built entry point itself, and logs it as the command line', { timeout: 60_000 }, async () => {
    const file = path.join(data, 'config.json');
    fs.writeFileSync(file, JSON.stringify({ version: 1, options: { SystemName: 'From The Image' } }));
    const imported = await run('node', ['apps/server/dist/cli/tollgate.js', 'import', file]);
    expect(imported).toMatchObject({ code: 0, stderr: '' });
    // A database the server never started on has no option rows yet: the option is added.
    expect(imported.stdout).toMatch(/\noptions: 1 added, 0 changed, 0 removed\n {2}\+ SystemName\n[\s\S]*imported\n$/);
    const db = new Database(path.join(data, 'one-api.db'), { readonly: true });
    try {
      expect(db.prepare('select value from options where key = ?').get('SystemName')).toEqual({ value: 'From The Image' });
      expect(db.prepare('select username from logs where type = ?').all(LogType.Manage)).toEqual([{ username: 'tollgate-cli' }]);
    } finally {
      db.close();
    }
  });
});
