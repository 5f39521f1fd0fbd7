import { createHash } from 'node:crypto';
import { Agent, interceptors, ProxyAgent, request, type Dispatcher } from 'undici';
import { ApiError, fail } from '../../http/errors.js';
import { nowSeconds } from '../../lib/random.js';
import { MAX_SOURCE_BYTES } from '../../relay/billing/price-source/parse-source.js';
import type { PriceSourceFile } from './price-source-file.repository.js';

export interface PriceSourceFetchOptions {
  /** PRICE_SOURCE_URL. */
  url: string;
  /** RELAY_PROXY: a gateway that reaches its upstreams through a proxy reaches GitHub through it too. */
  proxy?: string;
  /** For the whole download, headers and body. */
  timeoutMs: number;
}

/** Twenty seconds: the file is half a megabyte; a source slower than that is as good as unreachable. */
export const PRICE_SOURCE_TIMEOUT_MS = 20_000;

/**
 * Downloads the source's file, bounded in time and size (the size counted while reading, so a huge or endless
 * answer is cut off rather than held). Only the download: parsing and checking are the caller's. Each failure
 * is an ApiError naming the URL and what went wrong.
 */
export async function fetchPriceSourceFile(options: PriceSourceFetchOptions): Promise<PriceSourceFile> {
  const { url, timeoutMs } = options;
  const base = options.proxy ? new ProxyAgent(options.proxy) : new Agent();
  const dispatcher = base.compose(interceptors.redirect({ maxRedirections: 3 }));
  const deadline = AbortSignal.timeout(timeoutMs);
  const timedOut = () => fail('price_source.timeout', { url, seconds: timeoutMs / 1000 });
  try {
    let response: Dispatcher.ResponseData;
    try {
      response = await request(url, { dispatcher, method: 'GET', headers: { accept: 'application/json' }, signal: deadline });
    } catch (error) {
      throw deadline.aborted ? timedOut() : fail('price_source.unreachable', { url, detail: reasonOf(error) });
    }
    if (response.statusCode !== 200) throw fail('price_source.http_status', { url, status: response.statusCode });
    const tooLarge = () => fail('price_source.too_large', { url, megabytes: MAX_SOURCE_BYTES / 1024 / 1024 });
    if (Number(response.headers['content-length'] ?? 0) > MAX_SOURCE_BYTES) throw tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    try {
      for await (const chunk of response.body) {
        size += (chunk as Buffer).length;
        if (size > MAX_SOURCE_BYTES) throw tooLarge();
        chunks.push(chunk as Buffer);
      }
    } catch (error) {
      if (error instanceof ApiError) throw error;
      // The connection broke in the middle of the file.
      throw deadline.aborted ? timedOut() : fail('price_source.unreachable', { url, detail: reasonOf(error) });
    }
    const bytes = Buffer.concat(chunks);
    return { text: bytes.toString('utf8'), sha256: createHash('sha256').update(bytes).digest('hex'), url, fetchedAt: nowSeconds() };
  } finally {
    // Whatever was left unread (an error status, a body cut off) goes with the connection.
    await base.destroy().catch(() => undefined);
  }
}

/** A network error in its own words: `connect ECONNREFUSED 127.0.0.1:9`, `getaddrinfo ENOTFOUND host`. */
function reasonOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return cause && !error.message.includes(cause) ? `${error.message}: ${cause}` : error.message;
}
