import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, ProxyAgent, request, type Dispatcher } from 'undici';
import { RelayError } from '../relay-error.js';
import { isPublicAddress } from './public-address.js';

export interface ImageFetcherOptions {
  timeoutMs: number;
  maxBytes: number;
  /** Let URLs reach loopback and private networks (tests, or a gateway that must read an intranet). */
  allowPrivate: boolean;
  proxy?: string;
}

export interface FetchedImage {
  mimeType: string;
  data: Buffer;
}

const MAX_REDIRECTS = 3;

/**
 * Downloads the images a client linked to, for protocols that only take inline image data. Bounded in
 * time and size, images only, and by default never towards internal addresses: the resolved address is
 * checked when connecting, so a public name that resolves to a private address is refused too.
 */
export class ImageFetcher {
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: ImageFetcherOptions) {
    const guardedLookup: LookupFunction = (hostname, lookupOptions, callback) =>
      dns.lookup(hostname, { ...lookupOptions, all: false }, (error, address, family) => {
        if (!error && !options.allowPrivate && !isPublicAddress(address)) {
          callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EIMAGEBLOCKED' }), '', 0);
          return;
        }
        callback(error, address, family);
      });
    const common = { headersTimeout: options.timeoutMs, bodyTimeout: options.timeoutMs, connect: { lookup: guardedLookup, timeout: options.timeoutMs } };
    this.dispatcher = options.proxy ? new ProxyAgent({ uri: options.proxy, ...common }) : new Agent(common);
  }

  async fetch(url: string, signal: AbortSignal): Promise<FetchedImage> {
    let current = url;
    for (let hop = 0; hop <= MAX_REDIRECTS; hop += 1) {
      const response = await this.get(current, signal);
      const location = response.headers.location;
      if (response.statusCode >= 300 && response.statusCode < 400 && typeof location === 'string') {
        discard(response);
        current = new URL(location, current).toString();
        continue;
      }
      return this.read(url, response);
    }
    throw refused(url, 'too many redirects');
  }

  private async get(url: string, signal: AbortSignal): Promise<Dispatcher.ResponseData> {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw refused(url, 'not a valid URL');
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refused(url, 'only http and https image URLs can be fetched');
    // IP literals never go through the lookup, so they are checked here.
    const host = parsed.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !this.options.allowPrivate && !isPublicAddress(host)) throw refused(url, 'the address is internal');
    const deadline = AbortSignal.any([signal, AbortSignal.timeout(this.options.timeoutMs)]);
    try {
      return await request(parsed, { dispatcher: this.dispatcher, method: 'GET', headers: { accept: 'image/*' }, signal: deadline });
    } catch (error) {
      if (signal.aborted) throw error;
      const code = (error as { code?: string }).code;
      throw refused(url, code === 'EIMAGEBLOCKED' ? 'the address is internal' : deadline.aborted ? 'timed out' : (error as Error).message);
    }
  }

  private async read(url: string, response: Dispatcher.ResponseData): Promise<FetchedImage> {
    const mimeType = String(response.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (response.statusCode !== 200) {
      discard(response);
      throw refused(url, `the server answered ${response.statusCode}`);
    }
    if (!mimeType.startsWith('image/')) {
      discard(response);
      throw refused(url, `it is not an image (${mimeType || 'no content type'})`);
    }
    const declared = Number(response.headers['content-length'] ?? 0);
    if (declared > this.options.maxBytes) {
      discard(response);
      throw refused(url, `it is larger than ${this.options.maxBytes} bytes`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).length;
      if (size > this.options.maxBytes) {
        discard(response);
        throw refused(url, `it is larger than ${this.options.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    return { mimeType, data: Buffer.concat(chunks) };
  }

  close(): Promise<void> {
    return this.dispatcher.close();
  }
}

/** Drops an answer we will not read; the abort this causes inside undici is expected, not an error. */
function discard(response: Dispatcher.ResponseData) {
  response.body.on('error', () => undefined);
  response.body.destroy();
}

/** The client linked to an image we cannot use: its request is at fault, so no other channel is tried. */
const refused = (url: string, reason: string) =>
  new RelayError(400, `could not fetch the image ${url.length > 200 ? `${url.slice(0, 200)}…` : url}: ${reason}`, 'invalid_image_url', 'invalid_request_error');
