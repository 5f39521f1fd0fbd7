import { spawn, type ChildProcess } from 'node:child_process';
import { Redis } from 'ioredis';
import { eventually } from './eventually.js';
import { unusedPort } from './in-flight-traffic.js';

/**
 * A redis-server of the test's own on a free port, so a test may kill and restart it without touching the
 * Redis other tests share. Nothing is persisted: a restart comes back empty, as after a crash without AOF.
 */
export class PrivateRedis {
  private child?: ChildProcess;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await unusedPort());
    await redis.spawn();
    return redis;
  }

  /** Kills it at once (SIGKILL): connections drop with no goodbye, as when the host dies. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  }

  /** Starts it again on the same port after a kill (empty). */
  revive(): Promise<void> {
    return this.spawn();
  }

  async restart(): Promise<void> {
    await this.kill();
    await this.spawn();
  }

  /** Freezes it: its connections stay open and unanswered, as with a stalled host. */
  pause(): void {
    this.child?.kill('SIGSTOP');
  }

  resume(): void {
    this.child?.kill('SIGCONT');
  }

  /** Runs one command on a short-lived connection of its own. */
  async command<T>(run: (client: Redis) => Promise<T>): Promise<T> {
    const client = new Redis(this.url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
    client.on('error', () => undefined);
    try {
      await client.connect();
      return await run(client);
    } finally {
      client.disconnect();
    }
  }

  private async spawn(): Promise<void> {
    this.child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
    const answers = () => this.command((client) => client.ping()).then(() => true, () => false);
    await eventually(answers, { timeout: 5000, interval: 50 }).catch(() => {
      throw new Error(`redis-server did not start on port ${this.port}`);
    });
  }
}
