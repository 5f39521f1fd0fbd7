import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';

/** A free TCP port right now: the OS picks one and it is released for the caller to take. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * A redis-server of the test's own, on a free port and without persistence, so a test can stop it
 * (Redis unreachable) without touching the shared one.
 */
export class PrivateRedis {
  private process?: ChildProcess;
  port = 0;

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    this.port = await freePort();
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: ['ignore', 'pipe', 'inherit'] });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      child.once('error', reject);
      child.stdout?.on('data', (data: Buffer) => {
        if (data.toString().includes('Ready to accept connections')) resolve();
      });
    });
    return this;
  }

  async stop(): Promise<void> {
    const child = this.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
