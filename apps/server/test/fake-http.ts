import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A local HTTP endpoint standing in for Turnstile or a message pusher: records bodies, answers `reply`. */
export class FakeHttp {
  readonly received: string[] = [];
  reply: unknown = { success: true };
  private readonly server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.received.push(Buffer.concat(chunks).toString('utf8'));
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(this.reply));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
