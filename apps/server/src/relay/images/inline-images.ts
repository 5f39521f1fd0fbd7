import type { JsonObject } from '../../providers/openai/request-body.js';
import { RelayError } from '../relay-error.js';
import { openAIInput, type RelayInput } from '../request-input.js';
import type { ImageFetcher } from './image-fetcher.js';

/** At most this many images are downloaded for one request, four at a time. */
const MAX_IMAGES = 16;
const PARALLEL = 4;

type ImagePart = { type?: unknown; image_url?: { url?: unknown } | string };

const isRemote = (url: unknown): url is string => typeof url === 'string' && /^https?:\/\//i.test(url);

const imageUrlOf = (part: ImagePart): unknown => (typeof part.image_url === 'string' ? part.image_url : part.image_url?.url);

/** Each image part of the chat messages, in order. */
function* imageParts(json: JsonObject): Generator<ImagePart> {
  if (!Array.isArray(json.messages)) return;
  for (const message of json.messages as { content?: unknown }[]) {
    if (!Array.isArray(message?.content)) continue;
    for (const part of message.content as ImagePart[]) if (part?.type === 'image_url') yield part;
  }
}

/** The distinct http(s) image URLs of a chat request. */
export function remoteImageUrls(json: JsonObject): string[] {
  const urls = new Set<string>();
  for (const part of imageParts(json)) {
    const url = imageUrlOf(part);
    if (isRemote(url)) urls.add(url);
  }
  return [...urls];
}

/** A copy of the request whose remote image URLs are replaced by the data URLs given for them. */
export function withDataUrls(json: JsonObject, dataUrls: ReadonlyMap<string, string>): JsonObject {
  const copy = structuredClone(json);
  for (const part of imageParts(copy)) {
    const url = imageUrlOf(part);
    const dataUrl = isRemote(url) ? dataUrls.get(url) : undefined;
    if (!dataUrl) continue;
    part.image_url = typeof part.image_url === 'object' ? { ...part.image_url, url: dataUrl } : { url: dataUrl };
  }
  return copy;
}

/**
 * The remote images of one hub request, downloaded at most once however many channels are tried, and only
 * when a channel's protocol needs the bytes. The hub request given back is the one given, with data URLs.
 */
export class RemoteImages {
  private inlined?: Promise<RelayInput>;

  private linked?: boolean;

  constructor(
    private readonly fetcher: ImageFetcher,
    private readonly input: RelayInput,
    /** Made on first use: most requests never download anything. */
    private readonly abortSignal: () => AbortSignal,
  ) {}

  /** Whether the request links to remote images at all (a scan of the parsed body, done once). */
  get present(): boolean {
    this.linked ??= !this.input.multipartBoundary && remoteImageUrls(this.input.json).length > 0;
    return this.linked;
  }

  inputWithImages(): Promise<RelayInput> {
    this.inlined ??= this.download();
    return this.inlined;
  }

  private async download(): Promise<RelayInput> {
    const urls = remoteImageUrls(this.input.json);
    if (urls.length > MAX_IMAGES) throw tooMany();
    const signal = this.abortSignal();
    const dataUrls = new Map<string, string>();
    for (let start = 0; start < urls.length; start += PARALLEL) {
      const batch = urls.slice(start, start + PARALLEL);
      const images = await Promise.all(batch.map((url) => this.fetcher.fetch(url, signal)));
      images.forEach((image, i) => dataUrls.set(batch[i] as string, `data:${image.mimeType};base64,${image.data.toString('base64')}`));
    }
    const json = withDataUrls(this.input.json, dataUrls);
    return openAIInput({ ...this.input, json, raw: Buffer.from(JSON.stringify(json)) });
  }
}

const tooMany = () => new RelayError(400, `a request may link to at most ${MAX_IMAGES} images`, 'too_many_images', 'invalid_request_error');
