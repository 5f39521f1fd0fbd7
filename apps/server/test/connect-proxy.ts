import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/**
 * A local HTTP proxy that only tunnels (HTTP CONNECT), as a RELAY_PROXY in front of websocket and TLS
 * upstreams does; it records the target of every tunnel it opened, so a test can tell that a call went
 * through it. Any plain HTTP request gets a 405.
 */
export class ConnectProxy {
  /** `host:port` of each tunnel opened, in order. */
  readonly tunnels: string[] = [];
  private readonly sockets = new Set<net.Socket>();
  private readonly server = http.createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async start(): Promise<this> {
    this.server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
      const target = req.url ?? '';
      const [host = '', port = ''] = target.split(':');
      this.tunnels.push(target);
      const upstream = net.connect(Number(port), host, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length > 0) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
      }
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
