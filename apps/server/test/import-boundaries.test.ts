import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's root, whose eslint.config.js holds the boundaries (eslint-boundaries.js). */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The boundary messages ESLint gives `code` as if it were the file at `file`. */
async function boundaryErrors(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

describe('import boundaries (lint)', () => {
  it.each([
    ['apps/server/src/relay/billing/bad.ts', "import { x } from '../../modules/users/users.repository.js';"],
    ['apps/server/src/lib/bad.ts', "import { x } from '../relay/relay-error.js';"],
    ['apps/server/src/http/bad.ts', "import { x } from '../modules/auth/console-roles.js';"],
    ['apps/server/src/db/bad.ts', "import { x } from '../options/options.store.js';"],
    ['apps/server/src/providers/openai/bad.ts', "import { x } from '../../db/schema.js';"],
    ['apps/server/src/providers/openai/bad.ts', "import Fastify from 'fastify';"],
    ['apps/web/src/features/settings/bad.ts', "import { x } from '@/features/users/components/user-columns';"],
    ['apps/web/src/features/settings/components/bad.ts', "import { x } from '../../users/components/user-columns';"],
    ['apps/web/src/components/bad.ts', "import { x } from '@/features/logs/log-query';"],
  ])('refuses in %s: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const y = x;\n`)).toEqual([expect.stringMatching(/eslint-boundaries\.js/)]);
  });

  it.each([
    ['apps/server/src/modules/users/fine.ts', "import { x } from '../../relay/relay-error.js';"],
    ['apps/server/src/relay/fine.ts', "import { x } from '../providers/ingress.js';"],
    ['apps/server/src/relay/fine.ts', "import { x } from './billing/quota.js';"],
    ['apps/web/src/features/settings/fine.ts', "import { x } from '@/app/session/use-self';"],
    ['apps/web/src/features/settings/components/fine.ts', "import { x } from '../api/bind-email';"],
  ])('lets %s import downwards: %s', async (file, code) => {
    expect(await boundaryErrors(file, `${code}\nexport const y = x;\n`)).toEqual([]);
  });
});
