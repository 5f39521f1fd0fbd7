import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../..', import.meta.url));

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `npm run tollgate -- ...` as its command runs it (tsx on the source), against the database of `env`. */
export function runCli(args: string[], env: Record<string, string>): Promise<CliResult> {
  const inherited = { ...process.env };
  // The test's own database settings must not leak into the command.
  for (const name of ['SQL_DSN', 'SQLITE_PATH', 'REDIS_CONN_STRING', 'NODE_TYPE']) delete inherited[name];
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'apps/server/src/cli/tollgate.ts', ...args],
      { cwd: repo, env: { ...inherited, TSX_TSCONFIG_PATH: `${repo}apps/server/test/source-tsconfig.json`, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr }),
    );
  });
}
