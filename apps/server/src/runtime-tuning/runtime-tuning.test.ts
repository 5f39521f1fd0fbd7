import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readImageStart } from '../../test/deployment-files.js';
import { repo } from '../../test/node-process.js';
import { START_FLAGS } from './semi-space.js';
import { startedWith } from './v8-flag.js';

describe('the start command', () => {
  const command = `node ${START_FLAGS.join(' ')} apps/server/dist/main.js`;

  it('carries the start flags everywhere Tollgate is started: npm start, the image, the README and the Docker page', () => {
    const scripts = (JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    expect(scripts.start).toContain(command);
    expect(readImageStart().command).toEqual(['node', ...START_FLAGS, 'apps/server/dist/main.js']);
    for (const page of ['README.md', 'docs/docker.md']) expect(fs.readFileSync(path.join(repo, page), 'utf8'), page).toContain(command);
  });
});

describe('a V8 flag set at start-up', () => {
  it('is left to the command line when it names the flag, with any value or in its no- form', () => {
    expect(startedWith('--heap-growing-percent=50', ['--heap-growing-percent=80'])).toBe(true);
    expect(startedWith('--heap-growing-percent=50', ['--heap_growing_percent=80'])).toBe(true);
    expect(startedWith('--no-allocation-site-pretenuring', ['--allocation-site-pretenuring'])).toBe(true);
    expect(startedWith('--no-allocation-site-pretenuring', ['--max-semi-space-size=16', '--heap-growing-percent=80'])).toBe(false);
  });
});
