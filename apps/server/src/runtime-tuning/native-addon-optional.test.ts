import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NodeProcess, repo } from '../../test/node-process.js';

/**
 * The malloc_trim addon (packages/memory-trim) is optional: on a machine without a C compiler, its install
 * script still succeeds and leaves no binary, the package then loads without `trim`, and the built server
 * starts and answers, saying so in one debug line. Hermetic: a copy of the package in a temporary folder, a
 * PATH that holds node and sh (and python3, when the machine has one) but no cc, gcc or make, CC=/bin/false,
 * and an HTTP proxy on a closed port, so that node-gyp cannot fetch Node's headers either.
 */
const addon = path.join(repo, 'packages/memory-trim');
const built = fs.existsSync(path.join(repo, 'apps/server/dist/main.js'));

/** The absolute path of `command` on this PATH, or undefined. */
function which(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const file = path.join(dir, command);
    if (fs.existsSync(file)) return fs.realpathSync(file);
  }
  return undefined;
}

let dir = '';
let copy = '';

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tollgate-no-compiler-'));
  copy = path.join(dir, 'memory-trim');
  fs.mkdirSync(copy);
  for (const file of ['package.json', 'binding.gyp', 'build.mjs', 'index.js', 'index.d.ts', 'src']) fs.cpSync(path.join(addon, file), path.join(copy, file), { recursive: true });
});

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the malloc_trim addon on a machine without a C compiler', () => {
  it('installs: its install script exits 0 and leaves no binary', { timeout: 60_000 }, () => {
    const bin = path.join(dir, 'bin');
    fs.mkdirSync(bin);
    fs.symlinkSync(process.execPath, path.join(bin, 'node'));
    fs.symlinkSync(which('sh') ?? '/bin/sh', path.join(bin, 'sh'));
    // With Python, node-gyp gets as far as looking for make and the compiler; without, it stops sooner.
    // (The interpreter itself: a python3 on PATH may be a version manager's shell script.)
    const python = spawnSync('python3', ['-c', 'import os, sys; print(os.path.realpath(sys.executable))'], { encoding: 'utf8' }).stdout?.trim();
    if (python) fs.symlinkSync(python, path.join(bin, 'python3'));
    const npm = process.env.npm_execpath?.endsWith('.js') ? process.env.npm_execpath : which('npm');
    expect(npm, 'npm is needed to run the install script as npm ci does').toBeDefined();
    // Node's own headers, when this Node has them, so node-gyp does not try to download them.
    const prefix = path.dirname(path.dirname(process.execPath));
    const nodedir = fs.existsSync(path.join(prefix, 'include/node/node_api.h')) ? { npm_config_nodedir: prefix } : {};
    const run = spawnSync(process.execPath, [npm!, 'run', 'install'], {
      cwd: copy,
      encoding: 'utf8',
      env: {
        PATH: bin,
        HOME: dir,
        CC: '/bin/false',
        CXX: '/bin/false',
        npm_config_cache: path.join(dir, 'npm-cache'),
        npm_config_update_notifier: 'false',
        npm_config_offline: 'true',
        HTTP_PROXY: 'http://127.0.0.1:9',
        HTTPS_PROXY: 'http://127.0.0.1:9',
        ...nodedir,
      },
    });
    expect(run.status, run.stdout + run.stderr).toBe(0);
    expect(run.stderr).toContain('@tollgate/memory-trim: not built');
    expect(fs.existsSync(path.join(copy, 'build/Release/memory_trim.node'))).toBe(false);
  });

  it('loads without trim when the binary is absent, and the server falls back when the package fails to load', async () => {
    const loaded = (await import(pathToFileURL(path.join(copy, 'index.js')).href)) as { trim?: unknown };
    expect(loaded.trim).toBeUndefined();
    vi.resetModules();
    vi.doMock('@tollgate/memory-trim', () => {
      throw new Error('no such package');
    });
    try {
      expect((await import('./malloc-trim.js')).mallocTrim).toBeUndefined();
    } finally {
      vi.doUnmock('@tollgate/memory-trim');
      vi.resetModules();
    }
  });

  it.runIf(built)('starts the built server, which answers and says so in a debug line only', { timeout: 60_000 }, async () => {
    // The server's `@tollgate/memory-trim` resolved to the copy without a binary.
    const hook = path.join(dir, 'without-addon.mjs');
    const target = pathToFileURL(path.join(copy, 'index.js')).href;
    const resolver = `export async function resolve(specifier, context, next) { return specifier === '@tollgate/memory-trim' ? { url: ${JSON.stringify(target)}, shortCircuit: true } : next(specifier, context); }`;
    fs.writeFileSync(hook, `import { register } from 'node:module';\nregister(${JSON.stringify(`data:text/javascript,${encodeURIComponent(resolver)}`)});\n`);
    const node = await NodeProcess.start(
      { SQLITE_PATH: path.join(dir, 'one-api.db'), SESSION_SECRET: 'no-compiler-secret', LOG_LEVEL: 'debug' },
      ['--import', pathToFileURL(hook).href, 'apps/server/dist/main.js'],
    );
    try {
      expect((await fetch(`${node.url}/api/status`)).status).toBe(200);
      const lines = node.stderr.split('\n').filter((line) => line.startsWith('{'));
      const tuning = lines.map((line) => JSON.parse(line) as { level: number; msg: string; mallocTrim?: boolean }).find((line) => line.msg.startsWith('runtime tuning applied'));
      expect(tuning).toMatchObject({ level: 20, mallocTrim: false });
      expect(tuning?.msg).toContain('malloc_trim addon is not built');
      // Nothing above debug about it.
      expect(lines.filter((line) => /malloc|memory-trim/i.test(line) && (JSON.parse(line) as { level: number }).level > 20)).toEqual([]);
    } finally {
      await node.stop('SIGKILL');
    }
  });
});
