import net from 'node:net';

/**
 * `count` TCP ports free on 127.0.0.1 now, distinct: the bench's servers listen on them, so a run does not
 * fail, or measure the wrong process, when another program (or another bench) holds a fixed port. Each is
 * asked of the kernel (port 0) and released just before use; another program taking one in between is
 * possible but rare, and fails the start loudly.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<net.Server>((resolve, reject) => {
          const server = net.createServer();
          server.once('error', reject);
          server.listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as net.AddressInfo).port);
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}
