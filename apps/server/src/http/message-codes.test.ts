import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import * as contract from '@tollgate/contract';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The /api side of the server: every answer the console can show is made here. */
const files = [...sourceFiles(join(SRC, 'modules')), ...sourceFiles(join(SRC, 'http')), join(SRC, 'app.ts')].map((path) => ({
  name: relative(SRC, path),
  text: readFileSync(path, 'utf8'),
}));

/** `XMessages.key` of the contract, resolved to its code. */
function tableCode(table: string, key: string): unknown {
  return ((contract as Record<string, unknown>)[table] as Record<string, unknown> | undefined)?.[key];
}

describe('server messages go through the catalog', () => {
  it('gives every fail(), ApiError and id check a catalog code, never a text', () => {
    const unknown: string[] = [];
    let sites = 0;
    for (const { name, text } of files) {
      for (const match of text.matchAll(/\b(?:fail\(|new ApiError\(|idParamOf\(\s*[\w.]+,)\s*([^,)]*)/g)) {
        const argument = (match[1] ?? '').trim();
        if (argument.includes(':')) continue; // a definition, typed MessageCode
        sites += 1;
        const literal = /^'([^']*)'$/.exec(argument)?.[1];
        const table = /^([A-Z]\w*Messages)\.(\w+)$/.exec(argument);
        const known =
          literal !== undefined ? contract.isMessageCode(literal) : table ? contract.isMessageCode(tableCode(table[1] ?? '', table[2] ?? '')) : KNOWN_INDIRECT.has(`${name}: ${argument}`);
        if (!known) unknown.push(`${name}: ${match[0]}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(sites).toBeGreaterThan(80);
  });

  it('builds no failure envelope around a written-out text', () => {
    for (const { name, text } of files) expect(text, name).not.toMatch(/success: false, message: ['`"]/);
  });
});

/** Arguments typed MessageCode that hold a code chosen elsewhere; each is one of the checked sites or the catalog's own test. */
const KNOWN_INDIRECT = new Set([
  'modules/options/options.routes.ts: checked.message.code', // option-rules.ts refuses with catalog codes
  'modules/redemptions/topup.service.ts: await refusal(ctx', // RedemptionMessages.*
  'http/errors.ts: code', // fail() itself
  'http/query.ts: message', // idParamOf's argument, checked at its callers
  'http/validation.ts: issue.message', // after isMessageCode()
  'modules/two-factor/parse-strict.ts: error.code', // a refusal of parseOrFail's, answered 400
]);
