import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConnectProxy } from '../../../test/connect-proxy.js';
import { ApiError } from '../../http/errors.js';
import { MAX_SOURCE_BYTES } from '../../relay/billing/price-source/parse-source.js';
import { fetchPriceSourceFile } from './fetch-price-source.js';

/** The download alone: through RELAY_PROXY, redirects followed, and bounded in size (while reading) and time. */
describe('fetching the price source file', () => {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  let sentWhenCut = 0;
  const server = http.createServer((request, response) => {
    if (request.url === '/data.json') return void response.end('[{"id":"x"}]');
    if (request.url === '/moved') return void response.writeHead(302, { location: '/data.json' }).end();
    if (request.url === '/silent') return; // never answers
    if (request.url === '/endless') {
      // No content-length: only counting while reading can stop it.
      let sent = 0;
      const write = () => {
        while (sent <= MAX_SOURCE_BYTES * 2) {
          sent += chunk.length;
          sentWhenCut = sent;
          if (!response.write(chunk)) return void response.once('drain', write);
        }
        response.end();
      };
      return write();
    }
    response.writeHead(404).end();
  });
  let base = '';
  const proxy = new ConnectProxy();

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await proxy.start();
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await proxy.stop();
  });

  const refusal = (promise: Promise<unknown>) => promise.then(() => expect.fail('fetched'), (error: unknown) => (error instanceof ApiError ? error.message : String(error)));

  it('downloads through RELAY_PROXY and follows a redirect, hashing the bytes', async () => {
    const file = await fetchPriceSourceFile({ url: `${base}/moved`, proxy: proxy.url, timeoutMs: 5000 });
    expect(file).toMatchObject({ text: '[{"id":"x"}]', sha256: createHash('sha256').update('[{"id":"x"}]').digest('hex'), url: `${base}/moved` });
    expect(proxy.tunnels.length).toBeGreaterThan(0);
  });

  it('cuts off a file larger than the cap while reading it', async () => {
    expect(await refusal(fetchPriceSourceFile({ url: `${base}/endless`, timeoutMs: 20_000 }))).toBe(`the price file at ${base}/endless is larger than 25 MB and is refused; the prices in force are kept`);
    // The server was stopped well before it sent twice the cap.
    expect(sentWhenCut).toBeLessThan(MAX_SOURCE_BYTES * 2);
  });

  it('gives up on a source that does not answer in time', async () => {
    expect(await refusal(fetchPriceSourceFile({ url: `${base}/silent`, timeoutMs: 300 }))).toBe(`the price source at ${base}/silent did not answer within 0.3 s; the prices in force are kept`);
  });

  it('names an error status', async () => {
    expect(await refusal(fetchPriceSourceFile({ url: `${base}/nothing`, timeoutMs: 5000 }))).toBe(`the price source at ${base}/nothing answered HTTP 404; the prices in force are kept`);
  });
});
