import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from './config.js';

/**
 * The operator's documentation stays true to the code: every environment variable config.ts reads has its row
 * in docs/configuration.md (and no row names one it no longer reads), and every link between the documentation
 * pages (the README and docs/) reaches a file that exists and, for `#anchors`, a heading of that file.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const pages = ['README.md', ...fs.readdirSync(path.join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
const anchorOf = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');

const anchorsOf = (text: string) => new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] ?? '')));

describe('operator documentation', () => {
  it('documents every environment variable config.ts reads, in docs/configuration.md', () => {
    const documented = [...read('docs/configuration.md').matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|/gm)].map((match) => match[1]);
    expect(ENV_NAMES.filter((name) => !documented.includes(name))).toEqual([]);
    expect(documented.filter((name) => !ENV_NAMES.includes(name ?? ''))).toEqual([]);
  });

  it.each(pages)('%s links only to pages and headings that exist', (page) => {
    const text = read(page);
    const broken: string[] = [];
    for (const [, target = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target)) continue;
      const [file = '', anchor] = target.split('#');
      const linked = file ? path.join(path.dirname(page), file) : page;
      if (!fs.existsSync(path.join(root, linked))) broken.push(target);
      else if (anchor && linked.endsWith('.md') && !anchorsOf(read(linked)).has(anchor)) broken.push(target);
    }
    expect(broken).toEqual([]);
  });
});
