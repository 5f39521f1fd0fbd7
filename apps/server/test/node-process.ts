import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { unusedPort } from './in-flight-traffic.js';

export const repo = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs main.ts from source: the contract package from its source too, built or not. */
const FROM_SOURCE = ['--import', 'tsx', 'apps/server/src/main.ts'];

/**
 * A Tollgate server as its own process, started as `main.ts` starts (config from the environment, signals,
 * shutdown), for tests that stop, kill or disconnect a whole node. By default it runs from source with tsx;
 * `nodeArgs` runs another command line instead (the built server, as the container starts it).
 */
export class NodeProcess {
  readonly url: string;
  private child?: ChildProcess;
  private output = '';
  private exit?: Promise<number | null>;

  private constructor(
    readonly port: number,
    private readonly env: Record<string, string>,
    private readonly nodeArgs: string[],
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  /** Starts a node with `env` on a free port and resolves once it answers /api/status. */
  static async start(env: Record<string, string>, nodeArgs: string[] = FROM_SOURCE): Promise<NodeProcess> {
    const node = new NodeProcess(await unusedPort(), env, nodeArgs);
    await node.spawn();
    return node;
  }

  /** What the process printed (its warnings and errors at LOG_LEVEL=warn, Node's own stderr), for failure messages. */
  get stderr(): string {
    return this.output;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` and resolves with the exit code (null when killed by the signal). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return this.child?.exitCode ?? null;
    this.child?.kill(signal);
    return this.exit ?? null;
  }

  /** Starts the node again on the same port, with the same environment. */
  async restart(): Promise<void> {
    await this.stop('SIGKILL');
    await this.spawn();
  }

  private async spawn(): Promise<void> {
    const inherited = { ...process.env };
    // The test's own database and Redis settings must not leak into the node.
    for (const name of ['SQL_DSN', 'SQLITE_PATH', 'REDIS_CONN_STRING', 'NODE_TYPE', 'NODE_ENV']) delete inherited[name];
    const env = {
      ...inherited,
      LOG_LEVEL: 'warn',
      TSX_TSCONFIG_PATH: `${repo}apps/server/test/source-tsconfig.json`,
      ...this.env,
      PORT: String(this.port),
    };
    const child = spawn(process.execPath, this.nodeArgs, { cwd: repo, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    // The log (stdout, LOG_LEVEL=warn: warnings, errors and why it could not start) and Node's own stderr.
    for (const stream of [child.stdout, child.stderr]) stream?.on('data', (chunk: Buffer) => (this.output += chunk.toString('utf8')));
    this.exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    await this.waitUntilUp();
  }

  private async waitUntilUp(): Promise<void> {
    for (let i = 0; i < 300; i += 1) {
      if (!this.running) throw new Error(`the node exited before answering:\n${this.output}`);
      if (await fetch(`${this.url}/api/status`).then((response) => response.ok, () => false)) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`the node did not answer within 30 s:\n${this.output}`);
  }
}
