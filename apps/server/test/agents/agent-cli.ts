import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { launches, type AgentName, type Gateway } from './agent-launch.js';

export type { AgentName, Gateway } from './agent-launch.js';

export interface AgentRun {
  /** The exit code, null when a signal (the timeout's) ended it. */
  code: number | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** The agents are devDependencies of the server: npm links their commands into its or the root's node_modules/.bin. */
const BIN_DIRS = ['../../node_modules/.bin', '../../../../node_modules/.bin'].map((dir) => fileURLToPath(new URL(dir, import.meta.url)));

function binary(name: string): string {
  for (const dir of BIN_DIRS) if (fs.existsSync(path.join(dir, name))) return path.join(dir, name);
  throw new Error(`${name} is not installed in ${BIN_DIRS.join(' or ')}: run npm ci`);
}

/**
 * Runs one agent non-interactively against `gateway` with `prompt`, in a throwaway HOME and working folder
 * (removed afterwards), with only the environment it needs: nothing of the test's own (keys, DSNs, proxies)
 * leaks in. The agent leads a process group of its own so a timeout kills it with every shell and helper it
 * started.
 */
export async function runAgent(agent: AgentName, gateway: Gateway, prompt: string, timeoutMs = 60_000): Promise<AgentRun> {
  const launch = launches[agent](gateway, prompt);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), `tollgate-${agent}-home-`));
  const cwd = fs.mkdtempSync(path.join(os.tmpdir(), `tollgate-${agent}-work-`));
  try {
    for (const [file, text] of Object.entries(launch.files)) {
      fs.mkdirSync(path.dirname(path.join(home, file)), { recursive: true });
      fs.writeFileSync(path.join(home, file), text);
    }
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: 'C.UTF-8', TERM: 'dumb', NO_COLOR: '1', ...launch.env };
    return await run(binary(launch.bin), launch.args, { cwd, env }, timeoutMs);
  } finally {
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(cwd, { recursive: true, force: true });
  }
}

function run(command: string, args: string[], options: { cwd: string; env: Record<string, string> }, timeoutMs: number): Promise<AgentRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...options, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const killGroup = () => {
      try {
        if (child.pid) process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group is gone already.
      }
    };
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup();
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Helpers an agent left behind (a shell, a language server) go with it.
      killGroup();
      resolve({ code, stdout, stderr, timedOut });
    });
  });
}

/** An agent run as a failure message shows it. */
export const describeRun = (run: AgentRun) =>
  `exit ${run.code}${run.timedOut ? ' (timed out)' : ''}\n--- stdout\n${run.stdout.slice(-4000)}\n--- stderr\n${run.stderr.slice(-4000)}`;
