import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { PNG_1X1 } from './canonical-request.js';

/**
 * A web server hosting the images clients link to: a PNG, an HTML page, an oversized image, a redirect
 * and a page that never answers. Counts the hits per path, so tests can see what was downloaded.
 */
export class FakeImageHost {
  readonly hits = new Map<string, number>();
  private readonly server = http.createServer((req, res) => {
    const path = req.url ?? '';
    this.hits.set(path, (this.hits.get(path) ?? 0) + 1);
    if (path === '/cat.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(PNG_1X1, 'base64'));
    if (path === '/page.html') return res.writeHead(200, { 'content-type': 'text/html' }).end('<html></html>');
    if (path === '/big.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.alloc(2 * 1024 * 1024));
    if (path === '/moved') return res.writeHead(302, { location: '/cat.png' }).end();
    if (path === '/slow.png') return; // never answers
    res.writeHead(404).end();
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
